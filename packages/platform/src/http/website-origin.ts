// The public origin of a website: where links in mail, feeds, sitemaps and canonical tags point.
// It is made from configuration only, never from request headers (a forged Host or
// X-Forwarded-Host must not put an attacker's host into a mail we send): PUBLIC_URL gives the
// scheme and, when not the default, the port under which websites are served; the host is one of
// the website's own domains. The gateway decides it once per request (from a domain the content
// service confirmed belongs to the website) and signs it into the identity; services read it
// with publicOriginOf(request).

/** PUBLIC_URL when unset: the embedded platform's default address. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

// A host name (letters, digits, hyphens, dots) or a bracketed IPv6 literal: nothing else is put in a URL.
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** Whether `domain` is a host name websiteOrigin puts into a URL (not a path, port or credentials). */
export function isWebsiteDomain(domain: string | null | undefined): domain is string {
  const host = domain?.trim().toLowerCase().replace(/\.$/, '');
  return !!host && host.length <= 253 && DOMAIN.test(host);
}

/**
 * The origin of a website served under `publicUrl` (scheme and port) at `domain`; `publicUrl`'s
 * own origin when the website has no usable domain.
 */
export function websiteOrigin(publicUrl: string, domain?: string | null): string {
  const base = new URL(publicUrl);
  if (!isWebsiteDomain(domain)) return base.origin;
  const host = domain.trim().toLowerCase().replace(/\.$/, '');
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`;
}

/** Whether a value is a bare http(s) origin (scheme, host, optional port; no path, query or credentials). */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 300 || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}
