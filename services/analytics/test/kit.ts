// The analytics suites' kit: the app on the configured database (PGlite in memory, or Postgres),
// a website per suite, calls as the gateway forwards them (website id, client address, the
// signed identity of owners), form-encoded and JSON bodies, and reads of the service's tables.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { IN_MEMORY_DATA_DIR, openEmbeddedPostgres, signIdentity, type ServiceContext, type SharedInfra } from '@sc/platform';
import { asFromGateway, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { buildApp, type AnalyticsHandle, type AnalyticsOptions } from '../src/index.js';
import type { AnalyticsDB } from '../src/tables.js';
import type { BuildServiceOptions } from '@sc/platform';

export const SIGNING_KEY = 'analytics-tests-signing-key-0123456789abcdef';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const TABLET_UA = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export interface CallOptions {
  site?: string;
  /** Owner roles: the call carries a signed owner identity. */
  roles?: number[];
  /** Form-encoded body (object of strings) instead of JSON. */
  form?: Record<string, string>;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client address the gateway saw. */
  ip?: string;
  userAgent?: string;
}

export interface Kit {
  app: FastifyInstance;
  ctx: ServiceContext<AnalyticsDB>;
  db: Kysely<AnalyticsDB>;
  analytics: AnalyticsHandle;
  site: string;
  call(method: InjectOptions['method'], url: string, body?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** Writes what the buffer holds now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function setup(options: BuildServiceOptions & AnalyticsOptions = {}): Promise<Kit> {
  const app = await buildApp({
    config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY }),
    relay: { autoStart: false },
    ...options,
    limits: { flushIntervalMs: 20, purgeIntervalMs: 3_600_000, ...options.limits },
    // A durable of this suite's own that starts now: on a shared NATS server the service's
    // durables may have a backlog of other suites' events to work through first.
    consumers: { durableSuffix: `-${unique('t')}`, newOnly: true, forgetAfterIdleMs: 60_000, ...options.consumers },
  });
  await app.ready();
  const readyAt = Date.now();
  const ctx = app.serviceContext as ServiceContext<AnalyticsDB>;
  const analytics = app.analytics as AnalyticsHandle;
  const site = unique('an');
  return {
    app,
    ctx,
    db: ctx.db as unknown as Kysely<AnalyticsDB>,
    analytics,
    site,
    call: (method, url, body, opts = {}) => call(app, method, url, body, { site, ...opts }),
    async flush() {
      await waitFor(async () => {
        await analytics.buffer.flush();
        return analytics.buffer.size === 0;
      }, 10_000, 'the buffer to be written');
    },
    async close() {
      // NatsBus (packages/platform) hangs on stop when a consumer loop has not begun consuming
      // yet (stop() finds no message iterator to end); give the loops a moment to start.
      if (process.env.NATS_URL) await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt + 1_000 - Date.now())));
      await app.close();
    },
  };
}

/**
 * One embedded database for several apps of a suite (PGlite takes seconds to start); with
 * DATABASE_URL set the apps share Postgres anyway and this holds nothing.
 */
export async function sharedDatabase(): Promise<{ shared: SharedInfra; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { shared: {}, close: async () => undefined };
  const embedded = await openEmbeddedPostgres(IN_MEMORY_DATA_DIR);
  return { shared: { embedded }, close: () => embedded.close() };
}

export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, body: unknown, opts: CallOptions & { site: string }): Promise<LightMyRequestResponse> {
  const requestId = randomUUID();
  const headers: Record<string, string> = {
    'x-website-id': opts.site,
    'x-request-id': requestId,
    'x-forwarded-for': opts.ip ?? '203.0.113.7',
    'user-agent': opts.userAgent ?? BROWSER_UA,
    ...opts.headers,
  };
  if (opts.roles) {
    Object.assign(
      headers,
      signIdentity({ v: 1, kind: 'owner', websiteId: opts.site, requestId, issuedAt: Date.now(), ownerId: `o-${opts.site}`, roles: opts.roles as never }, SIGNING_KEY),
    );
  }
  if (opts.cookies) headers.cookie = Object.entries(opts.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  let payload: InjectOptions['payload'];
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(opts.form).toString();
  } else if (body !== undefined) {
    payload = body as InjectOptions['payload'];
  }
  return app.inject({ method, url, headers: asFromGateway(headers, SIGNING_KEY), ...(payload === undefined ? {} : { payload }) });
}

/** The RecordHit form of a page view on `site`. */
export function hitForm(site: string, data: Record<string, unknown> = {}, extra: Record<string, string> = {}): Record<string, string> {
  return {
    event: '1',
    data: JSON.stringify({ websiteId: site, url: 'https://shop.example.com/about', title: 'About', userAgent: BROWSER_UA, clientDate: Date.now(), ...data }),
    ...extra,
  };
}

export const today = (): string => new Date().toISOString().slice(0, 10);
