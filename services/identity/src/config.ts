// The identity service's own settings: login throttling from the environment (validated once at
// build, like every configuration), the password cost, and session lifetimes.
import { loadConfig } from '@sc/platform';
import { z } from 'zod';
import { defaultHashPool, type HashPoolOptions } from './passwords/hash-pool.js';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './passwords/password.js';
import { DEFAULT_THROTTLE, type ThrottleSettings } from './sign-in/throttle.js';

const count = z.coerce.number().int().positive();

export const IdentityEnv = z.object({
  LOGIN_THROTTLE_WINDOW_MS: count.default(DEFAULT_THROTTLE.windowMs),
  LOGIN_MAX_FAILURES_PER_EMAIL: count.default(DEFAULT_THROTTLE.maxFailuresPerEmail),
  LOGIN_MAX_FAILURES_PER_IP: count.default(DEFAULT_THROTTLE.maxFailuresPerIp),
  /** Password hashes run at once (default: cores - 1, at least 1) and how many may wait. */
  PASSWORD_HASH_THREADS: count.optional(),
  PASSWORD_HASH_QUEUE: count.optional(),
});

export interface IdentitySettings {
  throttle: ThrottleSettings;
  scrypt: ScryptCost;
  hashPool: HashPoolOptions;
  /** The sign-in captcha's proof-of-work difficulty (default: CAPTCHA_POW_DIFFICULTY). */
  captchaDifficulty?: number;
  /** Server-side lifetime of a "remember me" session (its cookie lives as long). */
  rememberMs: number;
  /** Server-side lifetime of a session whose cookie ends with the browser session. */
  sessionMs: number;
}

/** SPEC 4/7: rememberMe keeps the visitor signed in for 30 days. */
export const REMEMBER_MS = 30 * 24 * 3600_000;
const BROWSER_SESSION_MS = 24 * 3600_000;

/** The settings from the environment, with `overrides` (tests) on top. */
export function identitySettings(overrides: Partial<IdentitySettings> = {}, env: NodeJS.ProcessEnv = process.env): IdentitySettings {
  const parsed = loadConfig(IdentityEnv, env);
  const pool = defaultHashPool();
  const threads = parsed.PASSWORD_HASH_THREADS ?? pool.threads;
  return {
    throttle: {
      windowMs: parsed.LOGIN_THROTTLE_WINDOW_MS,
      maxFailuresPerEmail: parsed.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: parsed.LOGIN_MAX_FAILURES_PER_IP,
    },
    hashPool: { threads, maxQueue: parsed.PASSWORD_HASH_QUEUE ?? 8 * threads },
    scrypt: DEFAULT_SCRYPT_COST,
    rememberMs: REMEMBER_MS,
    sessionMs: BROWSER_SESSION_MS,
    ...overrides,
  };
}
