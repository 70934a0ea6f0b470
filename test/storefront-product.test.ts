/// <reference lib="dom" />
// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The product page in a real browser, as a visitor uses it (SPEC 2, 4, 5, 8, 9): variant
// dropdowns and radio buttons, the variant's image, the quantity rules, the add-to-cart button's
// states, the alert dialog's titles and messages, the floating cart pill, the installment pill and
// its modal, lazily loaded reviews, the additional-fields lightbox, a sold-out product and the
// restock signup.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, Route } from 'playwright-core';
import { AddToCartMessages, CartMessages, CartPillMessages, RestockMessages } from '@sc/contracts';
import { eventually, OwnerApi, pageHtml, shot, startStorefront, stopStorefront, visitor, type Storefront } from './storefront-kit.js';

const SUITE = 'product';
const TOTE = '/shop/waxed-canvas-market-tote';
const BOWL = '/shop/hand-thrown-serving-bowl';
const NOTEBOOK = '/shop/engraved-leather-notebook';
const CANDLES = '/shop/beeswax-pillar-candle-trio';

let harness: Storefront;
let owner: OwnerApi;

beforeAll(async () => {
  harness = await startStorefront();
  owner = await OwnerApi.signIn(harness.url);
}, 240_000);

afterAll(async () => {
  await stopStorefront(harness);
});

/** The alert dialog's title and message, then closes it with OK. */
async function alertOf(page: Page): Promise<{ title: string; message: string }> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const title = (await dialog.getByRole('heading').textContent()) ?? '';
  const message = (await dialog.locator('.sc-alert-message').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  return { title, message };
}

/** Serves a page with its HTML changed (e.g. a theme asking for radio buttons). */
async function rewrite(page: Page, pagePath: string, change: (html: string) => string): Promise<void> {
  await page.route(`**${pagePath}`, async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, body: change(await response.text()) });
  });
}

/** What `read` gives once it gives `want` (the page's variant display loads with the first choice), else what it gave last. */
async function settled<T>(read: () => Promise<T>, want: T): Promise<T> {
  let last = await read();
  for (let i = 0; i < 50 && last !== want; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

/** Expects `read` to give `want`, waiting a few seconds for it. */
async function sees<T>(read: () => Promise<T>, want: T): Promise<void> {
  await expect(settled(read, want)).resolves.toBe(want);
}

/** Records the add-to-cart button's labels with their times, from inside the page. */
async function recordLabels(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: Array<{ text: string; at: number }> = [];
    (window as unknown as { labels: typeof log }).labels = log;
    const target = document.querySelector('.sqs-add-to-cart-button') as HTMLElement;
    let last = target.textContent;
    new MutationObserver(() => {
      if (target.textContent !== last) {
        last = target.textContent;
        log.push({ text: last ?? '', at: performance.now() });
      }
    }).observe(target, { subtree: true, childList: true, characterData: true });
  });
}

describe('product form', () => {
  it('adds a chosen variant: SPEC messages for what is missing, then Adding…, Added! 1 s on, idle 2 s later; the pill follows', async () => {
    const { context, page } = await visitor(harness);
    try {
      let adds = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/commerce/shopping-cart/entries')) adds += 1;
      });
      await page.goto(TOTE);
      // Dropdowns in variantOptionOrdering (Colour, then Size), each with 'Select {option}' first.
      const selects = page.locator('.sc-product-form select');
      await expect(selects.evaluateAll((list) => list.map((s) => (s as HTMLSelectElement).options[0]?.text))).resolves.toEqual([
        'Select Colour',
        'Select Size',
      ]);
      expect(await page.locator('.cart-pill').count()).toBe(0);
      await shot(page, SUITE, '01-product-page');

      const button = page.getByRole('button', { name: 'Add To Cart' });
      await button.click();
      await expect(alertOf(page)).resolves.toEqual({
        title: CartMessages.unableToAddItemTitle,
        message: 'Please select the Colour and Size options.',
      });
      await page.getByLabel('Colour').selectOption('Olive');
      await button.click();
      await expect(alertOf(page)).resolves.toEqual({ title: CartMessages.unableToAddItemTitle, message: 'Please select the Size option.' });
      await page.getByLabel('Size').selectOption('Medium');

      // SPEC 5 quantity messages.
      await page.getByLabel('Quantity').fill('1.5');
      await button.click();
      await expect(alertOf(page)).resolves.toEqual({
        title: CartMessages.unableToAddItemTitle,
        message: AddToCartMessages.quantityNotWhole,
      });
      await page.getByLabel('Quantity').fill('');
      await button.click();
      await expect(alertOf(page)).resolves.toEqual({
        title: CartMessages.unableToAddItemTitle,
        message: AddToCartMessages.quantityNotNumber,
      });
      expect(adds).toBe(0);

      await page.getByLabel('Quantity').fill('1');
      await recordLabels(page);
      const clickedAt = await page.evaluate(() => performance.now());
      await button.click();
      await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();
      await shot(page, SUITE, '02-added');
      // An added button ignores clicks.
      await page.locator('.sqs-add-to-cart-button').click({ force: true });
      await page.getByRole('button', { name: 'Add To Cart' }).waitFor({ timeout: 4000 });
      const labels = await page.evaluate(() => (window as unknown as { labels: Array<{ text: string; at: number }> }).labels);
      expect(labels.map((l) => l.text)).toEqual([AddToCartMessages.adding, AddToCartMessages.added, 'Add To Cart']);
      const [adding, added, idle] = labels.map((l) => l.at) as [number, number, number];
      expect(adding - clickedAt).toBeLessThan(300);
      expect(added - adding).toBeGreaterThanOrEqual(1000);
      expect(idle - added).toBeGreaterThanOrEqual(1950);
      expect(idle - added).toBeLessThan(2600);
      expect(adds).toBe(1);

      // SPEC 2 pill: count, 'item', subtotal, spoken label.
      const pill = page.locator('a.cart-pill');
      await expect(pill.textContent()).resolves.toBe('1 item$68.00');
      await expect(pill.getAttribute('aria-label')).resolves.toBe(CartPillMessages.oneItem);
      await expect(pill.getAttribute('href')).resolves.toBe('/cart');

      await page.getByLabel('Quantity').fill('2');
      await button.click();
      await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();
      await expect(pill.textContent()).resolves.toBe('3 items$204.00');
      await expect(pill.getAttribute('aria-label')).resolves.toBe('3 items in cart');
      // The header's cart indicator follows too.
      // Its accessible name is its visible text (WCAG 2.5.3).
      await expect(page.locator('.cart-link').getAttribute('aria-label')).resolves.toBeNull();
      await page.getByRole('link', { name: 'Cart 3 items · $204.00', exact: true }).waitFor();

      // A new page shows the pill from the loaded cart.
      await page.goto('/shop');
      await expect(page.locator('a.cart-pill').textContent()).resolves.toBe('3 items$204.00');
      await shot(page, SUITE, '03-pill-on-shop');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the server message when stock runs short, and the variant image when a variant has one', async () => {
    const { context, page } = await visitor(harness);
    try {
      const image = '/assets/installments/navy-large.jpg';
      await rewrite(page, TOTE, (html) =>
        html.replace(
          /(<script type="application\/json" id="product-form-data">)(.*?)(<\/script>)/s,
          (_m, open: string, json: string, close: string) => {
            const data = JSON.parse(json) as { variants: Array<{ sku: string; mainImage?: unknown }> };
            for (const v of data.variants)
              if (v.sku === 'TOTE-NVY-L')
                v.mainImage = {
                  assetUrl: image,
                  altText: 'Navy tote, large',
                  originalSize: '900x1200',
                  srcset: `${image}?format=300w 300w, ${image}?format=500w 500w`,
                };
            return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
          },
        ),
      );
      await page.goto(TOTE);
      const first = page.locator('.product-images img').first();
      const original = await first.getAttribute('src');
      const originalSize = [await first.getAttribute('width'), await first.getAttribute('height')];
      expect(originalSize).toEqual(['1600', '1200']);
      await page.getByLabel('Colour').selectOption('Navy');
      await page.getByLabel('Size').selectOption('Large');
      await sees(() => first.getAttribute('src'), image);
      await expect(first.getAttribute('srcset')).resolves.toBe(`${image}?format=300w 300w, ${image}?format=500w 500w`);
      await expect(first.getAttribute('alt')).resolves.toBe('Navy tote, large');
      // The variant's own shape, so nothing shifts while it loads; the product's comes back with it.
      expect([await first.getAttribute('width'), await first.getAttribute('height')]).toEqual(['900', '1200']);
      await page.getByLabel('Size').selectOption('');
      await sees(() => first.getAttribute('src'), original);
      expect([await first.getAttribute('width'), await first.getAttribute('height')]).toEqual(originalSize);

      // Olive Large has 2 in stock: 3 is refused by the server, with its SPEC 5 message.
      await page.getByLabel('Colour').selectOption('Olive');
      await page.getByLabel('Size').selectOption('Large');
      await page.getByLabel('Quantity').fill('3');
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect(alertOf(page)).resolves.toEqual({ title: CartMessages.unableToAddItemTitle, message: AddToCartMessages.notEnoughStock });
      // The failed button is back to idle a second later.
      await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);

  it('uses radio buttons where the template asks for them', async () => {
    const { context, page } = await visitor(harness);
    try {
      await rewrite(page, TOTE, (html) => html.replace('data-variant-display="dropdown"', 'data-variant-display="radio"'));
      await page.goto(TOTE);
      const colour = page.getByRole('group', { name: 'Colour' });
      await expect(colour.getByRole('radio').evaluateAll((list) => list.map((r) => (r as HTMLInputElement).value))).resolves.toEqual([
        'Olive',
        'Navy',
      ]);
      await page.getByRole('radio', { name: 'Navy' }).check();
      await page.getByRole('radio', { name: 'Medium' }).check();
      await shot(page, SUITE, '04-radio-buttons');
      // Navy Medium is sold out: the restock form offers the waitlist.
      await page.getByRole('button', { name: 'Notify me' }).waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);

  it('turns crumb failures into the SPEC 8 session and cookie messages, and a 429 into its own', async () => {
    // The page's crumb no longer matches the browser's cookie (a page left open across a new
    // session): the gateway refuses the add with crumbFail.
    const staleCrumb = (page: Page) =>
      page.route('**/api/commerce/shopping-cart/entries', (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-csrf-token': 'stale-crumb-from-another-session' } }),
      );
    const { context, page } = await visitor(harness);
    try {
      await page.goto(CANDLES);
      await staleCrumb(page);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect(alertOf(page)).resolves.toEqual({ title: CartMessages.unableToAddItemTitle, message: CartMessages.sessionExpired });
    } finally {
      await context.close();
    }
    const noCookies = await visitor(harness, {
      init: "Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });",
    });
    try {
      await noCookies.page.goto(CANDLES);
      await staleCrumb(noCookies.page);
      await noCookies.page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect(alertOf(noCookies.page)).resolves.toEqual({
        title: CartMessages.unableToAddItemTitle,
        message: CartMessages.enableCookies,
      });
    } finally {
      await noCookies.context.close();
    }
    const busy = await visitor(harness);
    try {
      await busy.page.goto(CANDLES);
      // The cart service takes 120 writes a minute per cart: this visitor's cart spends them.
      const statuses = await busy.page.evaluate(async () => {
        await fetch('/api/commerce/shopping-cart');
        const crumb = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('crumb='))
            ?.slice(6) ?? '',
        );
        const put = () =>
          fetch('/api/commerce/shopping-cart/shipping-location', {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
            body: '{"country":"US"}',
          }).then((r) => r.status);
        return Promise.all(Array.from({ length: 121 }, put));
      });
      expect(statuses).toContain(429);
      await busy.page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect(alertOf(busy.page)).resolves.toEqual({ title: CartMessages.unableToAddItemTitle, message: CartMessages.rateLimited });
    } finally {
      await busy.context.close();
    }
  }, 45_000);

  it('verifies stock, then asks for the additional fields in a lightbox that Escape closes and that keeps focus', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto(NOTEBOOK);
      const button = page.getByRole('button', { name: 'Personalise & Add' });
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Engraving: Engraved Leather Notebook' });
      await dialog.waitFor();
      await shot(page, SUITE, '05-lightbox');
      // Focus stays inside while it is open.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        await expect(page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).resolves.toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      await expect(page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByLabel('Quantity').fill('15');
      await button.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.locator('.field-error').allTextContents()).resolves.toEqual(['Required', 'Required']);
      await dialog.getByLabel('Initials to engrave').fill('MKE');
      await dialog.getByLabel('Lettering').selectOption('Serif');
      await dialog.getByLabel('Anything we should know?').fill('Gold');
      await expect(dialog.locator('.form-counter').textContent()).resolves.toBe('4 / 200');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: AddToCartMessages.added }).waitFor();
      await expect(page.locator('a.cart-pill').textContent()).resolves.toBe('15 items$630.00');

      // All 15 are in the cart now: the stock check stops the next one before the form opens.
      await page.getByRole('button', { name: 'Personalise & Add' }).waitFor();
      await page.getByLabel('Quantity').fill('1');
      await page.getByRole('button', { name: 'Personalise & Add' }).click();
      await expect(alertOf(page)).resolves.toEqual({ title: CartMessages.unableToAddItemTitle, message: AddToCartMessages.notEnoughStock });
      await expect(dialog.count()).resolves.toBe(0);

      const cart = await page.evaluate(() =>
        fetch('/api/commerce/shopping-cart').then(
          (r) => r.json() as Promise<{ entries: Array<{ additionalFields: string | null; quantity: number }> }>,
        ),
      );
      expect(cart.entries).toHaveLength(1);
      expect(JSON.parse(cart.entries[0]?.additionalFields ?? '{}')).toEqual({ initials: 'MKE', font: 'Serif', note: 'Gold' });
    } finally {
      await context.close();
    }
  }, 45_000);
});

describe('sold out and restock', () => {
  it('shows a sold-out product with the restock form: SPEC 5 email messages, then Signed up!', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto(BOWL);
      await page.locator('.sold-out-note').waitFor();
      await expect(page.getByRole('button', { name: 'Add To Cart' }).count()).resolves.toBe(0);
      const form = page.locator('form.sc-restock');
      await form.getByRole('button', { name: 'Notify me' }).click();
      await expect(form.getByRole('alert').textContent()).resolves.toBe(RestockMessages.emailBlank);
      await form.getByLabel('Email Address').fill('maren@example');
      await form.getByRole('button', { name: 'Notify me' }).click();
      await expect(form.getByRole('alert').textContent()).resolves.toBe(RestockMessages.emailInvalid);
      await shot(page, SUITE, '06-restock-error');
      await form.getByLabel('Email Address').fill('maren@example.com');
      await form.getByRole('button', { name: 'Notify me' }).click();
      await expect(page.locator('.product-restock-notification.submitted').textContent()).resolves.toBe(RestockMessages.signedUp);
      await shot(page, SUITE, '07-restock-signed-up');
    } finally {
      await context.close();
    }
  }, 30_000);
});

describe('the page follows the chosen variant', () => {
  /** The tote's variant ids by SKU, from the page's own island data. */
  async function variantIds(page: Page): Promise<Record<string, string>> {
    const json = await page.locator('#product-form-data').textContent();
    const data = JSON.parse(json ?? '{}') as { variants: Array<{ id: string; sku: string }> };
    return Object.fromEntries(data.variants.map((v) => [v.sku, v.id]));
  }

  for (const mobile of [false, true]) {
    it(`${mobile ? 'phone' : 'desktop'}: price, sale price, installment amount, badge, stock, SKU and image follow the variant; ?variant= remembers and shares it`, async () => {
      const { context, page } = await visitor(harness, { mobile });
      try {
        // Navy Large on sale at $70.00 (of $78.00) for this visitor's page (with or without a query).
        await rewrite(page, `${TOTE}*`, (html) =>
          html.replace(
            /(<script type="application\/json" id="product-form-data">)(.*?)(<\/script>)/s,
            (_m, open: string, json: string, close: string) => {
              const data = JSON.parse(json) as { variants: Array<{ sku: string; onSale: boolean; salePriceMoney: { value: string } }> };
              for (const v of data.variants)
                if (v.sku === 'TOTE-NVY-L') Object.assign(v, { onSale: true, salePriceMoney: { ...v.salePriceMoney, value: '7000' } });
              return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
            },
          ),
        );
        await page.goto(TOTE);
        const price = page.locator('.product-detail .product-price');
        const pill = page.locator('.sc-installment-pill .installment-text');
        const mark = page.locator('.product-detail .product-mark');
        await sees(() => price.textContent(), 'from $68.00');
        await sees(() => pill.textContent(), 'or 4 interest-free payments of $17.00 with Afterpay');
        const ids = await variantIds(page);
        const image = page.locator('.product-images img').first();
        const productImage = await image.getAttribute('src');

        await page.getByLabel('Colour').selectOption('Olive');
        await page.getByLabel('Size').selectOption('Large');
        await sees(() => price.textContent(), '$78.00');
        await sees(() => pill.textContent(), 'or 4 interest-free payments of $19.50 with Afterpay');
        await sees(() => page.locator('.product-sku').textContent(), 'SKU: TOTE-OLV-L');
        const scarcity = page.locator('.product-detail .product-scarcity');
        await sees(() => scarcity.textContent(), 'Only 2 left in stock');
        await sees(() => scarcity.isVisible(), true);
        await sees(async () => new URL(page.url()).search, `?variant=${ids['TOTE-OLV-L']}`);
        await shot(page, SUITE, `10-variant-olive-large${mobile ? '-phone' : ''}`);

        await page.getByLabel('Colour').selectOption('Navy');
        await sees(() => price.textContent(), '$70.00 $78.00');
        await sees(() => price.locator('.sale-price').textContent(), '$70.00');
        await sees(() => mark.textContent(), 'sale');
        await sees(() => pill.textContent(), 'or 4 interest-free payments of $17.50 with Afterpay');
        await sees(() => scarcity.isVisible(), false);
        await sees(() => page.locator('.product-sku').textContent(), 'SKU: TOTE-NVY-L');
        await sees(async () => (await image.getAttribute('src')) !== productImage, true);

        await page.getByLabel('Size').selectOption('Medium');
        await sees(() => mark.textContent(), 'sold out');
        await sees(() => mark.isVisible(), true);
        await sees(() => price.textContent(), '$68.00');

        // A shared address opens on the variant it names.
        const shared = `${TOTE}?variant=${ids['TOTE-NVY-L']}`;
        await page.goto(shared);
        await expect(page.getByLabel('Colour').inputValue()).resolves.toBe('Navy');
        await expect(page.getByLabel('Size').inputValue()).resolves.toBe('Large');
        await sees(() => price.textContent(), '$70.00 $78.00');
        await sees(() => pill.textContent(), 'or 4 interest-free payments of $17.50 with Afterpay');

        // Taking an option off brings the product's own line back and the address with it.
        await page.getByLabel('Size').selectOption('');
        await sees(() => price.textContent(), 'from $68.00');
        await sees(() => pill.textContent(), 'or 4 interest-free payments of $17.00 with Afterpay');
        await sees(() => mark.isVisible(), false);
        await sees(() => page.locator('.product-sku').count(), 0);
        await sees(async () => new URL(page.url()).search, '');

        // An unknown id chooses nothing.
        await page.goto(`${TOTE}?variant=nope`);
        await expect(page.getByLabel('Colour').inputValue()).resolves.toBe('');
        await sees(() => price.textContent(), 'from $68.00');
      } finally {
        await context.close();
      }
    }, 45_000);
  }
});

describe('installments and reviews', () => {
  it('shows the Afterpay pill in range, and its modal closes by Escape, its button and an outside click', async () => {
    const { context, page } = await visitor(harness);
    try {
      await page.goto(TOTE);
      const pill = page.locator('.sc-installment-pill');
      await expect(pill.locator('.installment-text').textContent()).resolves.toBe('or 4 interest-free payments of $17.00 with Afterpay');
      const open = () => pill.getByRole('button', { name: 'Learn more about Afterpay' }).click();
      const modal = page.getByRole('dialog', { name: 'Afterpay' });
      await open();
      await modal.getByRole('heading', { name: 'Pay in 4 interest-free installments' }).waitFor();
      await shot(page, SUITE, '08-installment-modal');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await open();
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
      await open();
      await modal.waitFor();
      await page.mouse.click(5, 5);
      await modal.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 30_000);

  it('loads reviews only when they come near, and not at all with the kill switch on', async () => {
    const { context, page } = await visitor(harness);
    try {
      const reviewCode: string[] = [];
      page.on('request', (request) => {
        if (/ReviewsList-.*\.js$/.test(request.url())) reviewCode.push(request.url());
      });
      // Reviews far below the fold (the demo's pictures do not load here, so the page is short).
      await rewrite(page, TOTE, (html) =>
        html.replace('class="product-reviews-mount"', 'style="margin-top: 3000px" class="product-reviews-mount"'),
      );
      await page.goto(TOTE);
      await page.locator('.sc-installment-pill').waitFor();
      expect(reviewCode).toHaveLength(0);
      await page.locator('.product-reviews-mount').scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: 'Reviews' }).waitFor();
      await expect(page.locator('.reviews-empty').textContent()).resolves.toBe('No reviews yet.');
      expect(reviewCode).toHaveLength(1);

      await owner.settings({ betaFlags: { productReviewsKillSwitch: true } });
      await eventually(async () => !(await pageHtml(harness, TOTE)).includes('product-reviews-data'));
      await page.goto(TOTE);
      await page.locator('.sc-installment-pill').waitFor();
      await page.locator('.site-footer').scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { name: 'Reviews' }).count()).resolves.toBe(0);
    } finally {
      await owner.settings({ betaFlags: { productReviewsKillSwitch: false } });
      await context.close();
    }
  }, 30_000);

  it('speaks Clearpay for a shop in Great Britain', async () => {
    const { context, page } = await visitor(harness, { mobile: true });
    try {
      await owner.settings({ country: 'GB' });
      await eventually(async () => (await pageHtml(harness, TOTE)).includes('"country":"GB"'));
      await page.goto(TOTE);
      await expect(page.locator('.sc-installment-pill .installment-text').textContent()).resolves.toBe(
        'or 4 interest-free payments of $17.00 with Clearpay',
      );
      await shot(page, SUITE, '09-mobile-clearpay');
    } finally {
      await owner.settings({ country: 'US' });
      await context.close();
    }
  }, 30_000);
});
