// The gateway's environment: where each service is, and the rate limits.
import { BaseEnv, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS, httpUrl, optional, port, type ServiceName } from '@sc/platform';
import { z } from 'zod';

/** One service's address, or its replicas' addresses as a comma list (the gateway balances over them). */
const urlList = z
  .string()
  .refine((v) => v.split(',').every((url) => httpUrl.safeParse(url.trim()).success), 'must be an http(s):// URL, or a comma list of them');

const serviceUrlVars = Object.fromEntries(
  SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urlList.default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, z.ZodDefault<typeof urlList>>;

/**
 * Which peers may tell the gateway the client's address and scheme (X-Forwarded-For/-Proto), for
 * rate limits, login throttling and secure cookies: 'false' (nobody: the default, right when
 * clients connect directly), or a comma list of addresses, CIDRs or the named ranges 'loopback',
 * 'linklocal', 'uniquelocal' (e.g. 'uniquelocal' behind a cluster ingress). Hop counts are not
 * offered: Fastify cannot check the immediate peer with them and ignores the headers. The address
 * decided here travels to the services inside the signed identity (clientAddress).
 */
const proxyTrust = z
  .string()
  .refine(
    (v) => v === 'false' || v === 'true' || /^[\w.:/]+(\s*,\s*[\w.:/]+)*$/.test(v),
    'must be false, true, or a comma list of addresses',
  )
  .transform((v): boolean | string => (v === 'false' ? false : v === 'true' ? true : v));

export const GatewayEnv = BaseEnv.extend({
  PORT: port.default(GATEWAY_PORT),
  ...serviceUrlVars,
  /** Requests one client (IP) may make per window. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * The Redis key prefix of the counts. Every replica of one platform must share it (that is the
   * point of counting in Redis); two platforms on one Redis (staging beside production, a
   * benchmark beside the tests) need different ones, or each spends the other's allowance.
   */
  RATE_LIMIT_NAMESPACE: z.string().min(1).default('sc:gateway:rl:'),
  /** How long the gateway waits for a service's answer before a 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Which peers may tell the client's address (see proxyTrust). */
  TRUST_PROXY: proxyTrust.prefault('false'),
  /** The same as TRUST_PROXY, under the name operators look for; it wins when both are set. */
  TRUSTED_PROXIES: proxyTrust.optional(),
  /** The largest request body the gateway takes, but for uploads (SPEC 5's 20 MB): 413 past it. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Requests one gateway has under way to one service; past it, 503 with Retry-After. */
  MAX_IN_FLIGHT_PER_SERVICE: z.coerce.number().int().positive().default(512),
  /** How long a client has to send a whole request (headers and body) before its socket is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** The built web app (web/dist): /assets and /config are served from here. */
  WEB_DIST: z.string().min(1).default('web/dist'),
  /**
   * Opt-in: the website of hosts that no website has as a verified domain (website.ts). Unset (the
   * default), such hosts get a 404 page and never another website's pages.
   */
  FALLBACK_WEBSITE_ID: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** How long the gateway reuses the content service's answer for a host. */
  WEBSITE_CACHE_TTL_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Bytes of visitor pages the gateway keeps and answers itself (page-cache.ts); 0 turns it off.
   * It needs render's cache to learn when a website changed: Redis (REDIS_URL), or in embedded
   * mode the process's own, handed over; without either it stays off.
   */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(32 * 1024 * 1024),
});
export type GatewayEnv = z.infer<typeof GatewayEnv>;

/** The base URLs of a service's replicas from the configuration. */
export function serviceUrls(config: GatewayEnv, service: ServiceName): string[] {
  return config[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`].split(',').map((url) => url.trim());
}

/** The base URL of a service's first replica (calls that need one answer, not a balance: sessions, API documents). */
export function serviceUrl(config: GatewayEnv, service: ServiceName): string {
  return serviceUrls(config, service)[0]!;
}
