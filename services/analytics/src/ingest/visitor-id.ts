// Who a visitor is, without storing it: a hash of (today's salt, website, visitor key), where the
// key is the census cookie's visitor id when cookies are allowed and present, else the client
// address and user agent. The salt is random per UTC day, shared by replicas through the
// database, and deleted once the day is over (purge), after which nobody (us included) can link
// a hash to an address or to the same visitor on another day. No raw address is ever written.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientAddressOf } from '@sc/platform';
import type { Kysely } from 'kysely';
import type { AnalyticsDB } from '../tables.js';
import { dayOf } from '../domain/dates.js';

export class DailySalts {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #cache = new Map<string, string>();
  readonly #pending = new Map<string, Promise<string>>();

  constructor(db: Kysely<AnalyticsDB>) {
    this.#db = db;
  }

  /** The salt of the UTC day of `ms`, made on first use (the first replica's wins). */
  saltFor(ms: number): string | Promise<string> {
    const day = dayOf(ms);
    const known = this.#cache.get(day);
    if (known) return known;
    let pending = this.#pending.get(day);
    if (!pending) {
      pending = this.#load(day).finally(() => this.#pending.delete(day));
      this.#pending.set(day, pending);
    }
    return pending;
  }

  async #load(day: string): Promise<string> {
    await this.#db
      .insertInto('daily_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.#db.selectFrom('daily_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    // Only today's and yesterday's salts are worth keeping in memory.
    for (const key of this.#cache.keys()) if (key < dayOf(Date.parse(`${day}T00:00:00Z`) - 86_400_000)) this.#cache.delete(key);
    this.#cache.set(day, row.salt);
    return row.salt;
  }
}

/** The client's address as the gateway saw it (inside its signed identity). */
export function clientAddress(request: FastifyRequest): string {
  return clientAddressOf(request);
}

/** The visitor id inside a census visitor cookie (its first '|' part), if it looks like one. */
export function cookieVisitorId(cookie: string | undefined): string | undefined {
  const id = cookie?.split('|')[0]?.trim();
  return id && /^[A-Za-z0-9_-]{8,128}$/.test(id) ? id : undefined;
}

/** The daily visitor hash (32 hex characters). */
export function visitorHash(
  salt: string,
  websiteId: string,
  key: { cookieId?: string | undefined; address: string; userAgent: string | undefined },
): string {
  const subject = key.cookieId ? `c:${key.cookieId}` : `a:${key.address}\n${key.userAgent ?? ''}`;
  return createHash('sha256').update(`${salt}\n${websiteId}\n${subject}`).digest('hex').slice(0, 32);
}
