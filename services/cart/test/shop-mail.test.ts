// The shop's other mail in test mode (local mailbox): the shipping confirmation when the owner
// marks an order fulfilled, a gift card mailed to its recipient, the owner's Sent mail, failed
// mail with its resend, and a preview of each template.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MailMessages, type CheckoutResponse, type MailPreview } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { applyWebsiteEvent } from '../src/index.js';
import { ADMIN, APP_START_TIMEOUT_MS, CARD, envelope, REPORTING, setup, type Kit } from './kit.js';

const ADDRESS = { name: 'Ada Buyer', line1: '1 Fore St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe(`shop mail (${mode.database})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await kit?.close();
  });

  const owner = (websiteId: string, roles: number[] = ADMIN) => ({ websiteId, roles, headers: { 'idempotency-key': randomUUID() } });
  const mailbox = async (websiteId: string, kind?: string) => {
    await kit.parts.mail.deliverBatch();
    const r = await kit.call('GET', `/api/commerce/store/mailbox?limit=50${kind ? `&kind=${kind}` : ''}`, { websiteId, roles: ADMIN });
    expect(r.statusCode).toBe(200);
    return r.json<{ items: Array<{ id: string; kind: string; to: string; subject: string; text: string; html: string | null }> }>().items;
  };
  const paidOrder = async () => {
    const site = kit.newSite();
    await applyWebsiteEvent(
      kit.ctx,
      envelope('content.website.created', site, {
        title: 'Harbour <Goods>',
        templateId: 't',
        domains: ['harbour.example.com'],
        previousDomains: [],
      }),
    );
    const product = await kit.product(site, { title: 'Blue mug', variants: [{ sku: 'MUG', price: 1500, qty: 10 }] });
    const cart = await kit.cartWith(site, [{ itemId: product.productId }]);
    const response = await kit.call(
      'POST',
      '/api/commerce/checkout',
      { websiteId: site, cart, headers: { 'idempotency-key': randomUUID() } },
      { email: 'buyer@example.com', shippingAddress: ADDRESS, card: CARD },
    );
    expect(response.statusCode).toBe(201);
    return { site, ...response.json<CheckoutResponse>() };
  };

  it('marking an order fulfilled mails one shipping confirmation with the carrier and tracking number', async () => {
    const { site, order } = await paidOrder();
    const body = { status: 'fulfilled', carrier: 'USPS', trackingNumber: '9400 1000 0000' };
    expect((await kit.call('PUT', `/api/commerce/store/orders/${order.id}/status`, owner(site), body)).statusCode).toBe(200);
    expect((await kit.call('PUT', `/api/commerce/store/orders/${order.id}/status`, owner(site), body)).statusCode).toBe(200);
    const shipped = await mailbox(site, 'order.shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({ to: 'buyer@example.com', subject: `Order #${order.orderNumber} has shipped` });
    expect(shipped[0]!.text).toMatch(/Carrier\s+USPS/);
    expect(shipped[0]!.text).toMatch(/Tracking number\s+9400 1000 0000/);
    // The site's name is escaped in the HTML part.
    expect(shipped[0]!.html).toContain('Harbour &lt;Goods&gt;');
    expect(shipped[0]!.html).not.toContain('Harbour <Goods>');
    const bad = await kit.call('PUT', `/api/commerce/store/orders/${order.id}/status`, owner(site), {
      status: 'fulfilled',
      trackingNumber: '<script>',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a gift card the owner issues to a recipient is mailed with its code, once', async () => {
    const { site } = await paidOrder();
    const issued = await kit.call('POST', '/api/commerce/store/gift-cards', owner(site), {
      amountCents: 5000,
      recipientEmail: 'friend@example.com',
      note: 'Happy birthday',
    });
    expect(issued.statusCode).toBe(201);
    const code = issued.json<{ giftCard: { code: string } }>().giftCard.code;
    const mails = await mailbox(site, 'gift-card.delivered');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'friend@example.com', subject: 'A gift card for Harbour <Goods>' });
    expect(mails[0]!.text).toContain(code);
    expect(mails[0]!.text).toContain('$50.00');
    expect(mails[0]!.text).toContain('Happy birthday');
  });

  it('Sent mail lists the receipt; failed mail is listed and resent once; only this website and store:manage may resend', async () => {
    const { site, order } = await paidOrder();
    const receipts = await mailbox(site, 'order.receipt');
    expect(receipts.map((m) => m.subject)).toEqual([`Your receipt from Harbour <Goods>: order #${order.orderNumber}`]);
    // A mail whose attempts ran out (the relay's retries and backoff are the platform's own test).
    const row = await kit.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('website_id', '=', site)
      .where('kind', '=', 'order.receipt')
      .executeTakeFirstOrThrow();
    await kit.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 8, last_error: '451 Try again later' })
      .where('id', '=', row.id)
      .execute();
    const failed = await kit.call('GET', '/api/commerce/store/mail/failed', { websiteId: site, roles: ADMIN });
    expect(failed.json()).toEqual({
      items: [
        expect.objectContaining({
          id: row.id,
          kind: 'order.receipt',
          to: 'buyer@example.com',
          attempts: 8,
          lastError: '451 Try again later',
        }),
      ],
    });

    const otherSite = await kit.call('POST', `/api/commerce/store/mail/${row.id}/resend`, owner(kit.newSite()));
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json()).toMatchObject({ message: MailMessages.mailNotFound });
    expect((await kit.call('POST', `/api/commerce/store/mail/${row.id}/resend`, owner(site, REPORTING))).statusCode).toBe(403);
    const resent = await kit.call('POST', `/api/commerce/store/mail/${row.id}/resend`, owner(site));
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ resent: true });
    expect((await kit.call('POST', `/api/commerce/store/mail/${row.id}/resend`, owner(site))).statusCode).toBe(404);
    expect((await kit.call('POST', '/api/commerce/store/mail/not-a-mail/resend', owner(site))).statusCode).toBe(404);
    await kit.parts.mail.deliverBatch();
    expect((await kit.ctx.db.selectFrom('mail_outbox').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe(
      'sent',
    );
    expect((await kit.call('GET', '/api/commerce/store/mail/failed', { websiteId: site, roles: ADMIN })).json()).toEqual({ items: [] });
  });

  it('the owner previews every template with the site name, in both parts', async () => {
    const { site } = await paidOrder();
    const response = await kit.call('GET', '/api/commerce/store/mail/previews', { websiteId: site, roles: REPORTING });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: MailPreview[] }>().items;
    expect(items.map((p) => p.kind)).toEqual([
      'order.receipt',
      'order.shipped',
      'order.refund',
      'subscription.renewed',
      'subscription.renewal-failed',
      'gift-card.delivered',
    ]);
    for (const p of items) {
      expect(p.text.startsWith('Harbour <Goods>\n')).toBe(true);
      expect(p.html).toContain('Harbour &lt;Goods&gt;');
      expect(p.subject.length).toBeGreaterThan(5);
    }
    expect((await kit.call('GET', '/api/commerce/store/mail/previews', { websiteId: site })).statusCode).toBe(401);
  });
});
