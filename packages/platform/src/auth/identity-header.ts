// The signed identity header. The gateway resolves who a request comes from and sends it as
// base64url JSON (x-sc-identity) with an HMAC-SHA256 of that text (x-sc-identity-signature).
// A service believes the header only when the signature matches its IDENTITY_SIGNING_KEY, the
// request id and website are the ones of the request it arrived with, and it is fresh: a copy
// lifted from one request cannot be replayed on another.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, Identity } from '@sc/contracts';

/** How old (or how far in the future, for clock skew) a header may be. */
export const IDENTITY_MAX_AGE_MS = 60_000;
// Far larger than any real identity; a bigger header is refused before it is decoded.
const MAX_HEADER_LENGTH = 8_192;

export type IdentityHeaders = Record<typeof IDENTITY_HEADER | typeof IDENTITY_SIGNATURE_HEADER, string>;

function mac(value: string, key: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Encodes and signs an identity for forwarding (the gateway's side). */
export function signIdentity(identity: Identity, key: string): IdentityHeaders {
  const value = Buffer.from(JSON.stringify(identity)).toString('base64url');
  return { [IDENTITY_HEADER]: value, [IDENTITY_SIGNATURE_HEADER]: mac(value, key) };
}

export interface VerifyIdentityOptions {
  /** IDENTITY_SIGNING_KEY; without one nothing verifies. */
  key: string | undefined;
  /** The id of the request the header arrived with (X-Request-Id, set by the gateway). */
  requestId: string;
  /**
   * The website of the request the header arrived with (X-Website-Id, set by the gateway), when it
   * carries one: the identity must then be for that website. Without it the identity's own
   * website is the request's.
   */
  websiteId?: string | undefined;
  now?: number;
  maxAgeMs?: number;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value);

/** The identity in `headers` when its signature and binding check out; undefined otherwise. */
export function verifyIdentity(
  headers: Record<string, string | string[] | undefined>,
  options: VerifyIdentityOptions,
): Identity | undefined {
  const value = single(headers[IDENTITY_HEADER]);
  const signature = single(headers[IDENTITY_SIGNATURE_HEADER]);
  if (!options.key || !value || !signature || value.length > MAX_HEADER_LENGTH) return undefined;
  const expected = Buffer.from(mac(value, options.key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = Identity.safeParse(decoded);
  if (!parsed.success) return undefined;
  const identity = parsed.data;
  const age = (options.now ?? Date.now()) - identity.issuedAt;
  const maxAge = options.maxAgeMs ?? IDENTITY_MAX_AGE_MS;
  if (age > maxAge || age < -maxAge) return undefined;
  if (identity.requestId !== options.requestId) return undefined;
  if (options.websiteId !== undefined && identity.websiteId !== options.websiteId) return undefined;
  return identity;
}

/**
 * The headers of a call from one service to another (render asking content, the gateway asking
 * identity or content): a fresh request id and a visitor's identity for `websiteId`, signed with
 * the shared key, so the callee takes it like any request that came through the gateway.
 */
export function serviceCallHeaders(key: string | undefined, websiteId: string, requestId: string = randomUUID()): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': requestId, 'x-website-id': websiteId };
  if (!key) return headers;
  return { ...headers, ...signIdentity({ v: 1, kind: 'visitor', websiteId, requestId, issuedAt: Date.now(), roles: [] }, key) };
}
