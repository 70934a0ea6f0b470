// What a cart view needs besides the cart's own rows: the products of its lines, the store's rules
// (currency, tax, shipping) and its coupons. They change rarely and are read on every cart call,
// so each process keeps them for a few seconds. This process drops an entry as soon as it sees
// the change (the catalog consumer, the owner routes); other replicas see it when the entry
// expires. Checkout never reads from here: an order is priced from the database.
import type { Kysely, Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import type { CouponDefinition } from '../domain/totals.js';
import { couponsByCodes } from '../rules/coupons.repository.js';
import { rulesOf, type WebsiteRules } from '../rules/rules.repository.js';
import { findProduct, findProducts, type ProductRow } from './products.repository.js';
import { TtlCache } from './ttl-cache.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

/** How long another replica's change may take to show here. */
export const STORE_CACHE_TTL_MS = 5_000;

const key = (websiteId: string, id: string) => `${websiteId}\u0000${id}`;
const websitePrefix = (websiteId: string) => `${websiteId}\u0000`;

export class StoreCache {
  readonly #products: TtlCache<ProductRow | undefined>;
  readonly #rules: TtlCache<WebsiteRules>;
  readonly #coupons: TtlCache<CouponDefinition | null>;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    const ttlMs = options.ttlMs ?? STORE_CACHE_TTL_MS;
    const now = options.now ?? Date.now;
    this.#products = new TtlCache({ ttlMs, maxEntries: 20_000, now });
    this.#rules = new TtlCache({ ttlMs, maxEntries: 5_000, now });
    this.#coupons = new TtlCache({ ttlMs, maxEntries: 20_000, now });
  }

  /** A product of the read model (deleted ones included, as stored); unknown products are not remembered. */
  product(db: Db, websiteId: string, productId: string): Promise<ProductRow | undefined> {
    return this.#products.get(key(websiteId, productId), () => findProduct(db, websiteId, productId), (row) => row !== undefined);
  }

  /** Several products, one query for those not cached. */
  async products(db: Db, websiteId: string, productIds: string[]): Promise<Map<string, ProductRow>> {
    const found = new Map<string, ProductRow>();
    const missing: string[] = [];
    for (const id of new Set(productIds)) {
      const hit = this.#products.peek(key(websiteId, id));
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 1) {
      const row = await this.product(db, websiteId, missing[0]!);
      if (row) found.set(row.product_id, row);
    } else if (missing.length > 1) {
      for (const row of await findProducts(db, websiteId, missing)) {
        this.#products.set(key(websiteId, row.product_id), row);
        found.set(row.product_id, row);
      }
    }
    return found;
  }

  rules(db: Db, websiteId: string): Promise<WebsiteRules> {
    return this.#rules.get(websiteId, () => rulesOf(db, websiteId));
  }

  /** The store's coupons among these codes (case-insensitive), unknown codes left out. */
  async coupons(db: Db, websiteId: string, codes: string[]): Promise<CouponDefinition[]> {
    const found = await Promise.all(
      codes.map((code) =>
        this.#coupons.get(key(websiteId, code.toUpperCase()), async () => (await couponsByCodes(db, websiteId, [code]))[0] ?? null),
      ),
    );
    return found.filter((c): c is CouponDefinition => c !== null);
  }

  productChanged(websiteId: string, productId: string): void {
    this.#products.invalidate(key(websiteId, productId));
  }

  rulesChanged(websiteId: string): void {
    this.#rules.invalidate(websiteId);
  }

  couponsChanged(websiteId: string): void {
    this.#coupons.invalidatePrefix(websitePrefix(websiteId));
  }
}
