// One service's replicas as the gateway sees them: an undici Pool per replica (keep-alive
// connections), taken in turn, with failover. undici's BalancedPool was the first choice (it is
// the same library, already a dependency) but it fits only half the job: it balances by weights it
// lowers after errors, yet a request that fails is not sent elsewhere, and it cannot say whether a
// failed request reached the service. Here a replica that refuses connections is left out for a
// moment, and a request is tried on the next replica only when that cannot apply a write twice:
// - any method when the connection was never made (refused, connect timeout): nothing was sent;
// - GET, HEAD and OPTIONS also when the connection broke before an answer, or when a replica that
//   is shutting down answers 503 (never a POST, PUT, PATCH or DELETE that may have been applied);
// - a write with an Idempotency-Key to a route that keeps one answer per key (`keyedWrites`: the
//   cart's checkout, donations, refunds, gift cards) also when its connection broke: the service
//   runs it at most once per key, so the other replica either runs it (the first never did), takes
//   the key over after its lease, or answers the stored answer (issue 39: the 502 of a checkout in
//   flight on a killed cart replica was 1 of the 2 failed requests of a 1.33 % run);
// - never a streamed body (an upload), which cannot be sent twice.
// A replica whose connection broke is also passed over for a moment, like one that refused: a
// killed replica's kept-alive sockets are not noticed closed at once on a busy machine, and a
// write sent on one of them fails although nothing ever read it.
import { Pool, type Dispatcher } from 'undici';

/** How long a replica that refused a connection is passed over (then tried again). */
const DOWN_MS = 1_000;

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const BROKEN = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const codeOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
  const inner = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof inner === 'string' ? inner : typeof code === 'string' ? code : undefined;
};

/** Whether `error` means the request never reached the replica (safe to send anywhere again). */
export const neverSent = (error: unknown): boolean => CONNECT_FAILURES.has(codeOf(error) ?? '');

interface Replica {
  url: string;
  pool: Pool;
  downUntil: number;
}

export interface UpstreamStats {
  /** Requests sent again to another replica, by why. */
  retried: Record<'refused' | 'broken' | 'draining', number>;
}

export interface UpstreamOptions {
  /** The paths whose writes keep one answer per Idempotency-Key (sent again when their connection broke); none by default. */
  keyedWrites?: (path: string) => boolean;
}

/** Whether the request carries an Idempotency-Key (a non-empty one). */
const hasKey = (headers: Dispatcher.RequestOptions['headers']): boolean => {
  if (!headers || Array.isArray(headers) || typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') return false;
  const value = (headers as Record<string, string | string[] | undefined>)['idempotency-key'];
  return typeof value === 'string' && value !== '';
};

export class UpstreamPool {
  readonly #replicas: Replica[];
  readonly #keyedWrites: (path: string) => boolean;
  #next = 0;
  readonly stats: UpstreamStats = { retried: { refused: 0, broken: 0, draining: 0 } };

  constructor(urls: readonly string[], options: Pool.Options, upstream: UpstreamOptions = {}) {
    if (urls.length === 0) throw new Error('an upstream needs at least one address');
    this.#replicas = urls.map((url) => ({ url, pool: new Pool(url, options), downUntil: 0 }));
    this.#keyedWrites = upstream.keyedWrites ?? (() => false);
  }

  get urls(): string[] {
    return this.#replicas.map((replica) => replica.url);
  }

  /** The replicas to try, in order: the next in turn first, those recently down last. */
  #order(): Replica[] {
    const n = this.#replicas.length;
    if (n === 1) return this.#replicas;
    const start = this.#next++ % n;
    const now = Date.now();
    const turn = Array.from({ length: n }, (_, i) => this.#replicas[(start + i) % n]!);
    return [...turn.filter((r) => r.downUntil <= now), ...turn.filter((r) => r.downUntil > now)];
  }

  /** Sends the request to one replica, and to the next ones while that is safe (see above). */
  async request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    const replicas = this.#order();
    const method = options.method.toUpperCase();
    const resendable =
      options.body === undefined || options.body === null || Buffer.isBuffer(options.body) || typeof options.body === 'string';
    // Safe to send again after a broken connection: reads, and writes the service answers once per key.
    const againAfterBreak = SAFE_METHODS.has(method) || (hasKey(options.headers) && this.#keyedWrites(options.path.split('?')[0]!));
    for (let i = 0; ; i++) {
      const replica = replicas[i]!;
      const last = i === replicas.length - 1 || !resendable;
      try {
        const response = await replica.pool.request(options);
        if (!last && response.statusCode === 503 && SAFE_METHODS.has(method) && response.headers.connection === 'close') {
          // A replica that is shutting down (its answer closes the connection): ask the next.
          await response.body.dump();
          this.stats.retried.draining += 1;
          continue;
        }
        return response;
      } catch (error) {
        const code = codeOf(error);
        if (CONNECT_FAILURES.has(code ?? '')) {
          replica.downUntil = Date.now() + DOWN_MS;
          if (last) throw error;
          this.stats.retried.refused += 1;
          continue;
        }
        if (BROKEN.has(code ?? '')) {
          replica.downUntil = Date.now() + DOWN_MS;
          if (!last && againAfterBreak) {
            this.stats.retried.broken += 1;
            continue;
          }
        }
        throw error;
      }
    }
  }

  close(): Promise<void> {
    return Promise.all(this.#replicas.map((replica) => replica.pool.close())).then(() => undefined);
  }
}
