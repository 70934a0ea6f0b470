/// <reference lib="dom" />
// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The full-page cart and checkout beyond the happy path, in a real browser: the checkout's address
// lookup (SPEC 7 places calls with their tracking context, keyboard and screen-reader use), an
// entry's additional fields edited from the cart, the installment pill for the cart total
// (SPEC 5), and the minimum order subtotal before checkout (SPEC 8); and the demo site's home page
// newsletter and contact page working as a new visitor finds them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, Request } from 'playwright-core';
import { AddToCartMessages, CartMessages, FormMessages } from '@sc/contracts';
import { eventually, OwnerApi, shot, startStorefront, stopStorefront, visitor, type Storefront } from './storefront-kit.js';

const SUITE = 'cart';
const CANDLES = '/shop/beeswax-pillar-candle-trio';
const NOTEBOOK = '/shop/engraved-leather-notebook';
const GUIDE = '/shop/the-weekend-sourdough-guide-pdf';

let harness: Storefront;
let owner: OwnerApi;

beforeAll(async () => {
  harness = await startStorefront();
  owner = await OwnerApi.signIn(harness.url);
}, 240_000);

afterAll(async () => {
  await stopStorefront(harness);
});

async function addToCart(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.sqs-add-to-cart-button').click();
  await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();
}

const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

describe('checkout address lookup', () => {
  it('suggests addresses as the visitor types, fills the fields from the one picked by keyboard, and completes the order', async () => {
    const { context, page } = await visitor(harness);
    const details: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/google-maps/places/details') details.push(url);
    });
    try {
      await addToCart(page, CANDLES);
      await page.goto('/cart?view=checkout');
      await page.getByRole('button', { name: 'Place order' }).waitFor();
      await page.getByLabel('Email').fill('maren@example.com');
      await page.getByLabel('Full name').fill('Maren Ellis');

      const lookup = page.getByRole('combobox', { name: 'Find your address' });
      await expect(lookup.getAttribute('aria-expanded')).resolves.toBe('false');
      await lookup.pressSequentially('41 Fore Street, Portland, ME 04101', { delay: 15 });
      const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
      const first = suggestions.getByRole('option').first();
      await first.waitFor();
      await expect(first.textContent()).resolves.toBe('41 Fore Street Portland, ME 04101, United States');
      await expect(lookup.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.locator('.address-lookup [role="status"]').textContent()).resolves.toMatch(
        /^1 address suggestion\. Use the up and down arrows to choose one\.$/,
      );
      await shot(page, SUITE, '01-address-suggestions');

      // Keyboard: down to the suggestion (announced as the active one), Enter picks it.
      await lookup.press('ArrowDown');
      const activeId = await lookup.getAttribute('aria-activedescendant');
      expect(activeId).toBe(await first.getAttribute('id'));
      await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
      await lookup.press('Enter');
      await eventually(async () => (await value(page, 'Address line 1')) === '41 Fore Street');
      await expect(value(page, 'City')).resolves.toBe('Portland');
      await expect(value(page, 'State or region')).resolves.toBe('ME');
      await expect(value(page, 'Postal code')).resolves.toBe('04101');
      await expect(value(page, 'Country code')).resolves.toBe('US');
      await expect(value(page, 'Full name')).resolves.toBe('Maren Ellis');
      await expect(lookup.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.locator('.address-lookup [role="status"]').textContent()).resolves.toBe('The address fields are filled in.');
      // SPEC 7: the details call carries its tracking context.
      expect(details).toHaveLength(1);
      expect(details[0]?.searchParams.get('productPage')).toBe('checkout');
      expect(details[0]?.searchParams.get('productSection')).toBe('shipping-address');
      await shot(page, SUITE, '02-address-filled');

      // Escape closes the list without picking; the fields stay as they were.
      await lookup.fill('');
      await lookup.pressSequentially('10 Downing Street, London SW1A 2AA, UK', { delay: 15 });
      await suggestions.getByRole('option').first().waitFor();
      await lookup.press('Escape');
      await expect(lookup.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(value(page, 'City')).resolves.toBe('Portland');

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      const orderId = await page.locator('.sc-order').getAttribute('data-order-id');
      const order = await page.evaluate(
        (id) =>
          fetch(`/api/commerce/orders/${id}`).then(
            (r) => r.json() as Promise<{ order: { shippingAddress: Record<string, unknown> | null } }>,
          ),
        orderId,
      );
      expect(order.order.shippingAddress).toMatchObject({
        name: 'Maren Ellis',
        line1: '41 Fore Street',
        city: 'Portland',
        region: 'ME',
        postalCode: '04101',
        country: 'US',
      });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the cart page', () => {
  it('edits an entry’s additional fields in the lightbox, and keeps them when the edit is cancelled', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto(NOTEBOOK);
      await page.getByRole('button', { name: 'Personalise & Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Engraving: Engraved Leather Notebook' });
      await dialog.getByLabel('Initials to engrave').fill('MKE');
      await dialog.getByLabel('Lettering').selectOption('Serif');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();

      await page.goto('/cart');
      const entry = page.locator('.cart-entry');
      await entry.waitFor();
      await expect(entry.locator('.cart-entry-answers').textContent()).resolves.toBe(`initialsMKEfontSerifnote${'N/A'}`);
      const edit = page.getByRole('button', { name: 'Edit details of Engraved Leather Notebook' });

      // Opened with the answers given; Escape leaves them as they were.
      await edit.click();
      await dialog.waitFor();
      await expect(dialog.getByLabel('Initials to engrave').inputValue()).resolves.toBe('MKE');
      await expect(dialog.getByLabel('Lettering').inputValue()).resolves.toBe('Serif');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect(edit.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      // A blank required answer is refused here; a good one is saved on the entry.
      await edit.click();
      await dialog.getByLabel('Initials to engrave').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.locator('.field-error').allTextContents()).resolves.toEqual([FormMessages.required]);
      await dialog.getByLabel('Initials to engrave').fill('JRE');
      await dialog.getByLabel('Lettering').selectOption('Script');
      await shot(page, SUITE, '03-edit-fields');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () => (await entry.locator('.cart-entry-answers').textContent()) === 'initialsJREfontScriptnoteN/A');
      const cart = await page.evaluate(() =>
        fetch('/api/commerce/shopping-cart').then((r) => r.json() as Promise<{ entries: Array<{ additionalFields: string | null }> }>),
      );
      expect(JSON.parse(cart.entries[0]?.additionalFields ?? '{}')).toEqual({ initials: 'JRE', font: 'Script', note: '' });
      expect(await page.locator('.cart-problem').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the installment pill for the cart total while every item is physical, and holds checkout below the minimum subtotal', async () => {
    const { context, page } = await visitor(harness);
    try {
      await addToCart(page, CANDLES);
      await page.goto('/cart');
      await page.locator('.cart-entry').waitFor();
      await expect(page.locator('.sc-cart [data-total="grand"]').textContent()).resolves.toBe('$27.00');
      const pill = page.locator('.sc-cart .sc-installment-pill');
      await expect(pill.locator('.installment-text').textContent()).resolves.toBe('or 4 interest-free payments of $6.75 with Afterpay');
      await pill.getByRole('button', { name: 'Learn more about Afterpay' }).click();
      const modal = page.getByRole('dialog', { name: 'Afterpay' });
      await modal.waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      // The pill follows the total.
      const quantity = page.getByLabel('Quantity of Beeswax Pillar Candle Trio');
      await quantity.fill('2');
      await quantity.press('Enter');
      await eventually(
        async () => (await pill.locator('.installment-text').textContent()) === 'or 4 interest-free payments of $13.50 with Afterpay',
      );
      await shot(page, SUITE, '04-cart-installments');

      // SPEC 5: not with a digital item in the cart.
      await addToCart(page, GUIDE);
      await page.goto('/cart');
      await page.locator('.cart-entry').nth(1).waitFor();
      expect(await page.locator('.sc-installment-pill').count()).toBe(0);
      await page.getByRole('button', { name: 'Remove The Weekend Sourdough Guide (PDF)' }).click();
      await pill.waitFor();

      // The minimum subtotal: the SPEC 8 message and no way to checkout until it is reached.
      await owner.call('PUT', '/api/commerce/store-rules', { minimumOrderSubtotalCents: 10_000 });
      await page.reload();
      await page.locator('.cart-entry').waitFor();
      await expect(page.locator('.cart-minimum-message').textContent()).resolves.toBe(
        'To check out, your order subtotal must be $100.00 or more.',
      );
      await expect(page.getByRole('button', { name: 'Checkout' }).isDisabled()).resolves.toBe(true);
      expect(await page.getByRole('link', { name: 'Checkout' }).count()).toBe(0);
      await shot(page, SUITE, '05-cart-minimum');
      await quantity.fill('4');
      await quantity.press('Enter');
      await page.getByRole('link', { name: 'Checkout' }).waitFor();
      expect(await page.locator('.cart-minimum-message').count()).toBe(0);
      await expect(page.locator('.sc-cart [data-total="subtotal"]').textContent()).resolves.toBe('$108.00');
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('button', { name: 'Place order' }).waitFor();
      expect(await page.locator('.checkout-minimum').count()).toBe(0);
    } finally {
      await owner.call('PUT', '/api/commerce/store-rules', { minimumOrderSubtotalCents: 0 });
      await context.close();
    }
  }, 60_000);

  it('says the cart is empty when everything is removed', async () => {
    const { context, page } = await visitor(harness);
    try {
      await addToCart(page, CANDLES);
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Remove Beeswax Pillar Candle Trio' }).click();
      await expect(page.locator('.cart-empty-message').textContent()).resolves.toBe(CartMessages.emptyCart);
    } finally {
      await context.close();
    }
  }, 30_000);
});

describe('the demo site', () => {
  it('signs a visitor up from the home page’s newsletter block', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto('/');
      // The block is at the end of the page: its island starts as the visitor scrolls near it.
      await page.locator('[data-island="newsletter"]').scrollIntoViewIfNeeded();
      const letters = page.getByRole('form', { name: 'Studio letters' });
      await letters.getByLabel('Email Address').fill('home-page@example.com');
      await letters.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Thank you! Please check your inbox to confirm.').waitFor();
      expect(await page.getByText(FormMessages.notConfigured).count()).toBe(0);
      await shot(page, SUITE, '06-home-newsletter');
    } finally {
      await context.close();
    }
  }, 30_000);

  it('has a contact page in the navigation whose form sends', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto('/');
      await page.locator('nav.main-nav').getByRole('link', { name: 'Contact' }).click();
      await page.waitForURL('**/contact');
      const contact = page.getByRole('form', { name: 'Contact us' });
      await contact.waitFor();
      await contact.locator('.form-submit').click();
      await expect(contact.locator('[data-field-id="message"] > .field-error').textContent()).resolves.toBe(FormMessages.required);
      await contact.getByLabel('First Name').fill('Ada');
      await contact.getByLabel('Last Name').fill('Lovelace');
      await contact.getByLabel('Email').fill('ada@example.com');
      await contact.getByRole('radio', { name: 'A workshop' }).check();
      await contact.getByLabel('Message').fill('Is there room in the Saturday class?');
      await contact.locator('.form-submit').click();
      await page.getByText('Thank you! We will write back within two days.').waitFor({ timeout: 20_000 });
      await shot(page, SUITE, '07-contact-sent');
      const { items } = await owner.call<{ items: Array<{ values: Record<string, unknown> }> }>(
        'GET',
        '/api/rest/forms/definitions/demo-contact-form/submissions',
      );
      expect(items[0]?.values).toMatchObject({ name: ['Ada', 'Lovelace'], topic: 'A workshop', source: 'website' });
    } finally {
      await context.close();
    }
  }, 45_000);
});
