// Login throttling: failed sign-ins are counted per email (of one website, per kind of account)
// and per client IP in the shared cache (Redis in distributed mode, so every replica sees the
// same counts). Past the limit, sign-in answers 429 until the window ends, even with the right
// password, so guessing costs a whole window per few tries. A success clears the email's count.
import type { Cache } from '@sc/platform';
import { sha256 } from './tokens.js';

export interface ThrottleSettings {
  /** How long a run of failures is remembered, from the first one. */
  windowMs: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = { windowMs: 15 * 60_000, maxFailuresPerEmail: 10, maxFailuresPerIp: 50 };

export interface Attempt {
  scope: 'site-user' | 'owner';
  websiteId: string;
  email: string;
  ip: string;
}

export class LoginThrottle {
  readonly #cache: Cache;
  readonly #settings: ThrottleSettings;

  constructor(cache: Cache, settings: ThrottleSettings) {
    this.#cache = cache;
    this.#settings = settings;
  }

  get retryAfterSeconds(): number {
    return Math.ceil(this.#settings.windowMs / 1000);
  }

  // Emails are hashed so the cache holds no addresses.
  #emailKey(attempt: Attempt): string {
    return `login:${attempt.scope}:email:${sha256(`${attempt.websiteId}\u0000${attempt.email}`)}`;
  }

  #ipKey(attempt: Attempt): string {
    return `login:${attempt.scope}:ip:${attempt.ip}`;
  }

  /** True when this email or IP has failed too often in the current window. */
  async blocked(attempt: Attempt): Promise<boolean> {
    const [byEmail, byIp] = await Promise.all([this.#cache.get(this.#emailKey(attempt)), this.#cache.get(this.#ipKey(attempt))]);
    return Number(byEmail ?? 0) >= this.#settings.maxFailuresPerEmail || Number(byIp ?? 0) >= this.#settings.maxFailuresPerIp;
  }

  async failed(attempt: Attempt): Promise<void> {
    await Promise.all([
      this.#cache.increment(this.#emailKey(attempt), this.#settings.windowMs),
      this.#cache.increment(this.#ipKey(attempt), this.#settings.windowMs),
    ]);
  }

  async succeeded(attempt: Attempt): Promise<void> {
    await this.#cache.delete(this.#emailKey(attempt));
  }
}
