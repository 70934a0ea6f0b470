// Shared by the identity tests (and the gateway's identity tests), on the one kit (serviceKit,
// @sc/platform/testing): the fixed test signing key, starting the identity service and the gateway
// in front of it, and a small browser that keeps cookies and sends the crumb and the site-user
// XSRF token the way the storefront does, and signing up through the mailed link.
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Response } from 'supertest';
import { buildGateway, GatewayEnv, type BuildGatewayOptions } from '@sc/gateway';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, SITE_USER_XSRF_HEADER, type EventType, type Identity, type Role } from '@sc/contracts';
import { signIdentity, type MailTables, type SharedInfra } from '@sc/platform';
import type { Kysely } from 'kysely';
import { fileInfra, serviceKit } from '@sc/platform/testing';
import { createIdentityService, type IdentitySettings } from '../src/index.js';
import { upsertWebsite } from '../src/websites/website.repository.js';

/** How long a hook that builds the suite's apps may take (the one kit's limit). */
export { KIT_START_TIMEOUT_MS } from '@sc/platform/testing';

/** The signing key every test uses (never a real deployment's). */
export const TEST_IDENTITY_SIGNING_KEY = 'test-identity-signing-key-0123456789-abcdefghij';

/**
 * A client address of its own (the tests' gateway trusts X-Forwarded-For from loopback). Sign-in
 * counts per address live in Redis for the throttle window, across test runs and files: a suite
 * that signs in from an address of its own is not throttled by what ran before it.
 */
export const randomIp = (): string =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Cheap scrypt for tests that sign in many times; the production cost has its own test. */
export const FAST_SCRYPT = { ln: 10, r: 8, p: 1 } as const;

/**
 * Resources a test shares between the services it builds: the test file's one in-memory PGlite in
 * embedded mode (the one kit's, closed after the file), nothing with DATABASE_URL.
 */
export async function sharedInfra(): Promise<{ shared: SharedInfra; close: () => Promise<void> }> {
  return { shared: await fileInfra(), close: async () => undefined };
}

export interface RunningIdentity {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * The identity app of the sign-up tests, not listening: PUBLIC_URL set, no websites read model, a
 * website `site` titled Harbour Goods at `domain`, its mail kept in the outbox until a test
 * delivers it (to `smtpUrl`, when given).
 */
export async function signUpApp(site: string, domain: string, smtpUrl?: string): Promise<RunningIdentity> {
  const kit = await serviceKit(
    createIdentityService({
      settings: { scrypt: FAST_SCRYPT },
      websites: false,
      mail: {
        config: {
          ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
          MAIL_FROM: 'Site <site@example.com>',
          MAIL_BATCH_SIZE: 50,
          MAIL_SEND_INTERVAL_MS: 0,
          MAIL_LOG_LOCAL: false,
        },
        autoStart: false,
      },
    }),
    { signingKey: TEST_IDENTITY_SIGNING_KEY, env: { PUBLIC_URL: 'https://shop.example.net' }, relay: {} },
  );
  await upsertWebsite(kit.db, { id: site, title: 'Harbour Goods', domains: [domain], changedAt: new Date() });
  return { app: kit.app, url: '', close: kit.close };
}

/** Builds and starts the identity service on a free port. */
export async function startIdentity(settings: Partial<IdentitySettings> = {}): Promise<RunningIdentity> {
  const kit = await serviceKit(
    // No websites read model: these tests have no content service (websites.test.ts has both).
    createIdentityService({ settings: { scrypt: FAST_SCRYPT, ...settings }, websites: false }),
    { signingKey: TEST_IDENTITY_SIGNING_KEY, relay: {} },
  );
  const url = await kit.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: kit.app, url, close: kit.close };
}

/** A gateway whose identity service (and any other) is at the given URLs; signing with the test key. */
export async function startGateway(
  urls: Record<string, string>,
  options: Omit<BuildGatewayOptions, 'config'> & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const gateway = await buildGateway({
    ...options,
    config: GatewayEnv.parse({
      ...process.env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      // The tests stand in for one proxy hop that tells the gateway each browser's address.
      TRUST_PROXY: 'loopback',
      IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY,
      ...urls,
      ...options.env,
    }),
  });
  await gateway.ready();
  return gateway;
}

/** Signed identity headers as the gateway would send them, for calling a service directly. */
export function signedHeaders(
  identity: Partial<Identity> & Pick<Identity, 'kind'>,
  request: { requestId: string; websiteId: string },
  key = TEST_IDENTITY_SIGNING_KEY,
): Record<string, string> {
  const full = {
    v: 1,
    roles: [] as Role[],
    issuedAt: Date.now(),
    ...identity,
    requestId: request.requestId,
    websiteId: request.websiteId,
  } as Identity;
  return { ...signIdentity(full, key), 'x-request-id': request.requestId, 'x-website-id': request.websiteId };
}

interface Cookie {
  value: string;
  attributes: string[];
}

/** Parses Set-Cookie headers: name → value and attributes (lower-cased). */
export function setCookies(response: Response): Map<string, Cookie> {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  const out = new Map<string, Cookie>();
  for (const line of header ?? []) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    out.set(pair.slice(0, at), { value: pair.slice(at + 1), attributes: attributes.map((a) => a.toLowerCase()) });
  }
  return out;
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** A visitor's browser: keeps cookies, sends the crumb on unsafe calls and the XSRF token once it has one. */
export class Browser {
  readonly cookies = new Map<string, string>();
  xsrfToken: string | undefined;
  readonly #target: Server | string;
  readonly #headers: Record<string, string>;

  constructor(target: Server | string, headers: Record<string, string> = {}) {
    this.#target = target;
    this.#headers = headers;
  }

  async send(
    method: Method,
    path: string,
    options: { body?: object; headers?: Record<string, string>; crumb?: boolean; xsrf?: boolean | string } = {},
  ): Promise<Response> {
    // As the web client does: a first write fetches the crumb (pages hand out no cookie).
    if (method !== 'get' && options.crumb !== false && !this.cookies.has('crumb')) await this.open();
    let call = request(this.#target)[method](path).set(this.#headers);
    if (this.cookies.size > 0) call = call.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (method !== 'get' && options.crumb !== false) {
      const crumb = this.cookies.get('crumb');
      if (crumb) call = call.set('x-csrf-token', crumb);
    }
    const xsrf = typeof options.xsrf === 'string' ? options.xsrf : options.xsrf === false ? undefined : this.xsrfToken;
    if (method !== 'get' && xsrf) call = call.set(SITE_USER_XSRF_HEADER, xsrf);
    if (options.headers) call = call.set(options.headers);
    const response = options.body === undefined ? await call : await call.send(options.body);
    for (const [name, cookie] of setCookies(response)) {
      const expired = cookie.attributes.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970'));
      if (expired || cookie.value === '') this.cookies.delete(name);
      else this.cookies.set(name, cookie.value);
    }
    return response;
  }

  /** What a page does before its first write: asks the gateway for the crumb cookie. */
  async open(): Promise<void> {
    await this.send('get', '/api/crumb');
  }
}

/** The events of one type in the identity outbox, oldest first. */
export async function outboxEvents<T>(app: FastifyInstance, type: EventType, websiteId: string): Promise<T[]> {
  const db = app.serviceContext?.db;
  if (!db) throw new Error('no service context');
  const rows = await db
    .selectFrom('outbox')
    .select(['data'])
    .where('type', '=', type)
    .where('website_id', '=', websiteId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as T);
}

export { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER };

/** The token of the newest sign-up link mailed to `email` (read where identity puts it: the mail outbox). */
export async function signUpToken(app: FastifyInstance, email: string): Promise<string> {
  const db = app.serviceContext?.db as unknown as Kysely<MailTables> | undefined;
  if (!db) throw new Error('no service context');
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
  for (const row of rows) {
    const token = /confirm-sign-up(?:=|\?token=)([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
    if (token) return token;
  }
  throw new Error(`no sign-up link was mailed to ${email}`);
}

/**
 * Sign-up as the web app does it (202, the same answer for any address), then the mailed link:
 * answers the confirm call (201, the browser signed in, a site user's XSRF token kept).
 */
export async function signUpAndConfirm(
  app: FastifyInstance,
  b: Browser,
  kind: 'site-user' | 'owner',
  body: { email: string; password: string; name?: string },
): Promise<Response> {
  const base = kind === 'site-user' ? '/api/auth/site-users' : '/api/auth/owners';
  const asked = await b.send('post', base, { body });
  if (asked.status !== 202) throw new Error(`sign-up answered ${asked.status}: ${asked.text}`);
  const confirmed = await b.send('post', `${base}/confirm`, {
    body: { token: await signUpToken(app, body.email.trim().toLowerCase()), password: body.password },
  });
  if (kind === 'site-user' && confirmed.status === 201) b.xsrfToken = (confirmed.body as { xsrfToken: string }).xsrfToken;
  return confirmed;
}
