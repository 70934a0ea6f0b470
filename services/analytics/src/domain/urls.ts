// Pages and referrers as reports show them: a page is its path (no query, no fragment: those
// carry tokens and search terms), a referrer is the host of another site. Every tracking call
// goes through here, so plain string work stands in for the URL parser (a fifth of its cost).
const MAX_PATH = 500;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const HTTP_HOST = /^https?:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]+)/i;

/** The path of a page URL (absolute or relative), cut to 500 characters; '/' when it has none. */
export function pathOf(url: string): string {
  const rest = url.replace(ORIGIN, '');
  const end = rest.search(/[?#]/);
  let path = end === -1 ? rest : rest.slice(0, end);
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
}

/** The host of an absolute http(s) URL, lower case without 'www.'; undefined otherwise. */
export function hostOf(url: string | undefined): string | undefined {
  const host = url === undefined ? undefined : HTTP_HOST.exec(url)?.[1];
  return host ? host.toLowerCase().replace(/^www\./, '') : undefined;
}

/** The referrer's host when it is another site than the page's; null for none or internal. */
export function externalReferrer(referrer: string | undefined, pageUrl: string, requestHost: string | undefined): string | null {
  const host = hostOf(referrer);
  if (!host) return null;
  const own =
    hostOf(pageUrl) ??
    (requestHost
      ? requestHost
          .toLowerCase()
          .replace(/:\d+$/, '')
          .replace(/^www\./, '')
      : undefined);
  return host === own ? null : host;
}
