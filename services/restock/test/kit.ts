// The restock suites' kit, on the one kit (serviceKit, @sc/platform/testing): the app on the
// configured database, a website per test, requests as the gateway sends them (owners with a signed
// identity header), and mail delivered by hand.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Role } from '@sc/contracts';
import { Captcha, type CaptchaTables, type MailRelay, PowCaptcha, type ServiceContext } from '@sc/platform';
import { unique } from '@sc/platform/test-kit';
import { serviceKit } from '@sc/platform/testing';
import { createRestockService, type RestockModule, type RestockOptions } from '../src/index.js';
import type { RestockDB } from '../src/tables.js';

/** How long a hook that builds the suite's apps may take (the one kit's limit). */
export { KIT_START_TIMEOUT_MS } from '@sc/platform/testing';

export const SIGNING_KEY = 'restock-tests-signing-key-0123456789abcdef';
export const ADMIN = [Role.ADMIN];
export const testCaptcha = (db: Kysely<CaptchaTables>) => new Captcha(new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 }));

export interface Kit {
  app: FastifyInstance;
  ctx: ServiceContext<RestockDB>;
  /** What the service's wiring step built (its repositories and services). */
  parts: RestockModule;
  mail: MailRelay;
  site: string;
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    options?: { roles?: number[]; site?: string },
  ): Promise<LightMyRequestResponse>;
  /** Delivers every pending mail; answers how many. */
  deliverAll(): Promise<number>;
  /** Mail delivered to the local mailbox for this website. */
  mailbox(kind?: string): Promise<Array<{ to: string; subject: string; text: string }>>;
  close(): Promise<void>;
}

export async function setup(options: RestockOptions = {}): Promise<Kit> {
  const base = await serviceKit(
    createRestockService({
      captcha: testCaptcha,
      mail: { autoStart: false, config: { MAIL_FROM: 'Shop <shop@example.com>', MAIL_BATCH_SIZE: 100, MAIL_SEND_INTERVAL_MS: 0 } },
      ...options,
    }),
    { signingKey: SIGNING_KEY, env: { PUBLIC_URL: 'https://shop.example.net' }, ownerId: (websiteId) => `o-${websiteId}` }, // mailed links: https, no port, the website's domain
  );
  const { app, ctx, parts } = base;
  const mail = parts.mail;
  const site = unique('restock');
  return {
    app,
    ctx,
    parts,
    mail,
    site,
    call: (method, url, body, opts = {}) =>
      base.call(method, url, { websiteId: opts.site ?? site, ...(opts.roles ? { roles: opts.roles } : {}) }, body),
    async deliverAll() {
      let total = 0;
      for (;;) {
        const n = await mail.deliverBatch();
        if (n === 0) return total;
        total += n;
      }
    },
    async mailbox(kind) {
      let query = ctx.db.selectFrom('mailbox').select(['to_address', 'subject', 'text_body']).where('website_id', '=', site);
      if (kind) query = query.where('kind', '=', kind);
      const rows = await query.orderBy('to_address').execute();
      return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body }));
    },
    close: base.close,
  };
}

export const BASE = '/api/site-users/account/notifications/restock';
