// A bounded pool of threads for password hashing (piscina): at most `threads` hashes run at once,
// at most `maxQueue` wait, and past that a sign-in is refused at once (429 with Retry-After)
// instead of queueing without bound. Hashing off the main thread and off libuv's threadpool keeps
// every other request's latency during a burst of sign-ins (bench/security/signin-burst.ts).
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

export interface HashPoolOptions {
  /** Hashes run at once (default: the number of cores less one, at least one). */
  threads: number;
  /** Hashes that may wait for a thread. */
  maxQueue: number;
}

export const defaultHashPool = (): HashPoolOptions => {
  const threads = Math.max(1, availableParallelism() - 1);
  return { threads, maxQueue: 8 * threads };
};

/** Thrown when every thread is busy and the queue is full. */
export class HashPoolBusy extends Error {
  override name = 'HashPoolBusy';
}

export interface ScryptTask {
  password: string;
  salt: Buffer;
  length: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export class HashPool {
  readonly #pool: Piscina<ScryptTask, Uint8Array>;

  constructor(options: HashPoolOptions) {
    this.#pool = new Piscina({
      filename: new URL('./scrypt.worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.maxQueue,
      idleTimeout: 30_000,
      // The worker is plain JavaScript: it must not inherit `--import tsx` from a source run
      // (`pnpm start`). tsx would start an esbuild child from each new thread, and a thread that
      // ends after its idle timeout never reaps it: one defunct esbuild per idle sign-in burst.
      execArgv: [],
    });
  }

  /** scrypt on a pool thread; HashPoolBusy when the queue is full. */
  async scrypt(task: ScryptTask): Promise<Buffer> {
    try {
      const key = await this.#pool.run(task);
      return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
    } catch (error) {
      if (error instanceof Error && error.message === 'Task queue is at limit')
        throw new HashPoolBusy('the password hashing queue is full', { cause: error });
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
