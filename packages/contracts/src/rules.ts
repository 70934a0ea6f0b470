// One home per rule: the limits and patterns that more than one place checks (the services, the
// storefront, the admin). Each is defined here once; docs/where-rules-live.md lists them, and
// test/unit/one-home-per-rule.test.ts fails when a copy appears elsewhere.
//
// Pure values and functions only, importing nothing but the message catalogue, so every schema
// file of this package may use them without an import cycle.
import { AddToCartMessages } from './messages.js';

/** SPEC 9: a cart line's quantity is 1 to 9999. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/** A coupon's percentage is kept in basis points: 1 (0.01 %) to 10000 (100 %). */
export const COUPON_PERCENTAGE_BPS = { min: 1, max: 10_000 } as const;

/** Our wording where SPEC gives none, one sentence per rule (the owner types percent, not bps). */
export const RuleMessages = {
  quantityOutOfRange: `Quantity must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}.`,
  couponPercentage: 'A percentage is more than 0 and at most 100.',
} as const;

/**
 * SPEC 5's email rules. They differ on purpose, by where the address is typed:
 * - `simple`: form fields and the newsletter (SPEC 5 "Email must be valid": any top-level part);
 * - `owner`: owner-side fields and comments (a top-level part of 2 letters or more);
 * - `restock`: the restock waitlist (SPEC 5: 3 to 256 characters, top-level part of 2 to 4 letters).
 */
export const EmailPatterns = {
  simple: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  owner: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/,
  restock: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/,
} as const;

/** A rule broken: the message to show; or the value that passed. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** A decimal number as a person types it (leading sign, fraction, exponent). */
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** SPEC 5/9: a quantity is a number, whole, 1 to 9999; absent (not blank) means 1. */
export function parseQuantity(raw: number | string | undefined | null): RuleResult<number> {
  if (raw === undefined || raw === null) return { ok: true, value: 1 };
  let value: number;
  if (typeof raw === 'number') {
    value = raw;
  } else {
    const text = raw.trim();
    if (!NUMERIC.test(text)) return { ok: false, message: AddToCartMessages.quantityNotNumber };
    value = Number(text);
  }
  if (!Number.isFinite(value)) return { ok: false, message: AddToCartMessages.quantityNotNumber };
  if (!Number.isInteger(value)) return { ok: false, message: AddToCartMessages.quantityNotWhole };
  if (value < MIN_QUANTITY || value > MAX_QUANTITY) return { ok: false, message: RuleMessages.quantityOutOfRange };
  return { ok: true, value };
}

/** Whether a percentage coupon's value (basis points) is within the rule. */
export const couponPercentageAllowed = (bps: number): boolean =>
  Number.isInteger(bps) && bps >= COUPON_PERCENTAGE_BPS.min && bps <= COUPON_PERCENTAGE_BPS.max;
