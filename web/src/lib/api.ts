// The admin's calls to the API (through api/client.ts, which adds the crumb and reads failures):
// the standard error body's message shown as it is, else the SPEC's generic owner-side text.
import { OwnerUiMessages } from '@sc/contracts';
import { failureFrom, send, type Method } from '../api/client.js';

/** An API failure with the server's message (or the SPEC's generic owner-side text). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** What an owner is told of anything a call threw. */
export function ownerError(error: unknown): ApiError {
  const failure = failureFrom(error);
  if (failure.network) return new ApiError(OwnerUiMessages.networkError, 0);
  return new ApiError(failure.errorMessage || OwnerUiMessages.somethingWentWrong, failure.status);
}

/** Sends one request to a path made by apiPath(); resolves with the parsed JSON body or rejects with an ApiError. */
export async function api<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  try {
    return (await send(method, path, { json: body, ...(headers ? { headers } : {}) })) as T;
  } catch (error) {
    throw ownerError(error);
  }
}
