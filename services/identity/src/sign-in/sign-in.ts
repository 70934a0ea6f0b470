// The password check shared by site-user and owner sign-in: the attempt is counted first
// (atomically); past the account's limit it needs a solved captcha and, from an address that kept
// trying, a growing delay; then one scrypt verification on the bounded hashing pool whether or not
// the account exists, and the same answer for an unknown email and a wrong password.
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@sc/platform';
import { IdentityMessages } from '@sc/contracts';
import { HashPoolBusy } from '../passwords/hash-pool.js';
import type { PasswordHasher } from '../passwords/password.js';
import type { Attempt, LoginThrottle } from './throttle.js';

/** The website the sign-in captcha's challenges are issued for: one for site users and owners alike. */
export const SIGN_IN_CAPTCHA_SITE = '(sign-in)';
/** The throttle's website for owners, who sign in across websites. */
export const OWNERS_SIGN_IN_SITE = '(owners)';

/** A 429 of sign-in, with the Retry-After it answers (seconds), if any. */
export class SignInRefused extends AppError {
  override name = 'SignInRefused';
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, retryAfterSeconds: number | undefined, compat?: Record<string, unknown>) {
    super('RATE_LIMITED', message, compat ? { compat } : {});
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The account when `password` is its password; throws 429 (captcha needed, pool busy), 400 (captcha refused) or 401 (wrong). */
export async function checkPassword<T extends { password_hash: string }>(
  deps: { hasher: PasswordHasher; throttle: LoginThrottle },
  attempt: Attempt & { captchaToken?: string | undefined },
  account: T | undefined,
  password: string,
): Promise<T> {
  const admission = await deps.throttle.admit(attempt);
  if (admission.captchaRequired) {
    if (!attempt.captchaToken) throw new SignInRefused(IdentityMessages.captchaRequired, undefined, { captchaRequired: true });
    await deps.throttle.requireCaptcha(attempt.captchaToken, { websiteId: SIGN_IN_CAPTCHA_SITE, remoteIp: attempt.ip });
  }
  if (admission.delayMs > 0) await sleep(admission.delayMs);
  let ok: boolean;
  try {
    ok = account ? await deps.hasher.verify(password, account.password_hash) : await deps.hasher.verifyNobody(password);
  } catch (error) {
    if (error instanceof HashPoolBusy) throw new SignInRefused(IdentityMessages.signInBusy, 1);
    throw error;
  }
  if (!account || !ok) throw new AppError('UNAUTHORIZED', IdentityMessages.wrongCredentials);
  await deps.throttle.succeeded(attempt);
  return account;
}
