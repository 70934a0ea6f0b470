// The shop's mail about orders: the receipt when an order is paid and the notice of a refund,
// enqueued in the transaction that changes the order (so each exists exactly when its change
// commits, and its idempotency key makes a second enqueue a no-op), delivered by the mail relay.
import { formatMinorUnits, lineTitle, type Address, type CurrencyCode, type OrderItem } from '@sc/contracts';
import {
  DEFAULT_PUBLIC_URL,
  enqueueMail,
  isWebsiteDomain,
  renderMail,
  websiteOrigin,
  type MailBlock,
  type MailBrand,
  type RenderedMail,
} from '@sc/platform';
import type { Kysely, Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import type { OrderRow } from './orders.repository.js';
import type { RefundRow } from './refunds.repository.js';
import { addressLines } from './address-format.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

export interface SiteOfMail {
  brand: MailBrand;
  /** The site's public origin, or null when the site has no domain yet (the mail then has no links). */
  origin: string | null;
}

/**
 * The site's name and origin: its domain from the websites read model under PUBLIC_URL's scheme
 * and port (`publicUrl`, the service's configuration), never anything a request said.
 */
export async function siteOfMail(db: Db, websiteId: string, publicUrl: string | undefined): Promise<SiteOfMail> {
  const site = await db.selectFrom('websites').select(['title', 'domain']).where('website_id', '=', websiteId).executeTakeFirst();
  const domain = site?.domain?.split(':')[0];
  if (!isWebsiteDomain(domain)) return { brand: { siteName: site?.title || 'Our shop' }, origin: null };
  return { brand: { siteName: site?.title || 'Our shop' }, origin: websiteOrigin(publicUrl ?? DEFAULT_PUBLIC_URL, domain) };
}

/** The order page of a buyer: the receipt token is its key. */
export const receiptUrl = (origin: string, orderId: string, receiptToken: string): string =>
  `${origin}/cart?view=status&order=${encodeURIComponent(orderId)}&receiptToken=${encodeURIComponent(receiptToken)}`;

const money = (cents: number, currency: string) => formatMinorUnits(cents, currency as CurrencyCode);

/** The shipping line of an order: the option's name and its cost ("Free" when nothing was charged); none when nothing ships. */
export function shippingRow(
  order: Pick<OrderRow, 'shipping_cents' | 'shipping_method' | 'currency'>,
): Array<{ label: string; value: string }> {
  const method = order.shipping_method;
  if (!method) return order.shipping_cents > 0 ? [{ label: 'Shipping', value: money(order.shipping_cents, order.currency) }] : [];
  return [{ label: `Shipping (${method.name})`, value: order.shipping_cents > 0 ? money(order.shipping_cents, order.currency) : 'Free' }];
}

/**
 * The tax line of an order: "Tax $X" above the total when it was added; "incl. $X tax" below the
 * total when the prices contained it (the store's "prices include tax"); none when there was none.
 */
export function taxRows(
  order: Pick<OrderRow, 'tax_cents' | 'tax_included' | 'currency'>,
): Array<{ label: string; value: string; included: boolean }> {
  if (order.tax_cents <= 0) return [];
  const amount = money(order.tax_cents, order.currency);
  return [
    order.tax_included ? { label: 'Tax', value: `incl. ${amount} tax`, included: true } : { label: 'Tax', value: amount, included: false },
  ];
}

/** The receipt of a paid order: lines, options, quantities, discounts, gift card, shipping, tax, totals, address, link. */
export function receiptMail(site: SiteOfMail, order: OrderRow, giftCardsIssued: Array<{ code: string; cents: number }> = []): RenderedMail {
  const c = order.currency;
  const items = order.items as OrderItem[];
  const number = Number(order.order_number);
  const lines = items.map((i) => ({
    label: `${lineTitle(i)} × ${i.quantity}`,
    value: money(Number(i.unitPrice.value) * i.quantity, c),
  }));
  const totals = [
    { label: 'Subtotal', value: money(order.subtotal_cents, c) },
    ...(order.discount_cents > 0 ? [{ label: 'Discount', value: `−${money(order.discount_cents, c)}` }] : []),
    ...shippingRow(order),
    ...taxRows(order).filter((row) => !row.included),
    { label: 'Total', value: money(order.grand_total_cents, c), strong: true },
    ...taxRows(order).filter((row) => row.included),
    ...(order.gift_card_cents > 0 ? [{ label: 'Paid by gift card', value: `−${money(order.gift_card_cents, c)}` }] : []),
    { label: 'Charged to your card', value: money(order.grand_total_cents - order.gift_card_cents, c), strong: true },
  ];
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `Thank you for your order. Here is your receipt for order #${number}.${order.test_mode ? ' (Test mode: no money moved.)' : ''}`,
    },
    { kind: 'table', rows: [...lines, ...totals] },
  ];
  const address = order.shipping_address as Address | null;
  if (order.shipping_method?.pickup)
    blocks.push({ kind: 'paragraph', text: `${order.shipping_method.name}: we will email you when your order is ready to collect.` });
  else if (address) blocks.push({ kind: 'paragraph', text: `Shipping to:\n${addressLines(address).join('\n')}` });
  for (const card of giftCardsIssued) {
    blocks.push({ kind: 'paragraph', text: `Gift card worth ${money(card.cents, c)}:` }, { kind: 'code', text: card.code });
  }
  if (site.origin) blocks.push({ kind: 'button', label: 'View your order', url: receiptUrl(site.origin, order.id, order.receipt_token) });
  return renderMail(site.brand, {
    subject: `Your receipt from ${site.brand.siteName}: order #${number}`,
    heading: `Order #${number} is confirmed`,
    blocks,
    footer: `You are receiving this email because you placed an order at ${site.brand.siteName} with this address.`,
  });
}

/** A refund of (part of) an order. */
export function refundMail(
  site: SiteOfMail,
  order: OrderRow,
  refund: Pick<RefundRow, 'amount_cents' | 'card_cents' | 'gift_card_cents'>,
  refundedTotalCents: number,
): RenderedMail {
  const c = order.currency;
  const number = Number(order.order_number);
  const rows = [
    { label: 'Refunded now', value: money(refund.amount_cents, c), strong: true },
    ...(refund.card_cents > 0 ? [{ label: 'To your card', value: money(refund.card_cents, c) }] : []),
    ...(refund.gift_card_cents > 0 ? [{ label: 'To your gift card', value: money(refund.gift_card_cents, c) }] : []),
    { label: 'Refunded on this order so far', value: money(refundedTotalCents, c) },
    { label: 'Order total', value: money(order.grand_total_cents, c) },
  ];
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `We have refunded ${money(refund.amount_cents, c)} on order #${number}. A card refund can take 5 to 10 business days to show on your statement.`,
    },
    { kind: 'table', rows },
  ];
  if (site.origin) blocks.push({ kind: 'button', label: 'View your order', url: receiptUrl(site.origin, order.id, order.receipt_token) });
  return renderMail(site.brand, {
    subject: `Refund of ${money(refund.amount_cents, c)} on order #${number}`,
    heading: `A refund on order #${number}`,
    blocks,
    footer: `You are receiving this email because you placed an order at ${site.brand.siteName} with this address.`,
  });
}

/** Enqueues the receipt of an order that just became paid (once per order, whoever calls). */
export async function enqueueReceipt(
  trx: Transaction<CartDB>,
  order: OrderRow,
  giftCardsIssued: Array<{ code: string; cents: number }>,
  publicUrl: string | undefined,
): Promise<void> {
  const mail = receiptMail(await siteOfMail(trx, order.website_id, publicUrl), order, giftCardsIssued);
  await enqueueMail(trx, {
    idempotencyKey: `order-receipt:${order.id}`,
    websiteId: order.website_id,
    kind: 'order.receipt',
    to: order.email,
    ...mail,
  });
}

/** Enqueues the notice of a refund that just succeeded (once per refund). */
export async function enqueueRefundNotice(
  trx: Transaction<CartDB>,
  order: OrderRow,
  refund: RefundRow,
  refundedTotalCents: number,
  publicUrl: string | undefined,
): Promise<void> {
  const mail = refundMail(await siteOfMail(trx, order.website_id, publicUrl), order, refund, refundedTotalCents);
  await enqueueMail(trx, {
    idempotencyKey: `order-refund:${refund.id}`,
    websiteId: order.website_id,
    kind: 'order.refund',
    to: order.email,
    ...mail,
  });
}

/** The buyer's shipping confirmation: carrier and tracking number when the owner gave them. */
export function shippingMail(site: SiteOfMail, order: OrderRow, carrier: string | null, trackingNumber: string | null): RenderedMail {
  const number = Number(order.order_number);
  const items = order.items as OrderItem[];
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `Good news: order #${number} is on its way.` },
    { kind: 'table', rows: items.map((i) => ({ label: lineTitle(i), value: `× ${i.quantity}` })) },
  ];
  if (carrier || trackingNumber) {
    blocks.push({
      kind: 'table',
      rows: [
        ...(carrier ? [{ label: 'Carrier', value: carrier }] : []),
        ...(trackingNumber ? [{ label: 'Tracking number', value: trackingNumber }] : []),
      ],
    });
  }
  const address = order.shipping_address as Address | null;
  if (address) blocks.push({ kind: 'paragraph', text: `Shipping to:\n${addressLines(address).join('\n')}` });
  if (site.origin) blocks.push({ kind: 'button', label: 'View your order', url: receiptUrl(site.origin, order.id, order.receipt_token) });
  return renderMail(site.brand, {
    subject: `Order #${number} has shipped`,
    heading: `Order #${number} has shipped`,
    blocks,
    footer: `You are receiving this email because you placed an order at ${site.brand.siteName} with this address.`,
  });
}

/** Enqueues the shipping confirmation of an order marked fulfilled (once per order). */
export async function enqueueShippingConfirmation(
  trx: Transaction<CartDB>,
  order: OrderRow,
  carrier: string | null,
  trackingNumber: string | null,
  publicUrl: string | undefined,
): Promise<void> {
  const mail = shippingMail(await siteOfMail(trx, order.website_id, publicUrl), order, carrier, trackingNumber);
  await enqueueMail(trx, {
    idempotencyKey: `order-shipped:${order.id}`,
    websiteId: order.website_id,
    kind: 'order.shipped',
    to: order.email,
    ...mail,
  });
}

const FOOTER_SUBSCRIBER = (site: SiteOfMail) => `You are receiving this email because you have a subscription at ${site.brand.siteName}.`;

/** A renewal was charged. */
export function renewalMail(site: SiteOfMail, order: OrderRow, nextBilling: Date | null): RenderedMail {
  const item = (order.items as OrderItem[])[0];
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `Your subscription${item ? ` to ${item.productName}` : ''} has renewed.` },
    {
      kind: 'table',
      rows: [
        { label: 'Charged', value: money(order.grand_total_cents, order.currency), strong: true },
        ...(nextBilling ? [{ label: 'Next renewal', value: nextBilling.toISOString().slice(0, 10) }] : []),
      ],
    },
  ];
  if (site.origin) blocks.push({ kind: 'button', label: 'View the order', url: receiptUrl(site.origin, order.id, order.receipt_token) });
  return renderMail(site.brand, {
    subject: `Your subscription renewed: order #${Number(order.order_number)}`,
    heading: 'Your subscription renewed',
    blocks,
    footer: FOOTER_SUBSCRIBER(site),
  });
}

/** A renewal could not be charged: the subscription is paused until the shop resumes it. */
export function renewalFailedMail(site: SiteOfMail, productName: string | null, amountCents: number, currency: string): RenderedMail {
  return renderMail(site.brand, {
    subject: `We could not renew your subscription${productName ? ` to ${productName}` : ''}`,
    heading: 'Your subscription payment failed',
    blocks: [
      {
        kind: 'paragraph',
        text: `We tried to charge ${money(amountCents, currency)} for your subscription${productName ? ` to ${productName}` : ''}, but the payment did not go through. The subscription is paused.`,
      },
      { kind: 'paragraph', text: `Please contact ${site.brand.siteName} to update your payment details.` },
    ],
    footer: FOOTER_SUBSCRIBER(site),
  });
}

/** A gift card for its recipient, with its code. */
export function giftCardMail(site: SiteOfMail, code: string, cents: number, currency: string, note: string | null): RenderedMail {
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `You have received a gift card worth ${money(cents, currency)} for ${site.brand.siteName}.` },
    ...(note ? [{ kind: 'paragraph' as const, text: note }] : []),
    { kind: 'paragraph', text: 'Enter this code at checkout:' },
    { kind: 'code', text: code },
  ];
  if (site.origin) blocks.push({ kind: 'button', label: `Visit ${site.brand.siteName}`, url: site.origin });
  return renderMail(site.brand, {
    subject: `A gift card for ${site.brand.siteName}`,
    heading: `${money(cents, currency)} to spend at ${site.brand.siteName}`,
    blocks,
    footer: `You are receiving this email because someone sent you a gift card from ${site.brand.siteName}.`,
  });
}

/** Enqueues a shop mail built from the site (any of the builders above). */
export async function enqueueShopMail(
  trx: Transaction<CartDB>,
  websiteId: string,
  to: string,
  kind: string,
  idempotencyKey: string,
  build: (site: SiteOfMail) => RenderedMail,
  publicUrl: string | undefined,
): Promise<void> {
  const mail = build(await siteOfMail(trx, websiteId, publicUrl));
  await enqueueMail(trx, { idempotencyKey, websiteId, kind, to, ...mail });
}
