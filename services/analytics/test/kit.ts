// The analytics suites' kit, on the one kit (serviceKit, @sc/platform/testing): the app on the
// configured database (the file's PGlite in memory, or Postgres), a website per suite, calls as
// the gateway forwards them (website id, client address, the signed identity of owners),
// form-encoded and JSON bodies, and reads of the service's tables.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { BuildServiceOptions, ServiceContext, SharedInfra } from '@sc/platform';
import { unique, waitFor } from '@sc/platform/test-kit';
import { fileInfra, serviceKit, suiteKit, type Caller } from '@sc/platform/testing';
import { createAnalyticsService, type AnalyticsHandle, type AnalyticsOptions } from '../src/index.js';
import type { AnalyticsDB } from '../src/tables.js';

export const SIGNING_KEY = 'analytics-tests-signing-key-0123456789abcdef';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const TABLET_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

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
  const base = await serviceKit(
    createAnalyticsService({
      ...options,
      limits: { flushIntervalMs: 20, purgeIntervalMs: 3_600_000, ...options.limits },
      // A durable of this suite's own that starts now: on a shared NATS server the service's
      // durables may have a backlog of other suites' events to work through first.
      consumers: { durableSuffix: `-${unique('t')}`, newOnly: true, forgetAfterIdleMs: 60_000, ...options.consumers },
    }),
    {
      signingKey: SIGNING_KEY,
      ownerId: (site) => `o-${site}`,
      defaultHeaders: { 'x-forwarded-for': '203.0.113.7', 'user-agent': BROWSER_UA },
      ...options,
    },
  );
  const readyAt = Date.now();
  const { app, ctx } = base;
  const analytics = app.analytics as AnalyticsHandle;
  const site = unique('an');
  return {
    app,
    ctx,
    db: base.db as unknown as Kysely<AnalyticsDB>,
    analytics,
    site,
    call: (method, url, body, opts = {}) => base.call(method, url, callerOf({ site, ...opts }), body),
    async flush() {
      await waitFor(
        async () => {
          await analytics.buffer.flush();
          return analytics.buffer.size === 0;
        },
        10_000,
        'the buffer to be written',
      );
    },
    async close() {
      // NatsBus (packages/platform) hangs on stop when a consumer loop has not begun consuming
      // yet (stop() finds no message iterator to end); give the loops a moment to start.
      if (process.env.NATS_URL) await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt + 1_000 - Date.now())));
      await base.close();
    },
  };
}

/** A suite's kit, made before its tests (a beforeAll) and closed after the file. */
export const suite = (options: BuildServiceOptions & AnalyticsOptions = {}): Kit => suiteKit(() => setup(options));

/**
 * The database several apps of a suite share: the test file's one embedded database (PGlite
 * takes seconds to start), or Postgres when DATABASE_URL is set. The one kit closes it.
 */
export async function sharedDatabase(): Promise<{ shared: SharedInfra; close(): Promise<void> }> {
  return { shared: await fileInfra(), close: async () => undefined };
}

function callerOf(opts: CallOptions & { site: string }): Caller {
  return {
    websiteId: opts.site,
    ...(opts.roles ? { roles: opts.roles } : {}),
    ...(opts.form ? { form: opts.form } : {}),
    ...(opts.cookies ? { cookies: opts.cookies } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
    headers: { ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}), ...opts.headers },
  };
}

/** The RecordHit form of a page view on `site`. */
export function hitForm(site: string, data: Record<string, unknown> = {}, extra: Record<string, string> = {}): Record<string, string> {
  return {
    event: '1',
    data: JSON.stringify({
      websiteId: site,
      url: 'https://shop.example.com/about',
      title: 'About',
      userAgent: BROWSER_UA,
      clientDate: Date.now(),
      ...data,
    }),
    ...extra,
  };
}

export const today = (): string => new Date().toISOString().slice(0, 10);
