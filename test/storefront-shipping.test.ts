/// <reference lib="dom" />
// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 36, shipping and tax with exact amounts, on the demo shop as seeded (cart's rules/demo-rules.ts),
// in a real browser at desktop and phone sizes: two items, a coupon, the buyer's state, the
// options each with its cost for this cart (flat rate free from $75, by weight, local pickup in
// Maine only), Maine's sales tax; the same amounts on the cart, the confirmation page, the receipt
// read from a real SMTP server, and the admin's order page.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { AddToCartMessages } from '@sc/contracts';
import { TestSmtpServer, type ReceivedMail } from '@sc/platform/test-kit/smtp-server';
import { signIn } from './admin-kit.js';
import { mailedPath } from './browser-kit.js';
import { eventually, OwnerApi, shot, startStorefront, stopStorefront, visitor, type Storefront } from './storefront-kit.js';

const SUITE = 'shipping';
const TOTE = '/shop/waxed-canvas-market-tote';
const CANDLES = '/shop/beeswax-pillar-candle-trio';

let harness: Storefront;
let owner: OwnerApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  harness = await startStorefront({ env: { SMTP_URL: smtpUrl } });
  owner = await OwnerApi.signIn(harness.url);
  await owner.call('POST', '/api/commerce/coupons', { code: 'HARBOUR10', kind: 'percentage', value: 1000 });
}, 240_000);

afterAll(async () => {
  await stopStorefront(harness);
  await smtp?.stop();
});

async function mailTo(to: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to}; received: ${smtp.received.map((m) => `${m.to.join(',')} ${m.subject}`).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function add(page: Page, path: string, choose: Record<string, string> = {}): Promise<void> {
  await page.goto(path);
  for (const [option, value] of Object.entries(choose)) await page.getByLabel(option, { exact: true }).selectOption(value);
  await page.locator('.sqs-add-to-cart-button').click();
  await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();
}

const totalsOf = (page: Page, scope: string) =>
  page
    .locator(`${scope} .cart-totals > div`)
    .evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`));

/**
 * Tote (Olive, Medium) $68.00, 900 g + candle trio on sale $27.00, 1.2 kg = $95.00; HARBOUR10
 * takes $9.50, leaving $85.50 (so Standard, free from $75.00, is free); Maine's 5.5 % of $85.50 is
 * $4.7025 → $4.70. Express parcel for 2.1 kg: $14.00. Pickup: free.
 */
const CASES = [
  {
    mobile: false,
    option: 'Express parcel',
    label: 'Express parcel ($14.00)',
    shipping: '$14.00',
    grand: '$104.20',
    email: 'maren.desktop@example.com',
  },
  {
    mobile: true,
    option: 'Local pickup (Fore Street, Portland)',
    label: 'Local pickup (Fore Street, Portland) (Free)',
    shipping: 'Free',
    grand: '$90.20',
    email: 'maren.phone@example.com',
  },
] as const;

describe('shipping and tax on the demo shop', () => {
  for (const c of CASES) {
    const size = c.mobile ? 'phone' : 'desktop';
    it(`${size}: ${c.option}, a coupon and Maine tax, the same on the cart, confirmation, receipt and admin order`, async () => {
      const { context, page } = await visitor(harness, { mobile: c.mobile });
      try {
        await add(page, TOTE, { Colour: 'Olive', Size: 'Medium' });
        await add(page, CANDLES);
        await page.goto('/cart');
        await page.locator('.cart-entry').first().waitFor();
        // No place given yet: no option, no tax.
        expect(await page.locator('.shipping-options').count()).toBe(0);
        await page.getByLabel('Coupon code').fill('HARBOUR10');
        await page.getByRole('button', { name: 'Apply' }).click();
        await eventually(async () => (await page.locator('.sc-cart [data-total="discount"]').count()) === 1);

        const place = page.locator('.shipping-location');
        await place.getByLabel('Country').fill('US');
        await place.getByLabel('State or region').fill('ME');
        await place.getByLabel('Postal code').fill('04101');
        await place.getByRole('button', { name: 'Update' }).click();
        await page.locator('.shipping-options').waitFor();
        await expect(page.locator('.shipping-option').allTextContents()).resolves.toEqual([
          ' Standard (Free)',
          ' Express parcel ($14.00)',
          ' Local pickup (Fore Street, Portland) (Free)',
        ]);
        // The radio follows the cart the server answers (a click, then the new cart checks it).
        // (Standard is free here too: the total alone does not show the choice was taken.)
        await page.getByRole('radio', { name: c.label }).click();
        await eventually(
          async () =>
            (await page.getByRole('radio', { name: c.label }).isChecked()) &&
            (await page.locator('.sc-cart [data-total="grand"]').textContent()) === c.grand,
        );
        const cartTotals = [`Subtotal $95.00`, `Discount −$9.50`, `Shipping (${c.option}) ${c.shipping}`, `Tax $4.70`, `Total ${c.grand}`];
        await expect(totalsOf(page, '.sc-cart')).resolves.toEqual(cartTotals);
        await shot(page, SUITE, `${size}-01-cart`);

        // A state without pickup does not offer it, and pays no Maine tax.
        await place.getByLabel('State or region').fill('OR');
        await place.getByRole('button', { name: 'Update' }).click();
        await eventually(async () => (await page.locator('.shipping-option').count()) === 2);
        await expect(page.locator('.sc-cart [data-total="tax"]').textContent()).resolves.toBe('$0.00');
        await place.getByLabel('State or region').fill('ME');
        await place.getByRole('button', { name: 'Update' }).click();
        await eventually(async () => (await page.locator('.shipping-option').count()) === 3);
        // The radio follows the cart the server answers (a click, then the new cart checks it).
        // (Standard is free here too: the total alone does not show the choice was taken.)
        await page.getByRole('radio', { name: c.label }).click();
        await eventually(
          async () =>
            (await page.getByRole('radio', { name: c.label }).isChecked()) &&
            (await page.locator('.sc-cart [data-total="grand"]').textContent()) === c.grand,
        );

        await page.getByRole('link', { name: 'Checkout' }).click();
        await page.getByRole('button', { name: 'Place order' }).waitFor();
        await page.getByLabel('Email').fill(c.email);
        if (c.mobile) {
          // Local pickup: no address asked (the cart's place, Maine, gives the tax).
          expect(await page.getByLabel('Address line 1').count()).toBe(0);
        } else {
          await page.getByLabel('Full name').fill('Maren Ellis');
          await page.getByLabel('Address line 1').fill('41 Fore Street');
          await page.getByLabel('City').fill('Portland');
          await page.getByLabel('State or region').fill('ME');
          await page.getByLabel('Postal code').fill('04101');
        }
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByLabel('Expiry (MM/YY)').fill('12/30');
        await page.getByLabel('Security code').fill('123');
        await shot(page, SUITE, `${size}-02-checkout`);
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
        await expect(totalsOf(page, '.sc-order')).resolves.toEqual([
          `Subtotal $95.00`,
          `Discount −$9.50`,
          `Shipping (${c.option}) ${c.shipping}`,
          `Tax $4.70`,
          `Total ${c.grand}`,
        ]);
        if (c.mobile)
          await expect(page.locator('.order-pickup').textContent()).resolves.toBe(
            'Local pickup (Fore Street, Portland): we will email you when your order is ready to collect.',
          );
        else
          await expect(page.locator('.order-address span').allTextContents()).resolves.toEqual([
            'Maren Ellis',
            '41 Fore Street',
            'Portland, ME 04101',
            'United States of America',
          ]);
        await shot(page, SUITE, `${size}-03-confirmation`);
        const orderNumber = Number((await page.locator('.order-number').textContent())?.replace('Order #', ''));

        // The receipt, as the SMTP server got it.
        const mail = await mailTo(c.email);
        const text = mail.text.replace(/[ \t]+/g, ' ');
        for (const row of [
          'Subtotal $95.00',
          'Discount −$9.50',
          `Shipping (${c.option}) ${c.shipping}`,
          'Tax $4.70',
          `Total ${c.grand}`,
          `Charged to your card ${c.grand}`,
        ]) {
          expect(text).toContain(row);
        }
        if (c.mobile) {
          expect(text).toContain('Local pickup (Fore Street, Portland): we will email you when your order is ready to collect.');
          expect(text).not.toContain('Shipping to:');
        } else {
          // The address laid out by the country's conventions (@fragaria/address-formatter).
          expect(mail.text).toMatch(/Shipping to:\s+Maren Ellis\s+41 Fore Street\s+Portland, ME 04101\s+United States of America/);
        }

        // The admin's order page.
        const orders = await owner.call<{ orders: Array<{ orderNumber: number; id: string; shippingMethod?: { name: string } | null }> }>(
          'GET',
          '/api/commerce/store/orders',
        );
        const order = orders.orders.find((o) => o.orderNumber === orderNumber);
        expect(order?.shippingMethod?.name).toBe(c.option);
        const admin = await harness.browser.newContext({ viewport: c.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
        try {
          const ownerPage = await admin.newPage();
          ownerPage.setDefaultTimeout(15_000);
          await signIn(ownerPage, harness.url);
          await ownerPage.goto(`${harness.url}/config/store/orders/${order?.id ?? ''}`);
          await ownerPage.getByRole('heading', { name: `Order #${orderNumber} · paid` }).waitFor();
          const totals = ownerPage.locator('dl.totals');
          await expect(totals.locator('[data-total="discount"]').textContent()).resolves.toBe('−$9.50');
          await expect(totals.locator('[data-total="shipping"]').textContent()).resolves.toBe(c.mobile ? '$0.00' : '$14.00');
          await expect(totals.locator('[data-total="tax"]').textContent()).resolves.toBe('$4.70');
          expect(await totals.textContent()).toContain(`Shipping (${c.option})`);
          const addressLines = ownerPage.getByRole('article').locator('address .address-line');
          if (c.mobile) {
            // A pickup order has no address: the admin says who collects it.
            await ownerPage.getByText(`Collects the order: ${c.option}`).waitFor();
            expect(await addressLines.count()).toBe(0);
          } else
            await expect(addressLines.allTextContents()).resolves.toEqual([
              'Maren Ellis',
              '41 Fore Street',
              'Portland, ME 04101',
              'United States of America',
            ]);
          await shot(ownerPage, SUITE, `${size}-04-admin-order`);
        } finally {
          await admin.close();
        }
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});

describe('customer accounts', () => {
  for (const mobile of [false, true]) {
    const size = mobile ? 'phone' : 'desktop';
    it(`${size}: a signed-in buyer sees their orders (status, total, tracking, link) and saved address, and checkout offers it`, async () => {
      const { context, page } = await visitor(harness, { mobile });
      const email = `ines-${size}-${Date.now()}@example.com`;
      try {
        // Not signed in: the account API says so.
        await page.goto('/shop');
        const anonymous = await page.evaluate(() =>
          fetch('/api/commerce/account').then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
        );
        expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Please sign in to see your orders and addresses.']);

        await page.getByRole('link', { name: 'Account' }).click();
        await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Create an account' }).click();
        const signUp = page.getByRole('dialog', { name: 'Create an account' });
        await signUp.getByLabel('Name').fill('Ines Harbour');
        await signUp.getByLabel('Email').fill(email);
        await signUp.getByLabel('Password').fill('harbour-ines-2024');
        await signUp.getByRole('button', { name: 'Sign up' }).click();
        // Sign-up finishes by the mailed link (issue 40).
        await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        await page.goto(await mailedPath(smtp, email, /[?&]confirm-sign-up=/));
        // The link asks for the password chosen at sign-up (issue 40b).
        const finish = page.getByRole('dialog', { name: 'Finish signing up' });
        await finish.getByLabel('Password').fill('harbour-ines-2024');
        await finish.getByRole('button', { name: 'Finish signing up' }).click();
        await page.getByText('Your account is ready and you are signed in.').waitFor();
        await page.getByText('No orders yet.').waitFor();
        await page.keyboard.press('Escape');

        // A first order, shipped to Maine (Standard: $27.00 + $6.00 + 5.5 % of $27.00 = $34.49).
        await add(page, CANDLES);
        await page.goto('/cart?view=checkout');
        await page.getByRole('button', { name: 'Place order' }).waitFor();
        expect(await page.getByLabel('Saved address').count()).toBe(0);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Full name').fill('Ines Harbour');
        await page.getByLabel('Address line 1').fill('12 Wharf Street');
        await page.getByLabel('City').fill('Portland');
        await page.getByLabel('State or region').fill('ME');
        await page.getByLabel('Postal code').fill('04101');
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByLabel('Expiry (MM/YY)').fill('12/30');
        await page.getByLabel('Security code').fill('123');
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
        await expect(page.locator('.sc-order [data-total="grand"]').textContent()).resolves.toBe('$34.49');
        const orderNumber = Number((await page.locator('.order-number').textContent())?.replace('Order #', ''));
        const orders = await owner.call<{ orders: Array<{ orderNumber: number; id: string }> }>('GET', '/api/commerce/store/orders');
        const orderId = orders.orders.find((o) => o.orderNumber === orderNumber)?.id ?? '';
        await owner.call('PUT', `/api/commerce/store/orders/${orderId}/status`, {
          status: 'fulfilled',
          carrier: 'USPS',
          trackingNumber: '9400 1000 0000 0000 0000 00',
        });

        // The account lists it with its status, total, lines and tracking, and opens its page.
        await page.getByRole('link', { name: 'Account' }).click();
        const account = page.getByRole('dialog', { name: 'Your account' });
        const item = account.locator('.account-orders li').first();
        await item.waitFor();
        await expect(item.textContent()).resolves.toContain(`Order #${orderNumber} · fulfilled · $34.49`);
        await expect(item.locator('.account-order-lines').textContent()).resolves.toBe('Beeswax Pillar Candle Trio × 1');
        await expect(item.locator('.account-order-tracking').textContent()).resolves.toBe('Tracking: USPS 9400 1000 0000 0000 0000 00');
        await expect(account.locator('.account-addresses li').allTextContents()).resolves.toEqual([
          'Ines Harbour, 12 Wharf Street, Portland, ME 04101, US',
        ]);
        await shot(page, SUITE, `${size}-05-account`);
        await item.getByRole('link', { name: `Order #${orderNumber}` }).click();
        await page.getByRole('heading', { name: 'Order status' }).first().waitFor();
        await expect(page.locator('.order-state strong').textContent()).resolves.toBe('fulfilled');

        // The next checkout offers the saved address and fills the form with it.
        await add(page, CANDLES);
        await page.goto('/cart?view=checkout');
        const saved = page.getByLabel('Saved address');
        await saved.waitFor();
        await saved.selectOption({ label: 'Ines Harbour, 12 Wharf Street, Portland, ME 04101, US' });
        await expect(page.getByLabel('Address line 1').inputValue()).resolves.toBe('12 Wharf Street');
        await expect(page.getByLabel('State or region').inputValue()).resolves.toBe('ME');
        await expect(page.getByLabel('Postal code').inputValue()).resolves.toBe('04101');
        // The totals follow the address: Standard shipping and Maine tax, as the order will charge.
        await eventually(async () => (await page.locator('.sc-checkout [data-total="grand"]').textContent()) === '$34.49', 20_000);
        await expect(page.locator('.sc-checkout [data-total="tax"]').textContent()).resolves.toBe('$1.49');
        await shot(page, SUITE, `${size}-06-checkout-saved-address`);

        // Another buyer never sees these orders.
        const stranger = await visitor(harness, { mobile });
        try {
          await stranger.page.goto('/shop');
          expect(await stranger.page.evaluate(() => fetch('/api/commerce/account').then((r) => r.status))).toBe(401);
        } finally {
          await stranger.context.close();
        }
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});

describe('site icon', () => {
  it('answers /favicon.ico on every site with an icon, which every page links to', async () => {
    const response = await fetch(`${harness.url}/favicon.ico`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    for (const path of ['/', '/shop', TOTE, '/cart']) {
      const html = await (await fetch(`${harness.url}${path}`)).text();
      expect([path, html.includes('<link rel="icon" href="/favicon.ico" sizes="32x32">')]).toEqual([path, true]);
    }
  });
});
