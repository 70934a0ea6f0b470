// The gateway's environment: where each service is, and the rate limits.
import { BaseEnv, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS, httpUrl, port, type ServiceName } from '@sc/platform';
import { z } from 'zod';

const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, z.ZodDefault<typeof httpUrl>>;

export const GatewayEnv = BaseEnv.extend({
  PORT: port.default(GATEWAY_PORT),
  ...serviceUrls,
  /** Requests one client (IP) may make per window. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** How long the gateway waits for a service's answer before a 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** The built web app (web/dist): /assets and /config are served from here. */
  WEB_DIST: z.string().min(1).default('web/dist'),
});
export type GatewayEnv = z.infer<typeof GatewayEnv>;

/** The base URL of a service from the configuration. */
export function serviceUrl(config: GatewayEnv, service: ServiceName): string {
  return config[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`];
}
