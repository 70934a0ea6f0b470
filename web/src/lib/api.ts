// Calls to the platform's API from the browser: JSON in and out, the crumb (CSRF) cookie repeated
// in the X-CSRF-Token header on unsafe calls, and the standard error body turned into an Error.
import { OwnerUiMessages } from '@sc/contracts';

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

function cookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Sends one request; resolves with the parsed JSON body or rejects with an ApiError. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const crumb = cookie('crumb');
  if (method !== 'GET' && crumb) headers['x-csrf-token'] = crumb;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new ApiError(OwnerUiMessages.networkError, 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (payload as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new ApiError(typeof message === 'string' ? message : OwnerUiMessages.somethingWentWrong, response.status);
  }
  return payload as T;
}
