// A signed-in buyer's account (issue 36): their orders on this website (status, total, lines,
// tracking, and the receipt token that opens each order's page) and the addresses they shipped
// to, which checkout offers. Only the signed-in site user's own orders: the identity the gateway
// signed names them, nothing the request says.
import { lineTitle, type AccountOrder, type AccountResponse, type Address, type CurrencyCode, type OrderItem } from '@sc/contracts';
import type { Kysely } from 'kysely';
import type { CartDB } from '../tables.js';
import { ordersOfSiteUser } from './orders.repository.js';

export const ACCOUNT_ORDERS = 50;
export const SAVED_ADDRESSES = 5;

/** Two addresses are the same one whatever the case and spacing the buyer typed them with. */
const addressKey = (a: Address): string =>
  JSON.stringify(
    [a.name, a.line1, a.line2 ?? '', a.city, a.region ?? '', a.postalCode ?? '', a.country].map((v) =>
      v.trim().replace(/\s+/g, ' ').toUpperCase(),
    ),
  );

export async function accountOf(db: Kysely<CartDB>, websiteId: string, siteUserId: string): Promise<AccountResponse> {
  const rows = await ordersOfSiteUser(db, websiteId, siteUserId, ACCOUNT_ORDERS);
  const orders: AccountOrder[] = rows.map((row) => ({
    id: row.id,
    orderNumber: Number(row.order_number),
    status: row.status as AccountOrder['status'],
    createdAt: new Date(row.created_at).toISOString(),
    grandTotal: { value: String(row.grand_total_cents), currency: row.currency as CurrencyCode },
    lines: (row.items as OrderItem[]).map((item) => `${lineTitle(item)} × ${item.quantity}`),
    tracking: row.tracking ?? null,
    receiptToken: row.receipt_token,
  }));
  const seen = new Set<string>();
  const addresses: Address[] = [];
  for (const row of rows) {
    const address = row.shipping_address as Address | null;
    if (!address || addresses.length >= SAVED_ADDRESSES) continue;
    const key = addressKey(address);
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
  }
  return { orders, addresses };
}
