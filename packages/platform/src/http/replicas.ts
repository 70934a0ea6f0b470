// Reads from another service that may run as several replicas (its URL setting a comma list):
// each call goes to the next replica in turn, and to the one after when a replica cannot be
// reached (connection refused, reset); a replica that failed is passed over for a second. Only
// for calls that change nothing (reads, lookups), which are safe to make twice; a call that timed
// out is not made again (that would only double the wait). The gateway's forwarding has its own
// pools (gateway/src/upstream.ts), which also know which writes may be sent again.

/** A comma list of base URLs, as <SERVICE>_URL settings hold them. */
export const replicaUrls = (list: string): string[] =>
  list
    .split(',')
    .map((url) => url.trim().replace(/\/$/, ''))
    .filter((url) => url !== '');

export class ReplicaFetch {
  readonly #replicas: Array<{ url: string; downUntil: number }>;
  #next = 0;

  constructor(urls: string | readonly string[]) {
    const list = typeof urls === 'string' ? replicaUrls(urls) : urls;
    if (list.length === 0) throw new Error('no replica address');
    this.#replicas = list.map((url) => ({ url, downUntil: 0 }));
  }

  /** fetch(`<replica>${path}`) with a timeout per attempt, on the next replica while one cannot be reached. */
  async fetch(path: string, init: RequestInit & { timeoutMs: number }): Promise<Response> {
    const { timeoutMs, ...rest } = init;
    const n = this.#replicas.length;
    const start = this.#next++ % n;
    const now = Date.now();
    const turn = Array.from({ length: n }, (_, i) => this.#replicas[(start + i) % n]!);
    const order = [...turn.filter((r) => r.downUntil <= now), ...turn.filter((r) => r.downUntil > now)];
    for (let i = 0; ; i++) {
      const replica = order[i]!;
      try {
        return await fetch(`${replica.url}${path}`, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        if (!timedOut) replica.downUntil = Date.now() + 1_000;
        if (timedOut || i === order.length - 1) throw error;
      }
    }
  }
}
