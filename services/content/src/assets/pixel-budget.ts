// A weighted semaphore over pixels: decodes of uploads take their image's pixel count from a
// budget and wait while the images being decoded already hold it. Decoding memory is about a few
// bytes per pixel at most (a turn by 90°, a WebP encode), so a budget of one largest image keeps
// two 50-megapixel uploads from being in memory at once, while many small ones run side by side.

export class PixelBudget {
  #free: number;
  readonly #waiting: Array<{ pixels: number; start: () => void }> = [];

  constructor(readonly capacity: number) {
    this.#free = capacity;
  }

  /** Runs `work` once `pixels` (at most the whole budget) are free; gives them back after. */
  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    const wanted = Math.min(Math.max(1, pixels), this.capacity);
    if (this.#waiting.length > 0 || this.#free < wanted) {
      // First come, first served: a large image is not starved by a stream of small ones.
      await new Promise<void>((start) => this.#waiting.push({ pixels: wanted, start }));
    } else {
      this.#free -= wanted;
    }
    try {
      return await work();
    } finally {
      this.#free += wanted;
      this.#wake();
    }
  }

  #wake(): void {
    while (this.#waiting.length > 0 && this.#free >= this.#waiting[0]!.pixels) {
      const next = this.#waiting.shift()!;
      this.#free -= next.pixels;
      next.start();
    }
  }
}
