// The one way a service or the gateway reads a request cookie: the Cookie header parsed by the
// `cookie` library (RFC 6265 rules, percent-decoding that never throws), once per request and only
// when a step first asks, the parsed jar kept beside the request object.
import { parse } from 'cookie';

type CookieCarrier = { readonly headers: { readonly cookie?: string | undefined } };

const NONE: Readonly<Record<string, string | undefined>> = Object.freeze({});
const jars = new WeakMap<CookieCarrier, Readonly<Record<string, string | undefined>>>();

/** The value of cookie `name` on this request, or undefined. */
export function cookieOf(request: CookieCarrier, name: string): string | undefined {
  let jar = jars.get(request);
  if (!jar) {
    const header = request.headers.cookie;
    jar = header ? parse(header) : NONE;
    jars.set(request, jar);
  }
  return jar[name];
}
