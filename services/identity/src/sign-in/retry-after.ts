// Routes that hash or check a password answer a refusal with its Retry-After header.
import type { FastifyReply } from 'fastify';
import { IdentityMessages } from '@sc/contracts';
import { HashPoolBusy } from '../passwords/hash-pool.js';
import { SignInRefused } from './sign-in.js';

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
    if (error instanceof SignInRefused && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
