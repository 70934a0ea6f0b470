// The content suites' kit, on the one kit (serviceKit, @sc/platform/testing): the app on the
// configured database, websites made per test (unique ids, so suites sharing one database never
// collide), and requests as the gateway would send them (X-Website-Id, X-Request-Id and, for
// owners, the signed identity header).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Role, type EventEnvelope } from '@sc/contracts';
import type { BuildServiceOptions, ServiceContext, ServiceEnv } from '@sc/platform';
import { unique } from '@sc/platform/test-kit';
import { serviceKit, type Caller as KitCaller } from '@sc/platform/testing';
import { createContentService, type ContentOptions, type WebsiteService } from '../src/index.js';
import type { ContentDB } from '../src/tables.js';

/** How long a hook that builds the suite's apps may take (the one kit's limit). */
export { KIT_START_TIMEOUT_MS } from '@sc/platform/testing';

export const SIGNING_KEY = 'content-tests-signing-key-0123456789abcdef';

/** Who calls: a visitor, an owner with roles, a site user (the one kit's caller). */
export type Caller = KitCaller;

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
export async function setup(
  options: Pick<BuildServiceOptions, 'shared' | 'relay'> & ContentOptions & { config?: Partial<ServiceEnv> } = {},
): Promise<Kit> {
  // Without DATABASE_URL the test file's apps share one in-memory PGlite (the one kit's).
  const { config, ...rest } = options;
  const base = await serviceKit(createContentService(rest), { signingKey: SIGNING_KEY, ...(config ? { env: config } : {}), ...rest });
  const websites = base.parts.websites;
  return {
    app: base.app,
    ctx: base.ctx,
    websites,
    async newWebsite(settings) {
      const id = unique('site');
      await websites.create({
        id,
        title: `Site ${id}`,
        templateId: 'harbour',
        domains: [`${id.replaceAll('_', '-')}.example.com`],
        settings,
      });
      return id;
    },
    call: (method, url, caller, body) => base.call(method, url, caller, body),
    events: base.events,
    close: base.close,
  };
}
