// The random identifiers of orders and what they make: order (and gift-card, subscription,
// refund) ids, receipt tokens and gift-card codes.
import { randomBytes } from 'node:crypto';

export const newOrderId = (): string => randomBytes(12).toString('hex');

/** An order's receipt token: 128 random bits, base64url (22 characters). */
export const newReceiptToken = (): string => randomBytes(16).toString('base64url');

/** A gift card code: 16 unambiguous characters in four groups (about 80 bits). */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
