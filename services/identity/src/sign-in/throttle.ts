// Login throttling that cannot be turned against the account's owner. Every attempt is counted
// before its password is checked, with one atomic increment per key (a Lua INCR in Redis in
// cluster mode, one in-process counter per key in embedded mode), so N concurrent attempts never
// get more checks than N sequential ones. Three counts per window:
// - per account (email of one website and kind): past maxFailuresPerEmail, every further attempt
//   for the account, from any address, needs a solved captcha; the account is never locked, so
//   the right password with a solved captcha always signs in;
// - per (account, address): past the same limit, that address's attempts also wait a growing
//   delay (doubling, capped), which does not touch the owner signing in from elsewhere;
// - per address, across accounts: past maxFailuresPerIp, every attempt from it needs a captcha.
// A successful sign-in clears the account's counts and takes its own attempt back from the
// address's count, so that count is of failures (and attempts still in flight): many people
// signing in behind one address (an office, a shop's wifi) never meet the captcha.
import type { Cache, Captcha, CaptchaContext } from '@sc/platform';
import { sha256 } from '../domain/tokens.js';

export interface ThrottleSettings {
  /** How long attempts are remembered, from the first one. */
  windowMs: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  /** The first delay past the limit for one (account, address); it doubles up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  windowMs: 15 * 60_000,
  maxFailuresPerEmail: 10,
  maxFailuresPerIp: 50,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
};

export interface Attempt {
  scope: 'site-user' | 'owner';
  websiteId: string;
  email: string;
  ip: string;
}

export interface Admission {
  /** The attempt must carry a solved captcha. */
  captchaRequired: boolean;
  /** How long to wait before checking the password. */
  delayMs: number;
}

export class LoginThrottle {
  readonly #cache: Cache;
  readonly #settings: ThrottleSettings;
  readonly #captcha: Captcha | undefined;

  /** `captcha`: the site's own captcha (proof of work, or the hosted service configured). */
  constructor(cache: Cache, settings: ThrottleSettings, captcha?: Captcha) {
    this.#cache = cache;
    this.#settings = settings;
    this.#captcha = captcha;
  }

  /** Passes a solved captcha; 400 with the SPEC captcha messages otherwise. */
  async requireCaptcha(token: string, context: CaptchaContext): Promise<void> {
    if (!this.#captcha) throw new Error('sign-in needs a captcha but none is configured');
    await this.#captcha.require(token, context);
  }

  // Emails are hashed so the cache holds no addresses.
  #accountKey(attempt: Attempt): string {
    return `login:${attempt.scope}:email:${sha256(`${attempt.websiteId}\u0000${attempt.email.toLowerCase()}`)}`;
  }

  #pairKey(attempt: Attempt): string {
    return `login:${attempt.scope}:email-ip:${sha256(`${attempt.websiteId}\u0000${attempt.email.toLowerCase()}\u0000${attempt.ip}`)}`;
  }

  #ipKey(attempt: Attempt): string {
    return `login:${attempt.scope}:ip:${attempt.ip}`;
  }

  /** Counts the attempt (atomically, before any password check) and says what it must pass. */
  async admit(attempt: Attempt): Promise<Admission> {
    const { windowMs, maxFailuresPerEmail, maxFailuresPerIp, baseDelayMs = 250, maxDelayMs = 8_000 } = this.#settings;
    const [byAccount, byPair, byIp] = await Promise.all([
      this.#cache.increment(this.#accountKey(attempt), windowMs),
      this.#cache.increment(this.#pairKey(attempt), windowMs),
      this.#cache.increment(this.#ipKey(attempt), windowMs),
    ]);
    const past = byPair - maxFailuresPerEmail;
    return {
      captchaRequired: byAccount > maxFailuresPerEmail || byIp > maxFailuresPerIp,
      delayMs: past > 0 ? Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(past - 1, 20)) : 0,
    };
  }

  /** After the right password: forgets the account's failures and refunds this attempt to the address. */
  async succeeded(attempt: Attempt): Promise<void> {
    await Promise.all([
      this.#cache.delete(this.#accountKey(attempt)),
      this.#cache.delete(this.#pairKey(attempt)),
      this.#cache.decrement(this.#ipKey(attempt)),
    ]);
  }
}
