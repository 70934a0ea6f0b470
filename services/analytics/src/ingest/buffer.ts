// The bounded ingestion buffer. Calls answer 202 as soon as their records are in memory; the
// buffer writes them in batches (one transaction per batch) when enough wait or a short interval
// has passed. Nothing accepted is dropped: a failed batch goes back to the front and is retried
// with back-off, records being written still count against the bound, and once the bound is
// reached offer() refuses (the route answers 503) instead of throwing records away. drain() (on
// shutdown) writes everything that is left.
import type { Logger } from '@sc/platform';

export interface BufferOptions<T> {
  /** Records in memory at most (waiting plus being written). */
  capacity: number;
  /** Flush as soon as this many wait; also the most records one write takes. */
  batchSize: number;
  /** Flush what waits at least this often. */
  intervalMs: number;
  /** Writes one batch (all or nothing). */
  write(batch: T[]): Promise<void>;
  logger?: Logger;
  /** First retry delay after a failed write, doubled up to 5 s. */
  retryMs?: number;
  /** Records of one group (one call's, as offer() took them) always go into the same batch. */
  sameGroup?(a: T, b: T): boolean;
}

export class IngestBuffer<T> {
  readonly #options: BufferOptions<T>;
  #waiting: T[] = [];
  #writing = 0;
  #flushing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #retryDelay: number;
  #retryUntil = 0;
  #written = 0;
  #closed = false;

  constructor(options: BufferOptions<T>) {
    this.#options = options;
    this.#retryDelay = options.retryMs ?? 100;
  }

  /** Records accepted and not yet written. */
  get size(): number {
    return this.#waiting.length + this.#writing;
  }

  /** Records written since start. */
  get written(): number {
    return this.#written;
  }

  /** Whether offer() would take `count` more records now. */
  hasRoom(count: number): boolean {
    return !this.#closed && this.size + count <= this.#options.capacity;
  }

  /** Takes all of `records` or none (false: the buffer is full, or closed for shutdown). */
  offer(records: readonly T[]): boolean {
    if (records.length === 0) return true;
    if (this.#closed || this.size + records.length > this.#options.capacity) return false;
    for (const record of records) this.#waiting.push(record);
    if (this.#waiting.length >= this.#options.batchSize) this.#kick();
    return true;
  }

  /** Starts the interval flush. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.#kick(), this.#options.intervalMs);
    this.#timer.unref();
  }

  /** Refuses further records, then writes everything left (shutdown). */
  async close(deadline = Date.now() + 10_000): Promise<void> {
    this.#closed = true;
    await this.drain(deadline);
  }

  /** Stops the interval flush and writes everything left; gives up (logging what is lost) at `deadline`. */
  async drain(deadline = Date.now() + 10_000): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    while (this.size > 0) {
      this.#retryUntil = 0;
      await this.flush();
      if (this.#waiting.length === 0 && this.#writing === 0) break;
      if (Date.now() > deadline) {
        this.#options.logger?.error(
          { records: this.size },
          'analytics buffer could not be written before shutdown; these records are lost',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.#retryDelay, 1_000)));
    }
  }

  /** Writes what waits, batch by batch; one flush at a time (a second call joins the first). */
  flush(): Promise<void> {
    this.#flushing ??= this.#flushAll().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  #kick(): void {
    if (this.#flushing || Date.now() < this.#retryUntil || this.#waiting.length === 0) return;
    void this.flush();
  }

  /** Where the next batch ends: batchSize records, stretched to the end of the last one's group. */
  #batchEnd(): number {
    const options = this.#options;
    let end = options.batchSize;
    while (end < this.#waiting.length && options.sameGroup?.(this.#waiting[end - 1]!, this.#waiting[end]!)) end++;
    return end;
  }

  async #flushAll(): Promise<void> {
    while (this.#waiting.length > 0) {
      const take = this.#waiting.length <= this.#options.batchSize ? this.#waiting : this.#waiting.slice(0, this.#batchEnd());
      this.#waiting = take === this.#waiting ? [] : this.#waiting.slice(take.length);
      this.#writing = take.length;
      try {
        await this.#options.write(take);
        this.#written += take.length;
        this.#retryDelay = this.#options.retryMs ?? 100;
      } catch (error) {
        // Back to the front, in order: the next flush writes them first.
        this.#waiting = take.concat(this.#waiting);
        this.#options.logger?.warn({ err: error, records: take.length }, 'analytics batch write failed; retrying');
        this.#retryUntil = Date.now() + this.#retryDelay;
        this.#retryDelay = Math.min(this.#retryDelay * 2, 5_000);
        return;
      } finally {
        this.#writing = 0;
      }
    }
  }
}
