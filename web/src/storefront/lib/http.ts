// The storefront's calls, through api/client.ts (JSON in and out, the crumb on unsafe calls, every
// failure in one shape the islands map to SPEC 8 messages), plus the signed-in site user's
// X-SiteUser-XSRF-Token (SPEC 6: after login requests carry it).
import { apiPath, failureFrom, RequestFailed, send, type Failure } from '../../api/client.js';
import { siteUserInfo } from './dom.js';

export { failureFrom, RequestFailed, type Failure };

const XSRF_KEY = 'sc-siteuser-xsrf';
let xsrf: string | undefined;

/** Keeps the XSRF token of the site user's session (given by sign-in and sign-up). */
export function rememberXsrf(token: string | undefined): void {
  xsrf = token;
  try {
    if (token) sessionStorage.setItem(XSRF_KEY, token);
    else sessionStorage.removeItem(XSRF_KEY);
  } catch {
    // Storage may be off; the token then lives for this page only.
  }
}

async function xsrfToken(): Promise<string | undefined> {
  if (xsrf) return xsrf;
  try {
    xsrf = sessionStorage.getItem(XSRF_KEY) ?? undefined;
  } catch {
    xsrf = undefined;
  }
  if (xsrf) return xsrf;
  // A page of a signed-in visitor that has not seen the token yet (new tab): ask for it.
  const body = (await send('GET', apiPath('/site-users/account/session')).catch(() => undefined)) as { xsrfToken?: unknown } | undefined;
  if (typeof body?.xsrfToken === 'string') rememberXsrf(body.xsrfToken);
  return xsrf;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Form-encoded body instead of JSON. */
  form?: URLSearchParams;
  keepalive?: boolean;
  timeoutMs?: number;
}

/** One call to a path made by apiPath(); resolves with the parsed JSON (undefined for an empty body) or rejects with RequestFailed. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (method !== 'GET' && siteUserInfo().authenticated) {
    const token = await xsrfToken();
    if (token) headers['x-siteuser-xsrf-token'] = token;
  }
  return (await send(method, path, {
    json: body,
    headers,
    ...(options.form ? { form: options.form } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })) as T;
}
