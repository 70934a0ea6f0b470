// What a cart view needs besides the cart's own rows: the products of its lines, the store's rules
// (currency, tax, shipping) and its coupons. They change rarely and are read on every cart call,
// so each process keeps them for a few seconds. Every change (the catalog consumer's events, the
// owner routes) bumps the website's token in the shared cache (WebsiteGenerations, under
// `store:gen:<website>`), which entries are keyed by: this process sees the change at once, other
// replicas within LOCAL_CACHE_RECHECK_MS (500 ms; the entries' TTL while Redis is down). Without a
// shared cache (unit tests) this process drops the entries itself. Checkout never reads from
// here: an order is priced from the database.
import type { Kysely, Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import type { CouponDefinition } from '../domain/totals.js';
import { couponsByCodes } from '../rules/coupons.repository.js';
import { rulesOf, type WebsiteRules } from '../rules/rules.repository.js';
import { findProduct, findProducts, type ProductRow } from './products.repository.js';
import type { WebsiteGenerations } from '@sc/platform';
import { TtlCache } from './ttl-cache.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

/** How long an entry lives (the bound on another replica's change while the shared cache is down). */
export const STORE_CACHE_TTL_MS = 5_000;

/** An entry's key: the website, what it is, and the website's token it was loaded under. */
const key = (websiteId: string, id: string, generation: string) => `${websiteId}\u0000${id}\u0000${generation}`;
const websitePrefix = (websiteId: string) => `${websiteId}\u0000`;

export class StoreCache {
  readonly #products: TtlCache<ProductRow | undefined>;
  readonly #rules: TtlCache<WebsiteRules>;
  readonly #coupons: TtlCache<CouponDefinition | null>;
  readonly #generations: WebsiteGenerations | undefined;

  constructor(options: { ttlMs?: number; now?: () => number; generations?: WebsiteGenerations } = {}) {
    this.#generations = options.generations;
    const ttlMs = options.ttlMs ?? STORE_CACHE_TTL_MS;
    const now = options.now ?? Date.now;
    this.#products = new TtlCache({ ttlMs, maxEntries: 20_000, now });
    this.#rules = new TtlCache({ ttlMs, maxEntries: 5_000, now });
    this.#coupons = new TtlCache({ ttlMs, maxEntries: 20_000, now });
  }

  /** The website's token (entries of another are stale), '' without a shared cache. */
  #generation(websiteId: string): string | Promise<string> {
    return this.#generations?.current(websiteId) ?? '';
  }

  /** A product of the read model (deleted ones included, as stored); unknown products are not remembered. */
  async product(db: Db, websiteId: string, productId: string): Promise<ProductRow | undefined> {
    const generation = await this.#generation(websiteId);
    return this.#products.get(
      key(websiteId, productId, generation),
      () => findProduct(db, websiteId, productId),
      (row) => row !== undefined,
    );
  }

  /** Several products, one query for those not cached. */
  async products(db: Db, websiteId: string, productIds: string[]): Promise<Map<string, ProductRow>> {
    const found = new Map<string, ProductRow>();
    const missing: string[] = [];
    const generation = await this.#generation(websiteId);
    for (const id of new Set(productIds)) {
      const hit = this.#products.peek(key(websiteId, id, generation));
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 1) {
      const row = await this.product(db, websiteId, missing[0]!);
      if (row) found.set(row.product_id, row);
    } else if (missing.length > 1) {
      for (const row of await findProducts(db, websiteId, missing)) {
        this.#products.set(key(websiteId, row.product_id, generation), row);
        found.set(row.product_id, row);
      }
    }
    return found;
  }

  async rules(db: Db, websiteId: string): Promise<WebsiteRules> {
    const generation = await this.#generation(websiteId);
    return this.#rules.get(key(websiteId, 'rules', generation), () => rulesOf(db, websiteId));
  }

  /** The store's coupons among these codes (case-insensitive), unknown codes left out. */
  async coupons(db: Db, websiteId: string, codes: string[]): Promise<CouponDefinition[]> {
    const generation = await this.#generation(websiteId);
    const found = await Promise.all(
      codes.map((code) =>
        this.#coupons.get(
          key(websiteId, code.toUpperCase(), generation),
          async () => (await couponsByCodes(db, websiteId, [code]))[0] ?? null,
        ),
      ),
    );
    return found.filter((c): c is CouponDefinition => c !== null);
  }

  /** After a change has committed: every replica's entries of the website go stale (see the top). */
  async #changed(websiteId: string, drop: () => void): Promise<void> {
    if (this.#generations) await this.#generations.bump(websiteId);
    else drop();
  }

  productChanged(websiteId: string, productId: string): Promise<void> {
    return this.#changed(websiteId, () => this.#products.invalidate(key(websiteId, productId, '')));
  }

  rulesChanged(websiteId: string): Promise<void> {
    return this.#changed(websiteId, () => this.#rules.invalidate(key(websiteId, 'rules', '')));
  }

  couponsChanged(websiteId: string): Promise<void> {
    return this.#changed(websiteId, () => this.#coupons.invalidatePrefix(websitePrefix(websiteId)));
  }
}
