// Requests per key per fixed window, shared by the replicas through Redis: the gateway's limit
// per client and the cart's writes per cart use it. Asking Redis on every request cost each one a
// round trip of its own (in bench/cart the Redis writes were as much of the gateway's CPU as its
// answers, and the largest part of the cart service's), so each process counts locally and,
// every flushMs, adds what it counted to the shared counters in one pipelined batch, learning the
// totals of all replicas. Within a process the count is exact; across replicas a key can pass the
// limit by what the other replicas counted since their last flush. Without Redis (embedded mode:
// one process) the local count is the whole count.
import type { Redis } from 'ioredis';

// INCRBY, and the expiry set by whoever made the key, in one step (a crash between the two would
// leave a counter that never expires).
const ADD = `local n = redis.call('INCRBY', KEYS[1], ARGV[1]) if n == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return n`;

/** Where the replicas' counts meet: answers each key's total after adding. */
export interface SharedCounters {
  add(batch: Array<{ key: string; count: number }>, ttlMs: number): Promise<number[]>;
}

/** Shared counters in Redis under `prefix`, one round trip per batch. */
export function redisCounters(client: Redis, prefix: string): SharedCounters {
  return {
    async add(batch, ttlMs) {
      const pipeline = client.pipeline();
      for (const { key, count } of batch) pipeline.eval(ADD, 1, prefix + key, count, ttlMs);
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
    },
  };
}

interface KeyState {
  /** The shared total as last learned (this process's flushed counts included). */
  shared: number;
  /** Counted here and being added to the shared counter now. */
  flushing: number;
  /** Counted here since the last flush began. */
  pending: number;
  expiresAt: number;
}

export interface WindowLimiterOptions {
  max: number;
  windowMs: number;
  /** Absent: this process's count is the whole count. */
  shared?: SharedCounters;
  flushMs?: number;
  now?: () => number;
  onFlushError?: (error: unknown) => void;
}

export class WindowLimiter {
  readonly #options: Required<Omit<WindowLimiterOptions, 'shared' | 'onFlushError'>> &
    Pick<WindowLimiterOptions, 'shared' | 'onFlushError'>;
  readonly #keys = new Map<string, KeyState>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #calls = 0;

  constructor(options: WindowLimiterOptions) {
    this.#options = { flushMs: 100, now: Date.now, ...options };
  }

  /** Counts one request of `key`; false when the key is over its limit for this window. */
  allow(key: string): boolean {
    const now = this.#options.now();
    if (++this.#calls % 1_000 === 0) this.#sweep(now);
    let state = this.#keys.get(key);
    if (!state || state.expiresAt <= now) {
      state = { shared: 0, flushing: 0, pending: 0, expiresAt: now + this.#options.windowMs };
      this.#keys.set(key, state);
    }
    state.pending++;
    if (this.#options.shared && !this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, this.#options.flushMs);
      this.#timer.unref();
    }
    return state.shared + state.flushing + state.pending <= this.#options.max;
  }

  /** Milliseconds until `key`'s window ends and it may go again (for Retry-After). */
  resetInMs(key: string): number {
    const state = this.#keys.get(key);
    return state ? Math.max(0, state.expiresAt - this.#options.now()) : 0;
  }

  /** Adds the counts gathered since the last flush to the shared counters (tests call it directly). */
  async flush(): Promise<void> {
    const shared = this.#options.shared;
    if (!shared) return;
    await this.#flushing;
    const batch: Array<{ key: string; count: number; state: KeyState }> = [];
    for (const [key, state] of this.#keys) {
      if (state.pending === 0) continue;
      state.flushing = state.pending;
      state.pending = 0;
      batch.push({ key, count: state.flushing, state });
    }
    if (batch.length === 0) return;
    const run = async () => {
      try {
        const totals = await shared.add(batch, this.#options.windowMs);
        batch.forEach(({ state }, i) => {
          state.shared = totals[i] ?? state.shared + state.flushing;
          state.flushing = 0;
        });
      } catch (error) {
        // Kept for the next flush; meanwhile this process goes on counting on its own.
        for (const { state } of batch) {
          state.pending += state.flushing;
          state.flushing = 0;
        }
        this.#options.onFlushError?.(error);
      }
    };
    const flushing = run();
    this.#flushing = flushing;
    await flushing;
    if (this.#flushing === flushing) this.#flushing = undefined;
  }

  /** Stops the flush timer (the counts of the last moments are not sent). */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #sweep(now: number): void {
    for (const [key, state] of this.#keys) if (state.expiresAt <= now && state.flushing === 0) this.#keys.delete(key);
  }
}
