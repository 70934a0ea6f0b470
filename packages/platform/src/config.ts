// Configuration is read once at boot from the environment and validated with zod. A bad value
// stops the process with one line naming the variable (exit code 1); nothing branches on NODE_ENV.
import { z } from 'zod';

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be a postgres:// URL');
const natsUrl = z
  .string()
  .refine((v) => v.split(',').every((u) => /^(nats|tls):\/\/[^\s]+$/.test(u) && URL.canParse(u)), 'must be a nats:// URL');
const redisUrl = z.string().refine((v) => /^rediss?:\/\/[^\s]*$/.test(v) && URL.canParse(v), 'must be a redis:// URL');
const httpUrl = z.string().refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'must be an http(s):// URL');
const port = z.coerce.number().int().min(0).max(65535);

/** Blank variables count as unset, as shells and compose files often leave them empty. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The environment every service and the gateway share. */
export const BaseEnv = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optional(postgresUrl),
  NATS_URL: optional(natsUrl),
  REDIS_URL: optional(redisUrl),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(httpUrl),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The HMAC key of the identity header: the gateway signs who a request comes from, services
   * verify it. The same value on the gateway and every service, at least 32 characters. Unset:
   * the gateway forwards no identity and every owner route answers 401. `pnpm start` and
   * `pnpm start:cluster` make a random one per run when it is unset; deployments must set it.
   */
  IDENTITY_SIGNING_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * What this deployment's JetStream streams and subjects start with, so two deployments on one
   * NATS never take each other's events. Unset: derived from the database (bus/prefix.ts).
   */
  NATS_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, _ or -')),
  /** The port of /metrics (Prometheus), apart from the public one; 0 picks a free port. */
  METRICS_PORT: port.default(9464),
  /**
   * Where websites are served: its scheme, and its port when not the default, go into every
   * absolute link we send (mail, feeds, canonical URLs) with the website's own domain as the host
   * (http/website-origin.ts); its origin is the address of hosts no website has. Default
   * http://localhost:8080; the launchers set it from the gateway's port. Behind TLS, set it to
   * https://… on the gateway and every service.
   */
  PUBLIC_URL: optional(httpUrl),
  /**
   * 1: a log line per request; 0: a summary a minute. Unset: a line per request unless stdout is
   * a terminal (http/request-log.ts).
   */
  LOG_REQUESTS: optional(z.enum(['0', '1', 'true', 'false'])),
});
export type BaseEnv = z.infer<typeof BaseEnv>;

/** 1/true: the process applies its service's pending migrations and exits (a Kubernetes Job). */
const migrateOnly = optional(z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true'));

/** The environment of one service: the shared variables plus its PORT and MIGRATE_ONLY. */
export const serviceEnv = (defaultPort: number) => BaseEnv.extend({ PORT: port.default(defaultPort), MIGRATE_ONLY: migrateOnly });
export type ServiceEnv = z.infer<ReturnType<typeof serviceEnv>>;

export { httpUrl, port, optional };

/** Thrown when the environment does not validate; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Parses `env` with `schema`, throwing a ConfigError whose message names every bad variable. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const raw = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = raw === undefined ? '' : ` (got ${shownValue(name, raw)})`;
    return `${name} ${issue.message}${shown}`;
  });
  return fail(`Invalid environment: ${problems.join('; ')}`, result.error);
}

/** A bad value as the error line shows it: secrets hidden, passwords in URLs masked, long values cut. */
function shownValue(name: string, raw: string): string {
  if (/KEY|SECRET|PASSWORD|TOKEN/i.test(name)) return `a value of ${raw.length} characters`;
  const masked = raw.replace(/(\/\/[^:/@\s]*:)[^@\s]*@/, '$1***@');
  return JSON.stringify(masked.length > 60 ? `${masked.slice(0, 60)}…` : masked);
}

function fail(message: string, cause: unknown): never {
  throw new ConfigError(message, { cause });
}

/** Runs `main`; a ConfigError (or any start-up failure) becomes one line on stderr and exit code 1. */
export async function runMain(main: () => Promise<unknown>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message.split('\n')[0]}\n`);
    process.exitCode = 1;
    // Open handles (a half-made pool, a timer) must not keep a failed start alive.
    setTimeout(() => process.exit(1), 50).unref();
  }
}
