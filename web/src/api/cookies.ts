// The one way the web app reads a cookie (the crumb, the cart, the visitor's choices): the
// document's cookie string split at ';', the value percent-decoded, a malformed one ignored.

/** A cookie's value, or undefined. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
