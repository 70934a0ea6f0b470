// The one kit the services' suites build on (`@sc/platform/testing`, test files only): a service
// definition built on the test configuration, calls as the gateway forwards them (X-Website-Id,
// X-Request-Id, the client address and, for owners and site users, the signed identity header),
// and teardown registered by the kit itself: every app a test file builds, and the one embedded
// database the file's apps share, are closed in an afterAll this module adds when a test file
// imports it. Suites may still close a kit early; closing twice is harmless.
//
// It imports Jest's globals, so only test files (and the services' test/kit.ts) import it; product
// code cannot (eslint's no-restricted-imports), and scripts and benches keep `@sc/platform/test-kit`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Role, type EventEnvelope, type Identity } from '@sc/contracts';
import { signIdentity } from '../src/auth/identity-header.js';
import type { ServiceEnv } from '../src/config.js';
import type { EmbeddedPostgres } from '../src/database/serialized-pglite.js';
import { IN_MEMORY_DATA_DIR, openEmbeddedPostgres, type SharedInfra } from '../src/infra.js';
import type { OutboxTables } from '../src/outbox/index.js';
import { buildService, type BuildServiceOptions, type ServiceContext, type ServiceDefinition } from '../src/service.js';
import { asFromGateway, testConfig } from './index.js';

/**
 * How long a hook that builds service apps may take. With the file's one embedded database the
 * first app pays PGlite's start (a copy of a fresh cluster) and its migrations, later apps only
 * their migrations: seconds on a quiet machine, 15-25 s when several runs share two cores.
 * Suites that start processes or browsers keep longer limits of their own.
 */
export const KIT_START_TIMEOUT_MS = 45_000;

/** Who a call comes from, as the gateway would have resolved it. */
export interface Caller {
  websiteId: string;
  /** The owner's roles on the website (a signed owner identity); omit for a visitor. */
  roles?: readonly number[];
  /** A signed-in site user (alone, or beside an owner's roles). */
  siteUserId?: string;
  /** The owner's id (default: the kit's `ownerId` of the website). */
  ownerId?: string;
  /** Sign the identity for another website than the request's (a forged or stolen header). */
  identityWebsiteId?: string;
  /** The client address the gateway saw (X-Forwarded-For). */
  ip?: string;
  cookies?: Record<string, string>;
  /** More headers; they win over the kit's. */
  headers?: Record<string, string>;
  /** A form-encoded body instead of the call's `body`. */
  form?: Record<string, string>;
}

export interface ServiceKitOptions extends BuildServiceOptions {
  /** The identity signing key (default: one of the service's own, never a deployment's). */
  signingKey?: string;
  /** Settings over the test configuration (ignored when `config` is given whole). */
  env?: Partial<ServiceEnv>;
  /** Owner ids of signed owner identities (default `owner-of-<website>`). */
  ownerId?: (websiteId: string) => string;
  /** Headers every call carries unless the caller sets them (a user agent, a client address). */
  defaultHeaders?: Record<string, string>;
  /**
   * Give the app an embedded database of its own instead of the test file's shared one (a suite
   * that closes or breaks the database on purpose). Without DATABASE_URL only.
   */
  ownDatabase?: boolean;
}

export interface ServiceKit<DB, Parts = undefined> {
  app: FastifyInstance;
  ctx: ServiceContext<DB>;
  db: Kysely<DB & OutboxTables>;
  /** What the definition's wiring step built. */
  parts: Parts;
  signingKey: string;
  /** The headers of a request from `caller` as the gateway forwards it. */
  headers(caller: Caller): Record<string, string>;
  call(method: InjectOptions['method'], url: string, caller: Caller, body?: unknown): Promise<LightMyRequestResponse>;
  /** The caller of the website's owner with `roles` (default: admin). */
  asOwner(websiteId: string, roles?: readonly number[]): Caller;
  /** The events the service wrote to its outbox for a website, oldest first. */
  events(websiteId: string, type?: string): Promise<EventEnvelope[]>;
  /** Closes the app (the file's afterAll does it anyway). */
  close(): Promise<void>;
}

/** What this test file opened: closed by the afterAll below, apps first. */
const opened = {
  closers: new Set<() => Promise<void>>(),
  embedded: undefined as Promise<EmbeddedPostgres> | undefined,
};

afterAll(async () => {
  const closers = [...opened.closers].reverse();
  opened.closers.clear();
  for (const close of closers) await close();
  const embedded = opened.embedded;
  opened.embedded = undefined;
  if (embedded) await (await embedded).close();
}, KIT_START_TIMEOUT_MS);

/**
 * Runs `close` in this file's teardown (unless it ran before); answers a close that runs it now,
 * once. For resources a suite's kit opens beside an app.
 */
export function closeAfterAll(close: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => {
    opened.closers.delete(once);
    done ??= close();
    return done;
  };
  opened.closers.add(once);
  return once;
}

/**
 * The shared pieces of this test file's apps: one embedded database (PGlite loads and starts once
 * per file, not once per app) unless DATABASE_URL names the real server. Closed after the file.
 */
export async function fileInfra(): Promise<SharedInfra> {
  if (process.env.DATABASE_URL) return {};
  opened.embedded ??= openEmbeddedPostgres(IN_MEMORY_DATA_DIR);
  return { embedded: await opened.embedded };
}

/** Builds `definition` on the test configuration; its app is closed after the test file. */
export async function serviceKit<DB, Parts = undefined>(
  definition: ServiceDefinition<DB, Parts>,
  options: ServiceKitOptions = {},
): Promise<ServiceKit<DB, Parts>> {
  const {
    signingKey = `${definition.name}-tests-signing-key-0123456789abcdef`,
    env,
    ownerId = (site: string) => `owner-of-${site}`,
    defaultHeaders = {},
    ownDatabase,
    ...build
  } = options;
  const infra = ownDatabase ? {} : await fileInfra();
  const app = await buildService(definition, {
    config: testConfig(0, { IDENTITY_SIGNING_KEY: signingKey, ...env }),
    relay: { autoStart: false },
    ...build,
    shared: { ...infra, ...build.shared },
  });
  const close = closeAfterAll(() => app.close());
  try {
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  const ctx = app.serviceContext as ServiceContext<DB>;
  const headers = (caller: Caller): Record<string, string> => {
    const requestId = caller.headers?.['x-request-id'] ?? randomUUID();
    const out: Record<string, string> = { ...defaultHeaders, 'x-website-id': caller.websiteId, 'x-request-id': requestId };
    if (caller.ip) out['x-forwarded-for'] = caller.ip;
    if (caller.cookies)
      out.cookie = Object.entries(caller.cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
    const signed = identityOf(caller, requestId, ownerId);
    if (signed) Object.assign(out, signIdentity(signed, signingKey));
    return asFromGateway({ ...out, ...caller.headers }, signingKey);
  };
  return {
    app,
    ctx,
    db: ctx.db,
    parts: app.serviceParts as Parts,
    signingKey,
    headers,
    call(method, url, caller, body) {
      const all = headers(caller);
      let payload: InjectOptions['payload'] | undefined = body as InjectOptions['payload'];
      if (caller.form) {
        all['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(caller.form).toString();
      }
      return app.inject({ method, url, headers: all, ...(payload === undefined ? {} : { payload }) });
    },
    asOwner: (websiteId, roles = [Role.ADMIN]) => ({ websiteId, roles }),
    async events(websiteId, type) {
      const db = ctx.db as unknown as Kysely<OutboxTables>;
      let query = db.selectFrom('outbox').select(['id', 'type', 'website_id', 'occurred_at', 'data']).where('website_id', '=', websiteId);
      if (type) query = query.where('type', '=', type);
      const rows = await query.orderBy('seq').execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        websiteId: row.website_id,
        occurredAt: new Date(row.occurred_at).toISOString(),
        data: row.data,
      }));
    },
    close,
  };
}

/** The identity a caller's request carries (none for a visitor: asFromGateway signs theirs). */
function identityOf(caller: Caller, requestId: string, ownerId: (websiteId: string) => string): Identity | undefined {
  const base = { v: 1 as const, websiteId: caller.identityWebsiteId ?? caller.websiteId, requestId, issuedAt: Date.now() };
  if (caller.roles) {
    return {
      ...base,
      kind: 'owner',
      ownerId: caller.ownerId ?? ownerId(caller.websiteId),
      roles: [...caller.roles] as Role[],
      ...(caller.siteUserId ? { siteUserId: caller.siteUserId } : {}),
    };
  }
  if (caller.siteUserId) return { ...base, kind: 'site-user', siteUserId: caller.siteUserId, roles: [] };
  return undefined;
}

/**
 * A suite's kit made before its tests (in a beforeAll this registers) and closed after the file:
 * `const kit = suiteKit(() => setup())` at the top of a describe, then `kit.call(...)` in tests.
 * The answer is filled in place when the hook has run; read it in tests and hooks, not at once.
 */
export function suiteKit<K extends object>(start: () => Promise<K>, timeoutMs = KIT_START_TIMEOUT_MS): K {
  const kit = {} as K;
  beforeAll(async () => {
    Object.assign(kit, await start());
  }, timeoutMs);
  return kit;
}
