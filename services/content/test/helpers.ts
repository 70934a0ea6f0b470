// The content suites' kit: the app on the configured database, websites made per test (unique
// ids, so suites sharing one database never collide), and requests as the gateway would send them
// (X-Website-Id, X-Request-Id and, for owners, the signed identity header).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Role, type EventEnvelope } from '@sc/contracts';
import { signIdentity, type BuildServiceOptions, type ServiceContext, type ServiceEnv } from '@sc/platform';
import { asFromGateway, testConfig, unique } from '@sc/platform/test-kit';
import { buildApp, type ContentOptions } from '../src/app.js';
import type { ContentDB } from '../src/tables.js';
import { WebsiteService } from '../src/websites/websites.service.js';

export const SIGNING_KEY = 'content-tests-signing-key-0123456789abcdef';

export interface Caller {
  websiteId: string;
  /** The owner's roles on the website; omit for an anonymous visitor. */
  roles?: number[];
  /** Sign the identity for another website than the request's (a forged or stolen header). */
  identityWebsiteId?: string;
  /** A signed-in site user (alone, or beside the owner's roles). */
  siteUserId?: string;
  /** More headers (cookies, X-Forwarded-For). */
  headers?: Record<string, string>;
}

export interface Kit {
  app: FastifyInstance;
  ctx: ServiceContext<ContentDB>;
  websites: WebsiteService;
  newWebsite(settings?: Parameters<WebsiteService['create']>[0]['settings']): Promise<string>;
  call(method: InjectOptions['method'], url: string, caller: Caller, body?: unknown): Promise<LightMyRequestResponse>;
  /** Events written to the outbox for a website since the test began, oldest first. */
  events(websiteId: string, type?: string): Promise<EventEnvelope[]>;
  close(): Promise<void>;
}

export const ADMIN = [Role.ADMIN];

/** The app on the test configuration; `options` can share a bus or cache, or start the relay. */
export async function setup(options: Pick<BuildServiceOptions, 'shared' | 'relay'> & ContentOptions & { config?: Partial<ServiceEnv> } = {}): Promise<Kit> {
  // Without DATABASE_URL, testConfig gives each app its own in-memory PGlite.
  const { config, ...rest } = options;
  const app = await buildApp({ config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY, ...config }), relay: { autoStart: false }, ...rest });
  await app.ready();
  const ctx = app.serviceContext as ServiceContext<ContentDB>;
  const websites = new WebsiteService(ctx);
  return {
    app,
    ctx,
    websites,
    async newWebsite(settings) {
      const id = unique('site');
      await websites.create({ id, title: `Site ${id}`, templateId: 'harbour', domains: [`${id.replaceAll('_', '-')}.example.com`], settings });
      return id;
    },
    async call(method, url, caller, body) {
      const requestId = randomUUID();
      const headers: Record<string, string> = { 'x-website-id': caller.websiteId, 'x-request-id': requestId, ...caller.headers };
      if (caller.siteUserId && !caller.roles) {
        Object.assign(headers, signIdentity({ v: 1, kind: 'site-user', websiteId: caller.websiteId, requestId, issuedAt: Date.now(), siteUserId: caller.siteUserId, roles: [] }, SIGNING_KEY));
      }
      if (caller.roles) {
        Object.assign(
          headers,
          signIdentity(
            {
              v: 1,
              kind: 'owner',
              websiteId: caller.identityWebsiteId ?? caller.websiteId,
              requestId,
              issuedAt: Date.now(),
              ownerId: `owner-of-${caller.websiteId}`,
              roles: caller.roles as never,
              ...(caller.siteUserId ? { siteUserId: caller.siteUserId } : {}),
            },
            SIGNING_KEY,
          ),
        );
      }
      return app.inject({ method, url, headers: asFromGateway(headers, SIGNING_KEY), ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
    },
    async events(websiteId, type) {
      let query = ctx.db.selectFrom('outbox').select(['id', 'type', 'website_id', 'occurred_at', 'data']).where('website_id', '=', websiteId);
      if (type) query = query.where('type', '=', type);
      const rows = await query.orderBy('seq').execute();
      return rows.map((row) => ({ id: row.id, type: row.type, websiteId: row.website_id, occurredAt: new Date(row.occurred_at).toISOString(), data: row.data }));
    },
    close: () => app.close(),
  };
}
