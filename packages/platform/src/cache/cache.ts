// The cache seen by services: strings with an optional time to live, and counters for rate limits.
// Redis (ioredis) in distributed mode, a Map in embedded mode.
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the key expires `ttlMs` after its first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * Takes 1 back from a live counter (keeping its expiry) and returns the new count. A counter
   * that is missing or has expired stays gone and a count never goes below 0: 0 is returned.
   */
  decrement(key: string): Promise<number>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
