// What the identity routes share: the password hasher (on the bounded hashing pool), the login
// throttle with the sign-in captcha, and the settings.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { Captcha, type CaptchaTables, type ServiceContext } from '@sc/platform';
import { IdentityMessages } from '@sc/contracts';
import { HashPool, HashPoolBusy } from '../domain/hash-pool.js';
import { PasswordHasher } from '../domain/password.js';
import { LoginThrottle } from '../domain/throttle.js';
import type { AccountMailService } from '../account-mail.service.js';
import type { IdentityDB } from '../identity.table.js';
import type { IdentitySettings } from '../settings.js';
import { SignInRefused } from '../sign-in.js';

export interface IdentityDeps {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  captcha: Captcha;
  pool: HashPool;
  settings: IdentitySettings;
  /** Mails verification links on sign-up (set when the routes install the mailer). */
  accountMail?: AccountMailService;
}

/** The hasher, pool, captcha and throttle of one service instance (the pool closes with the app). */
export function identityDeps(ctx: ServiceContext<IdentityDB>, settings: IdentitySettings): IdentityDeps {
  const pool = new HashPool(settings.hashPool);
  const captchaDb = ctx.db as unknown as Kysely<CaptchaTables>;
  const captcha = Captcha.fromEnv(captchaDb, process.env, settings.captchaDifficulty === undefined ? {} : { difficulty: settings.captchaDifficulty });
  return {
    hasher: new PasswordHasher(settings.scrypt, (task) => pool.scrypt(task)),
    throttle: new LoginThrottle(ctx.cache, settings.throttle, captcha),
    captcha,
    pool,
    settings,
  };
}

/**
 * Runs work that hashes or checks a password (sign-in, sign-up, a new password): a refused sign-in
 * gets its Retry-After header with its 429, and so does a full hashing queue, which is a 429 for
 * every route that hashes (not a 500).
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    const error = caught instanceof HashPoolBusy ? new SignInRefused(IdentityMessages.signInBusy, 1) : caught;
    if (error instanceof SignInRefused && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
