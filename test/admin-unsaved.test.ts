// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Nothing an owner typed is lost without being asked (issue 35): on every editing screen, a change
// followed by a move elsewhere in the app (side navigation, the screen's own back link, the
// browser's back button) asks first, and staying keeps the change; reloading asks through
// beforeunload; once saved, leaving asks nothing. In the page editor a site-style change is never
// reported as saved before it is. Ctrl+K finds screens and pages by name. The forms converted to
// react-hook-form refuse a wrong field inline with the contracts' wording and a toast; the item
// editor and the form builder keep unsaved values in the browser and offer them back on return.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CONTENT, DEMO_WEBSITE_ID } from '@sc/contracts';
import { ownerPage, shot, startAdmin, stopAdmin, toastOf, type AdminHarness } from './admin-kit.js';

const SUITE = 'unsaved';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin();
  owner = (await ownerPage(harness)).page;
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const MARK = 'Typed but not saved 35';
const question = () => owner.getByRole('dialog', { name: 'Leave without saving?' });
const homeLink = () => owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Home', exact: true });

/** Clicks `leave`, expects the question, stays, and finds the typed value where it was. */
async function staysWhenAsked(leave: () => Promise<void>, field: Locator, value: string): Promise<void> {
  const before = owner.url();
  await leave();
  await question().waitFor();
  await question().getByRole('button', { name: 'Stay' }).click();
  await question().waitFor({ state: 'detached' });
  expect(owner.url()).toBe(before);
  await expect(field.inputValue()).resolves.toBe(value);
}

/** Leaves through the side navigation, agreeing to lose the change. */
async function leavesWhenAgreed(): Promise<void> {
  await homeLink().click();
  await question().getByRole('button', { name: 'Leave without saving' }).click();
  await owner.getByRole('heading', { name: 'Home', exact: true }).waitFor();
}

describe('admin unsaved changes', () => {
  it('guards the product editor: in-app links, the forward button and reload ask; a saved product leaves freely', async () => {
    const productPath = `/config/store/${DEMO_CONTENT.shopCollectionId}/products/${DEMO_CONTENT.products.tote}`;
    await owner.goto(`${harness.url}${productPath}`);
    const name = owner.getByLabel('Product name');
    await name.waitFor();
    const original = await name.inputValue();

    // Opened and left untouched: no question.
    await owner.getByRole('link', { name: 'Back to products' }).click();
    await owner.getByRole('link', { name: 'Add product' }).waitFor();
    expect(await question().count()).toBe(0);

    await owner.goBack();
    await name.waitFor();
    const price = owner.locator('input[aria-label^="Price of "]').first();
    const priceBefore = await price.inputValue();
    await price.fill('123.45');
    await name.fill(`${original} ${MARK}`);

    await staysWhenAsked(() => owner.getByRole('link', { name: 'Back to products' }).click(), price, '123.45');
    await shot(owner, SUITE, '01-product-leave-question');
    await staysWhenAsked(() => homeLink().click(), name, `${original} ${MARK}`);
    // The browser's forward (or back) button: the address comes back to the editor and the question is asked.
    await staysWhenAsked(async () => void (await owner.goForward()), price, '123.45');
    expect(new URL(owner.url()).pathname).toBe(productPath);

    // Reloading (or closing the tab) asks through the browser's own beforeunload question.
    const asked = new Promise<string>((resolve) =>
      owner.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
    );
    await owner.evaluate(() => window.location.reload());
    await expect(asked).resolves.toBe('beforeunload');
    await expect(price.inputValue()).resolves.toBe('123.45');

    // A wrong amount is refused before sending: the field says why (the contracts' wording), a toast
    // says the product was not saved, and the work stays.
    await price.fill('12,50');
    await owner.getByRole('button', { name: 'Save product' }).click();
    await toastOf(owner, 'Product not saved', 'alert').waitFor();
    await expect(owner.locator('#v0-price-error').textContent()).resolves.toBe('Enter the price as an amount such as 12.50.');
    await expect(price.getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(owner, SUITE, '02-product-field-error');
    // Fixed, the error goes at once (the form checks again on each change after a refused save).
    await price.fill('12.50');
    await owner.locator('#v0-price-error').waitFor({ state: 'detached' });

    // Put back as it was and saved: leaving asks nothing.
    await price.fill(priceBefore);
    await name.fill(original);
    await owner.getByRole('button', { name: 'Save product' }).click();
    await toastOf(owner, 'Product saved').waitFor();
    await owner.getByRole('link', { name: 'Back to products' }).click();
    await owner.getByRole('link', { name: 'Add product' }).waitFor();
    expect(await question().count()).toBe(0);
  }, 120_000);

  // Each editing screen: where it is, and the field a change is typed into.
  const SCREENS: Array<{ name: string; path: string; field: (page: Page) => Locator }> = [
    {
      name: 'new journal post',
      path: `/content/${DEMO_CONTENT.journalCollectionId}/items/new`,
      field: (p) => p.getByLabel('Title', { exact: true }),
    },
    { name: 'form builder', path: `/forms/${DEMO_CONTENT.contactFormId}`, field: (p) => p.getByLabel('Form name') },
    { name: 'website settings', path: '/settings', field: (p) => p.getByLabel('Site title') },
    { name: 'header and footer', path: '/settings/header-footer', field: (p) => p.getByRole('textbox', { name: /^Header text(?! hex)/ }) },
    { name: 'navigation', path: '/settings/navigation', field: (p) => p.getByLabel('Title', { exact: true }).first() },
    { name: 'shipping and tax', path: '/store/shipping-tax', field: (p) => p.getByLabel(/^Minimum order subtotal/) },
    { name: 'new coupon', path: '/store/coupons', field: (p) => p.getByLabel('Code', { exact: true }) },
    { name: 'gift card', path: '/store/gift-cards', field: (p) => p.getByLabel('Note', { exact: true }) },
    { name: 'popup', path: '/community/popup', field: (p) => p.getByLabel('Title', { exact: true }) },
    {
      name: 'new event',
      path: `/content/${DEMO_CONTENT.eventsCollectionId}/items/new`,
      field: (p) => p.getByLabel('Address', { exact: true }),
    },
    { name: 'search and social settings', path: '/settings/seo', field: (p) => p.getByLabel('Site description') },
    {
      name: 'commerce preferences',
      path: '/settings/commerce',
      field: (p) => p.getByLabel('Preferences (JSON)').and(p.locator('textarea:enabled')),
    },
    { name: 'form builder (storage)', path: `/forms/${DEMO_CONTENT.newsletterFormId}`, field: (p) => p.getByLabel('Form name') },
  ];

  it.each(SCREENS)(
    'asks before leaving the $name screen with a change, and keeps the change when the owner stays',
    async ({ path, field }) => {
      await owner.goto(`${harness.url}/config${path}`);
      const input = field(owner);
      await input.waitFor();
      await input.fill(MARK);
      await staysWhenAsked(() => homeLink().click(), input, MARK);
      await leavesWhenAgreed();
    },
    60_000,
  );

  it("refuses a wrong field inline with the contracts' wording and a toast, on the converted forms", async () => {
    // Shipping and tax: StoreRulesForm (the admin's amount wording).
    await owner.goto(`${harness.url}/config/store/shipping-tax`);
    const minimum = owner.getByLabel(/^Minimum order subtotal/);
    await minimum.fill('ten');
    await owner.getByRole('button', { name: 'Save shipping and tax' }).click();
    await toastOf(owner, 'Shipping and tax not saved', 'alert').waitFor();
    await expect(owner.getByRole('group', { name: 'Checkout', exact: true }).getByRole('alert').textContent()).resolves.toBe(
      'Enter the minimum order subtotal as an amount such as 10.00.',
    );
    await expect(minimum.getAttribute('aria-invalid')).resolves.toBe('true');
    await leavesWhenAgreed();

    // Header and footer: HeaderFooterForm (the logo address: SPEC 5 '{val} is not a valid page URL').
    await owner.goto(`${harness.url}/config/settings/header-footer`);
    await owner.getByLabel('Logo image URL').fill('not a link');
    await owner.getByRole('button', { name: 'Save header and footer' }).click();
    await toastOf(owner, 'Header and footer not saved', 'alert').waitFor();
    await expect(owner.getByRole('group', { name: 'Header', exact: true }).getByRole('alert').first().textContent()).resolves.toBe(
      'not a link is not a valid page URL',
    );
    await leavesWhenAgreed();

    // The popup: PopupForm (the title is required; the body's own rule for a promotion's link).
    await owner.goto(`${harness.url}/config/community/popup`);
    await owner.getByLabel('Title', { exact: true }).fill('');
    await owner.getByLabel('Kind').selectOption('promotion');
    await owner.getByLabel('Button link').fill('');
    await owner.getByRole('button', { name: 'Save popup' }).click();
    await toastOf(owner, 'Popup not saved', 'alert').waitFor();
    await expect(owner.locator('form.popup-form').getByRole('alert').allTextContents()).resolves.toEqual([
      'Enter a title.',
      'A promotion popup needs the page its button opens.',
    ]);
    await shot(owner, SUITE, '04-popup-field-errors');
    await leavesWhenAgreed();

    // The form builder: FormBuilderForm (SPEC 5 'Emails must be formatted as {email}'), shown on its section.
    await owner.goto(`${harness.url}/config/forms/${DEMO_CONTENT.contactFormId}`);
    await owner.getByRole('button', { name: 'Storage', exact: true }).click();
    await owner.getByLabel('Also email each submission to').fill('studio@example.com\nnot-an-address');
    await owner.getByRole('button', { name: 'Build', exact: true }).click();
    await owner.getByLabel('Form name').fill('');
    await owner.getByRole('button', { name: 'Save form' }).click();
    await toastOf(owner, 'Form not saved', 'alert').waitFor();
    await expect(owner.getByLabel('Also email each submission to').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(owner.getByRole('group', { name: 'Storage', exact: true }).getByRole('alert').textContent()).resolves.toBe(
      'Emails must be formatted as name@example.com',
    );
    await leavesWhenAgreed();
  }, 90_000);

  it("keeps the item editor's and the form builder's unsaved values in the browser and offers them back on return", async () => {
    // Nothing kept from the screens visited above.
    await owner.evaluate(() => localStorage.clear());
    // A new post: typed, the tab reloaded (the browser asks; the owner leaves anyway).
    const newPost = `${harness.url}/config/content/${DEMO_CONTENT.journalCollectionId}/items/new`;
    await owner.goto(newPost);
    const title = owner.getByLabel('Title', { exact: true });
    await title.fill(`${MARK} draft`);
    await owner.getByLabel('Excerpt', { exact: true }).fill('Kept while the tab was away.');
    owner.once('dialog', (dialog) => void dialog.accept());
    await owner.reload();
    const offer = owner.getByRole('region', { name: 'Unsaved changes kept in this browser' });
    await offer.waitFor();
    // The form opens as the server has it until the owner answers.
    await expect(title.inputValue()).resolves.toBe('');
    await shot(owner, SUITE, '05-draft-offer');
    await offer.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await offer.waitFor({ state: 'detached' });
    await expect(title.inputValue()).resolves.toBe(`${MARK} draft`);
    await expect(owner.getByLabel('Excerpt', { exact: true }).inputValue()).resolves.toBe('Kept while the tab was away.');
    // Restored values are unsaved work: leaving asks.
    await staysWhenAsked(() => homeLink().click(), title, `${MARK} draft`);
    await leavesWhenAgreed();

    // The form builder: a changed name, another screen, then back: offered; discarded, it is gone.
    const builder = `${harness.url}/config/forms/${DEMO_CONTENT.contactFormId}`;
    await owner.goto(builder);
    const name = owner.getByLabel('Form name');
    const saved = await name.inputValue();
    await name.fill(`${saved} ${MARK}`);
    await leavesWhenAgreed();
    await owner.goto(builder);
    await offer.waitFor();
    await expect(name.inputValue()).resolves.toBe(saved);
    await offer.getByRole('button', { name: 'Discard them' }).click();
    await offer.waitFor({ state: 'detached' });
    await owner.goto(builder);
    await name.waitFor();
    await owner.getByRole('heading', { level: 1, name: saved }).waitFor();
    expect(await offer.count()).toBe(0);
  }, 90_000);

  it('finds screens and pages by name with Ctrl+K (asking first when work is unsaved)', async () => {
    await owner.goto(`${harness.url}/config`);
    await owner.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    await owner.keyboard.press('Control+K');
    const find = owner.getByRole('combobox', { name: 'Find a screen, page or store' });
    await find.fill('coup');
    await owner.getByRole('option', { name: /Coupons/ }).waitFor();
    await shot(owner, SUITE, '03-command-palette');
    await find.press('Enter');
    await owner.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();

    // A page by its title; with a change typed, the move asks first.
    const code = owner.getByLabel('Code', { exact: true });
    await code.fill(MARK);
    await owner.keyboard.press('Control+K');
    await find.fill('about');
    await owner.getByRole('option', { name: /About/ }).first().waitFor();
    await staysWhenAsked(() => find.press('Enter'), code, MARK);
    await owner.keyboard.press('Control+K');
    await find.fill('about');
    await owner.getByRole('option', { name: /About/ }).first().click();
    await question().getByRole('button', { name: 'Leave without saving' }).click();
    await owner.getByRole('toolbar', { name: 'Editor' }).waitFor();
  }, 60_000);

  it('reports a site-style change as unsaved, guards it, and saves it with Save', async () => {
    await owner.goto(`${harness.url}/config/content/${DEMO_CONTENT.aboutCollectionId}`);
    const bar = owner.getByRole('toolbar', { name: 'Editor' });
    await bar.getByText('All changes saved').waitFor();
    await bar.getByRole('button', { name: 'Site styles' }).click();
    const panel = owner.getByRole('group', { name: 'Site styles' });
    const font = panel.getByLabel('Body font');
    // Enabled once the fonts render serves are listed.
    await font.and(owner.locator('select:enabled')).waitFor();
    const before = await font.inputValue();
    const next = before === 'lora' ? 'inter' : 'lora';
    await font.selectOption(next);

    // Never "All changes saved" while the style is unsaved; Save is offered.
    await bar.getByText('Unsaved changes').waitFor();
    expect(await bar.getByText('All changes saved').count()).toBe(0);
    await expect(bar.getByRole('button', { name: 'Save', exact: true }).isEnabled()).resolves.toBe(true);
    await shot(owner, SUITE, '02-style-unsaved');

    // Closing the panel keeps the change, still reported unsaved; leaving asks.
    await bar.getByRole('button', { name: 'Site styles' }).click();
    await bar.getByText('Unsaved changes').waitFor();
    await homeLink().click();
    await question().getByRole('button', { name: 'Stay' }).click();
    await bar.getByText('Unsaved changes').waitFor();

    // The bar's Save saves the styles; only then is everything reported saved.
    await bar.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Site styles saved' }).waitFor();
    await bar.getByText('All changes saved').waitFor();
    const stored = await owner.evaluate(
      async (websiteId) =>
        ((await (await fetch(`/api/content-service/1.0/websites/${websiteId}/settings`)).json()) as { styles?: { bodyFont?: string } })
          .styles?.bodyFont,
      DEMO_WEBSITE_ID,
    );
    expect(stored).toBe(next);
    await homeLink().click();
    await owner.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    expect(await question().count()).toBe(0);
  }, 90_000);
});
