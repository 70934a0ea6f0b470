// The storefront's calls: JSON in and out, the crumb cookie repeated in X-CSRF-Token on unsafe
// calls, the signed-in site user's X-SiteUser-XSRF-Token (SPEC 6: after login requests carry it),
// and every failure turned into one shape the islands map to SPEC 8 messages.
import { readCookie, siteUserInfo } from './dom.js';

/** A failed call as the islands see it. */
export interface Failure {
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** The gateway's crumb (CSRF) check failed (SPEC 8 session / cookies messages). */
  crumbFail: boolean;
  /** The server's message, '' when it gave none. */
  message: string;
  /** Field id → message (form validation, 400). */
  errors: Record<string, string> | null;
  network: boolean;
}

export class RequestFailed extends Error {
  override name = 'RequestFailed';
  constructor(readonly failure: Failure) {
    super(failure.message || `HTTP ${failure.status}`);
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
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
  const response = await fetch('/api/site-users/account/session', { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => undefined);
  const body = (await response?.json().catch(() => undefined)) as { xsrfToken?: unknown } | undefined;
  if (typeof body?.xsrfToken === 'string') rememberXsrf(body.xsrfToken);
  return xsrf;
}

function failureOf(status: number, body: unknown): Failure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const error = (typeof b.error === 'object' && b.error !== null ? b.error : {}) as Record<string, unknown>;
  const message = typeof b.message === 'string' ? b.message : typeof error.message === 'string' ? error.message : typeof b.error === 'string' ? b.error : '';
  const errors = (b.errors ?? error.fields) as Record<string, string> | undefined;
  return {
    status,
    crumbFail: b.crumbFail === true || error.code === 'CRUMB_FAIL',
    message,
    errors: typeof errors === 'object' && errors !== null ? errors : null,
    network: false,
  };
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Form-encoded body instead of JSON. */
  form?: URLSearchParams;
  keepalive?: boolean;
  timeoutMs?: number;
}

/** One call; resolves with the parsed JSON (undefined for an empty body) or rejects with RequestFailed. */
export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (options.form) {
    payload = options.form;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (UNSAFE.has(method)) {
    const crumb = readCookie('crumb');
    if (crumb) headers['x-csrf-token'] = crumb;
    if (siteUserInfo().authenticated) {
      const token = await xsrfToken();
      if (token) headers['x-siteuser-xsrf-token'] = token;
    }
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    });
  } catch {
    throw new RequestFailed({ status: 0, crumbFail: false, message: '', errors: null, network: true });
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new RequestFailed(failureOf(response.status, parsed));
  return parsed as T;
}

/** The Failure of anything a call threw. */
export function failureFrom(error: unknown): Failure {
  if (error instanceof RequestFailed) return error.failure;
  return { status: 0, crumbFail: false, message: '', errors: null, network: true };
}
