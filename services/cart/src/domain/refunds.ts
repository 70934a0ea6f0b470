// Refund rules (pure): what a refund may take and from where, and what may go back to stock.
// Money goes back the way it came: to the card up to what the card paid (less earlier card
// refunds), the rest to the gift card the order used. Items go back to stock at most as many as
// were bought, less those already restocked; only tracked goods (physical products, services).
import { CommerceMessages, formatMessage, formatMinorUnits, type CurrencyCode, type OrderItem, type RestockLine } from '@sc/contracts';
import type { StoredRestock } from '../tables.js';
import { tracksStock } from './add-to-cart.js';

/** Statuses an order can be refunded from. */
export const REFUNDABLE_STATUSES: readonly string[] = ['paid', 'fulfilled', 'cancelled', 'partially-refunded', 'refunded'];

export interface RefundableOrder {
  status: string;
  currency: CurrencyCode;
  grandTotalCents: number;
  giftCardCents: number;
  items: OrderItem[];
}

/** Refunds made or under way on the order. */
export interface EarlierRefund {
  cardCents: number;
  giftCardCents: number;
  restocked: StoredRestock[];
}

export interface RefundRequestInput {
  /** Absent: everything left. */
  amountCents?: number | undefined;
  restock: boolean | RestockLine[];
}

export interface RefundPlan {
  amountCents: number;
  toCardCents: number;
  toGiftCardCents: number;
  restock: StoredRestock[];
}

export type PlanResult = { ok: true; plan: RefundPlan } | { ok: false; message: string };

const keyOf = (itemId: string, variantId: string) => `${itemId}\u0000${variantId}`;

/** Decides a refund, or the reason it cannot be made. */
export function planRefund(order: RefundableOrder, earlier: EarlierRefund[], input: RefundRequestInput): PlanResult {
  if (!REFUNDABLE_STATUSES.includes(order.status)) return { ok: false, message: CommerceMessages.refundNotAllowed };
  const chargedCents = order.grandTotalCents - order.giftCardCents;
  const cardRefunded = earlier.reduce((sum, r) => sum + r.cardCents, 0);
  const giftRefunded = earlier.reduce((sum, r) => sum + r.giftCardCents, 0);
  const left = order.grandTotalCents - cardRefunded - giftRefunded;
  const amount = input.amountCents ?? left;
  if (amount > left) {
    return { ok: false, message: formatMessage(CommerceMessages.refundTooLarge, { amount: formatMinorUnits(left, order.currency) }) };
  }
  const toCard = Math.min(amount, chargedCents - cardRefunded);
  const toGiftCard = amount - toCard;

  // What each tracked line may still take back.
  const open = new Map<string, StoredRestock>();
  for (const item of order.items) {
    if (!tracksStock(item.productType)) continue;
    const key = keyOf(item.itemId, item.variantId);
    const seen = open.get(key);
    if (seen) seen.quantity += item.quantity;
    else open.set(key, { itemId: item.itemId, variantId: item.variantId, sku: item.sku, quantity: item.quantity });
  }
  for (const refund of earlier) {
    for (const line of refund.restocked) {
      const seen = open.get(keyOf(line.itemId, line.variantId));
      if (seen) seen.quantity -= line.quantity;
    }
  }
  let restock: StoredRestock[] = [];
  if (input.restock === true) {
    restock = [...open.values()].filter((l) => l.quantity > 0);
  } else if (Array.isArray(input.restock)) {
    const wanted = new Map<string, number>();
    for (const line of input.restock) {
      const key = keyOf(line.itemId, line.variantId);
      if (!order.items.some((i) => keyOf(i.itemId, i.variantId) === key))
        return { ok: false, message: CommerceMessages.restockUnknownItem };
      wanted.set(key, (wanted.get(key) ?? 0) + line.quantity);
    }
    for (const [key, quantity] of wanted) {
      const available = open.get(key);
      // A line of an untracked item (a download, a gift card) has nothing to go back to.
      if (!available || quantity > available.quantity) return { ok: false, message: CommerceMessages.restockTooMany };
      restock.push({ ...available, quantity });
    }
  }
  if (amount === 0 && restock.length === 0) return { ok: false, message: CommerceMessages.refundNothing };
  return { ok: true, plan: { amountCents: amount, toCardCents: toCard, toGiftCardCents: toGiftCard, restock } };
}

/** The order's status after a refund: refunded when nothing is left, else it keeps what it says of delivery. */
export function statusAfterRefund(status: string, grandTotalCents: number, refundedCents: number): string {
  if (refundedCents >= grandTotalCents && grandTotalCents > 0) return 'refunded';
  if (refundedCents > 0 && status === 'paid') return 'partially-refunded';
  return status;
}
