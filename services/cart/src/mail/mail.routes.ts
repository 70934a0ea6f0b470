// The owner's view of the shop's mail: what was delivered to the local mailbox ("Sent mail"), what
// could not be delivered (with a resend), and a preview of each template with a sample order.
import {
  FailedMailList,
  MailboxMessage,
  MailboxQuery,
  MailMessages,
  MailParams,
  MailPreviewList,
  MailResent,
  Permission,
  type Address,
  type OrderItem,
} from '@sc/contracts';
import { ownerRoute, pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import { giftCardMail, receiptMail, refundMail, renewalFailedMail, renewalMail, shippingMail } from '../orders/index.js';
import type { CartModule } from '../module.js';
import type { OrderRow } from '../orders/index.js';
import { cartFailure } from '../shared/errors.js';

/** A made-up order for the previews. */
function sampleOrder(websiteId: string): OrderRow {
  const items: OrderItem[] = [
    {
      itemId: 'sample',
      variantId: 'sample-v',
      sku: 'MUG-BLUE',
      productName: 'Blue mug',
      productType: 1,
      quantity: 2,
      unitPrice: { value: '1800', currency: 'USD' },
      additionalFields: null,
    },
    {
      itemId: 'sample2',
      variantId: 'sample2-v',
      sku: 'TEE-M',
      productName: 'T-shirt',
      productType: 1,
      quantity: 1,
      unitPrice: { value: '2500', currency: 'USD' },
      additionalFields: '{"Size":"M"}',
    },
  ];
  const address: Address = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
  return {
    id: 'preview',
    order_number: 1001,
    website_id: websiteId,
    kind: 'order',
    cart_id: null,
    status: 'paid',
    test_mode: true,
    email: 'buyer@example.com',
    shipping_address: address,
    items,
    currency: 'USD',
    subtotal_cents: 6100,
    discount_cents: 500,
    shipping_cents: 700,
    tax_cents: 450,
    gift_card_cents: 1000,
    grand_total_cents: 6750,
    gift_card_id: null,
    payment_reference: null,
    created_at: new Date(),
    refunded_cents: 0,
    receipt_token: 'preview-token',
    coupon_codes: [],
    lease_until: null,
    checkout_key: null,
    shipping_method: { name: 'Standard', pickup: false },
    tracking: null,
    tax_included: false,
  };
}

export function mailRoutes(app: ZodApp, parts: Pick<CartModule, 'mailbox'>): void {
  const { mailbox } = parts;

  app.get(
    '/api/commerce/store/mailbox',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's sent mail (receipts, refund notices and the rest), paged",
        querystring: MailboxQuery,
        response: { 200: pageSchema(MailboxMessage) },
      },
    }),
    async (request) => mailbox.mailbox(websiteIdOf(request), request.query),
  );

  app.get(
    '/api/commerce/store/mail/failed',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'Store mail that could not be delivered', response: { 200: FailedMailList } } }),
    async (request) => ({
      items: await mailbox.failed(websiteIdOf(request)),
    }),
  );

  app.post(
    '/api/commerce/store/mail/:mailId/resend',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Send a failed store mail again', params: MailParams, response: { 200: MailResent } },
    }),
    async (request) => {
      if (!(await mailbox.resend(websiteIdOf(request), request.params.mailId))) throw cartFailure(404, MailMessages.mailNotFound);
      return { resent: true as const };
    },
  );

  app.get(
    '/api/commerce/store/mail/previews',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'Previews of every store mail template with sample data', response: { 200: MailPreviewList } },
    }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const site = await mailbox.site(websiteId);
      const shown = { ...site, origin: site.origin ?? 'https://example.com' };
      const order = sampleOrder(websiteId);
      return {
        items: [
          { kind: 'order.receipt', label: 'Order receipt', ...receiptMail(shown, order, [{ code: 'ABCD-EFGH-JKLM-NPQR', cents: 2500 }]) },
          { kind: 'order.shipped', label: 'Shipping confirmation', ...shippingMail(shown, order, 'USPS', '9400 1000 0000 0000 0000 00') },
          {
            kind: 'order.refund',
            label: 'Refund notice',
            ...refundMail(shown, order, { amount_cents: 3375, card_cents: 3375, gift_card_cents: 0 }, 3375),
          },
          {
            kind: 'subscription.renewed',
            label: 'Subscription renewed',
            ...renewalMail(shown, order, new Date(Date.now() + 30 * 24 * 3600_000)),
          },
          {
            kind: 'subscription.renewal-failed',
            label: 'Subscription renewal failed',
            ...renewalFailedMail(shown, 'Coffee club', 2500, 'USD'),
          },
          {
            kind: 'gift-card.delivered',
            label: 'Gift card for its recipient',
            ...giftCardMail(shown, 'ABCD-EFGH-JKLM-NPQR', 5000, 'USD', 'Happy birthday!'),
          },
        ],
      };
    },
  );
}
