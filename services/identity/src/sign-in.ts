// The password check shared by site-user and owner sign-in: throttle first, then one scrypt
// verification whether or not the account exists, then the same answer for an unknown email and
// a wrong password.
import { AppError } from '@sc/platform';
import { IdentityMessages } from '@sc/contracts';
import type { PasswordHasher } from './domain/password.js';
import type { Attempt, LoginThrottle } from './domain/throttle.js';

/** The account when `password` is its password; throws 429 (throttled) or 401 (wrong) otherwise. */
export async function checkPassword<T extends { password_hash: string }>(
  deps: { hasher: PasswordHasher; throttle: LoginThrottle },
  attempt: Attempt,
  account: T | undefined,
  password: string,
): Promise<T> {
  if (await deps.throttle.blocked(attempt)) {
    throw new AppError('RATE_LIMITED', IdentityMessages.tooManyAttempts);
  }
  const ok = account ? await deps.hasher.verify(password, account.password_hash) : await deps.hasher.verifyNobody(password);
  if (!account || !ok) {
    await deps.throttle.failed(attempt);
    throw new AppError('UNAUTHORIZED', IdentityMessages.wrongCredentials);
  }
  await deps.throttle.succeeded(attempt);
  return account;
}
