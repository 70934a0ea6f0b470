// The cart service's tables (schema "cart").
import type { ColumnType, Generated } from 'kysely';
import type { MailTables, OutboxTables } from '@sc/platform';

type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface CartsTable {
  id: string;
  website_id: string;
  /** The value of the visitor's cart cookie; never shown to other visitors. */
  token: string;
  site_user_id: string | null;
  order_id: string | null;
  is_purchased: Generated<boolean>;
  /** 'cart' (the visitor's cart) or 'subscription' (a one-item subscription checkout). */
  kind: Generated<string>;
  coupon_codes: ColumnType<string[], string | undefined, string>;
  shipping_location: Json<StoredLocation | null> | null;
  shipping_option_id: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface StoredLocation {
  country: string;
  region?: string;
  postalCode?: string;
}

export interface StoredVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
  /** Shipping weight in grams (absent: none given, weighs nothing). */
  weightGrams?: number;
}

export interface ProductsTable {
  website_id: string;
  product_id: string;
  version: number;
  deleted: boolean;
  title: string;
  product_type: number;
  currency: string;
  visible: boolean;
  variant_option_ordering: Json<string[]>;
  is_subscribable: boolean;
  subscription_plan: Json<StoredPlan | null> | null;
  gift_card_denominations: Json<number[]>;
  additional_fields_form_id: string | null;
  variants: Json<StoredVariant[]>;
}

export interface StoredPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

export interface StockTable {
  website_id: string;
  product_id: string;
  variant_id: string;
  sku: string;
  qty: number;
  unlimited: boolean;
}

export interface CartEntriesTable {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: Generated<string>;
  created_at: CreatedAt;
}

export interface StoreRulesTable {
  website_id: string;
  currency: string | null;
  minimum_order_subtotal_cents: Generated<number>;
  minimum_donation_cents: Generated<number>;
  tax_rules: ColumnType<unknown[], string | undefined, string>;
  shipping_options: ColumnType<unknown[], string | undefined, string>;
  /** Migration 0090: the prices include tax. */
  prices_include_tax: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CouponsTable {
  website_id: string;
  code: string;
  kind: string;
  value: number;
  minimum_subtotal_cents: number;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** Migration 0006: the owner lets it join other combinable codes on one order. */
  combinable: Generated<boolean>;
  /** Migration 0006: orders that may use it (null: no limit), and orders that did (never below 0). */
  usage_limit: ColumnType<number | null, number | null | undefined, number | null>;
  times_used: Generated<number>;
}

export interface OrdersTable {
  id: string;
  order_number: Generated<number>;
  website_id: string;
  kind: string;
  cart_id: string | null;
  status: string;
  test_mode: boolean;
  email: string;
  shipping_address: Json<unknown> | null;
  items: Json<unknown[]>;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  gift_card_cents: number;
  grand_total_cents: number;
  gift_card_id: string | null;
  payment_reference: string | null;
  created_at: CreatedAt;
  /** Taken or being taken by refunds (migration 0004). */
  refunded_cents: Generated<number>;
  /** The buyer's key to the order (confirmation page, receipt email's link): random, 128+ bits (migrations 0006, 0007). */
  receipt_token: Generated<string>;
  /** Migration 0006: the codes whose uses this order took (given back if its payment fails). */
  coupon_codes: ColumnType<string[], string | undefined, string>;
  /**
   * Migration 0050: until when the checkout that made this pending order answers for it; past it,
   * the order is abandoned (its process died) and its holds are released. Null: renewals (which
   * resume their own) and orders made before 0050.
   */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The Idempotency-Key of the checkout that made it (migration 0060). */
  checkout_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0080: the shipping option chosen (null: nothing shipped, or made before 0080). */
  shipping_method: ColumnType<StoredShippingMethod | null, string | null | undefined, string | null>;
  /** Migration 0080: the carrier and tracking number given when the order was fulfilled. */
  tracking: ColumnType<StoredTracking | null, string | null | undefined, string | null>;
  /** Migration 0090: tax_cents was part of the prices (not added to the grand total). */
  tax_included: Generated<boolean>;
}

export interface StoredTracking {
  carrier: string | null;
  number: string | null;
}

/** What an order keeps of its shipping option. */
export interface StoredShippingMethod {
  name: string;
  pickup: boolean;
}

/** Webhook events handled, by the processor's event id: a replay changes nothing (migration 0007). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

export interface StoredRestock {
  itemId: string;
  variantId: string;
  sku: string;
  quantity: number;
}

export interface RefundsTable {
  id: string;
  website_id: string;
  order_id: string;
  amount_cents: number;
  card_cents: number;
  gift_card_cents: number;
  restocked: ColumnType<StoredRestock[], string | undefined, string>;
  reason: string | null;
  /** pending (the provider is being asked), succeeded or failed. */
  status: string;
  provider_reference: string | null;
  created_at: CreatedAt;
}

export interface SubscriptionRenewalsTable {
  id: string;
  website_id: string;
  subscription_id: string;
  cycle: number;
  /** charging, paid or failed. */
  status: string;
  order_id: string | null;
  attempts: Generated<number>;
  claimed_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  website_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: Json<unknown> | null;
  /** Reset when an expired key is claimed again. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /**
   * Migration 0050: while the answer is not stored, until when its request is known to be alive
   * (it renews the lease as it works) and who that request is; past it, a retry takes the key over.
   */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GiftCardsTable {
  id: string;
  website_id: string;
  code: string;
  currency: string;
  initial_cents: number;
  balance_cents: number;
  order_id: string | null;
  created_at: CreatedAt;
  recipient_email: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  seq: Generated<number>;
}

export interface SubscriptionsTable {
  id: string;
  website_id: string;
  order_id: string;
  product_id: string;
  variant_id: string;
  sku: string;
  email: string;
  plan: Json<StoredPlan>;
  price_cents: number;
  currency: string;
  cycles_billed: number;
  next_billing_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  status: string;
  created_at: CreatedAt;
  /** The provider's reusable payment token for renewals (migration 0004). */
  payment_method: ColumnType<string | null, string | null | undefined, string | null>;
  seq: Generated<number>;
}

export interface CartTables {
  carts: CartsTable;
  products: ProductsTable;
  stock: StockTable;
  cart_entries: CartEntriesTable;
  store_rules: StoreRulesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  idempotency_keys: IdempotencyKeysTable;
  gift_cards: GiftCardsTable;
  subscriptions: SubscriptionsTable;
  refunds: RefundsTable;
  subscription_renewals: SubscriptionRenewalsTable;
  payment_events: PaymentEventsTable;
  websites: WebsitesTable;
  customer_orders: CustomerOrdersTable;
  customers: CustomersTable;
  erasures: ErasuresTable;
}

/** What each paid order counts for in the customers read model (migration 0008). */
export interface CustomerOrdersTable {
  website_id: string;
  order_id: string;
  email: string;
  currency: string;
  total_cents: number;
  refunded_cents: ColumnType<number, number | undefined, number>;
  placed_at: ColumnType<Date, Date | string, Date | string>;
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_status: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The customers read model: one row per website and (lower-cased) email (migration 0008). */
export interface CustomersTable {
  website_id: string;
  email: string;
  name: string | null;
  site_user_id: string | null;
  newsletter: string | null;
  /** 'active' while one of their subscriptions runs, 'ended' when all have ended, null without any. */
  subscription: ColumnType<string | null, string | null | undefined, string | null>;
  orders: ColumnType<number, number | undefined, number>;
  totals: ColumnType<Array<{ currency: string; spentCents: number }>, string | undefined, string>;
  first_order_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_order_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The erasure log: who erased a customer, when, on which website; never the email (migration 0008). */
export interface ErasuresTable {
  id: string;
  website_id: string;
  requested_by: string;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** sha256 of "<website>:<lower-cased email>", never the email itself. */
  email_sha256: string;
}

/** The site's title and domain from content's events: the name on the shop's mail (migration 0007). */
export interface WebsitesTable {
  website_id: string;
  title: string;
  domain: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Everything in the cart schema, the platform's outbox tables included. */
export type CartDB = CartTables & OutboxTables & MailTables;
