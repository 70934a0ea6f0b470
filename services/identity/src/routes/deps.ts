// What the identity routes share: the password hasher, the login throttle and the settings.
import type { FastifyReply } from 'fastify';
import { AppError, type ServiceContext } from '@sc/platform';
import { PasswordHasher } from '../domain/password.js';
import { LoginThrottle } from '../domain/throttle.js';
import type { AccountMailService } from '../account-mail.service.js';
import type { IdentityDB } from '../identity.table.js';
import type { IdentitySettings } from '../settings.js';

export interface IdentityDeps {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  settings: IdentitySettings;
  /** Mails verification links on sign-up (set when the routes install the mailer). */
  accountMail?: AccountMailService;
}

/** The hasher and throttle of one service instance. */
export function identityDeps(ctx: ServiceContext<IdentityDB>, settings: IdentitySettings): IdentityDeps {
  return { hasher: new PasswordHasher(settings.scrypt), throttle: new LoginThrottle(ctx.cache, settings.throttle), settings };
}

/** Runs a sign-in; a throttled one gets a Retry-After header with its 429. */
export async function withRetryAfter<T>(reply: FastifyReply, deps: IdentityDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') reply.header('retry-after', String(deps.throttle.retryAfterSeconds));
    throw error;
  }
}
