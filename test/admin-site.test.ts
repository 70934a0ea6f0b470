// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The rest of the admin app in a real browser: forms (builder, preview, a visitor's submission,
// CSV export), restock (a visitor's signup, send with the SPEC 4 confirm modal, the email in the
// local mailbox), gallery design with its live preview and the changed page, content (posts with
// the SPEC tag messages, page blocks with the chart and link messages), settings with the colour
// messages, the team (a viewer who cannot edit, API keys shown once), the error boundary, and the
// admin bundle staying off storefront pages.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT, DEMO_WEBSITE_ID, OWNER_SESSION_COOKIE, Role, roleName } from '@sc/contracts';
import { buildWeb } from './browser-kit.js';
import {
  crumbOf,
  goToArea,
  newViewer,
  ownerPage,
  SECOND_WEBSITE,
  shot,
  signIn,
  startAdmin,
  stopAdmin,
  toastOf,
  type AdminHarness,
} from './admin-kit.js';

const SUITE = 'site';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin({ secondWebsite: true });
  owner = (await ownerPage(harness)).page;
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const alertText = (page: Page) => page.getByRole('alert').first().textContent();

/** A visitor's page on the storefront (own cookies). */
async function visitorPage(): Promise<Page> {
  const context = await harness.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${harness.url}/`);
  return page;
}

/** Calls the API from a page the way the web app does (crumb header on unsafe calls). */
async function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, url, body, crumb }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body, crumb: await crumbOf(page) },
  );
}

describe('admin forms', () => {
  it('builds a form, previews it, and shows a visitor submission with its CSV export', async () => {
    await goToArea(owner, 'Forms');
    await owner.getByLabel('Form name').fill('Workshop enquiry');
    await owner.getByRole('button', { name: 'Create form' }).click();
    await owner.getByRole('heading', { name: 'Workshop enquiry' }).waitFor();

    await owner.getByLabel('Field type').selectOption('text');
    await owner.getByRole('button', { name: 'Add field' }).click();
    await owner.getByRole('group', { name: 'Field Text' }).getByLabel('Label').fill('Your name');
    await owner.getByRole('group', { name: 'Field Your name' }).getByText('Required').click();
    await owner.getByLabel('Field type').selectOption('textarea');
    await owner.getByRole('button', { name: 'Add field' }).click();
    const message = owner.getByRole('group', { name: 'Field Text area' });
    await message.getByLabel('Label').fill('Message');
    await owner.getByRole('group', { name: 'Field Message' }).getByLabel('Maximum length').fill('20');
    await owner.getByLabel('Field type').selectOption('likert');
    await owner.getByRole('button', { name: 'Add field' }).click();
    await owner.getByRole('group', { name: 'Field Likert scale' }).getByLabel('Statements').fill('The studio was easy to find');
    await owner.getByRole('group', { name: 'Field Likert scale' }).getByLabel('Statements').press('Tab');

    // Preview: the textarea's SPEC 2 counter and the SPEC 9 likert labels.
    const preview = owner.getByRole('form', { name: 'Preview of Workshop enquiry' });
    await preview.getByRole('textbox').nth(1).fill('Hello there');
    await preview.getByText('11 / 20').waitFor();
    await preview.getByText('Strongly Agree').first().waitFor();

    // Storage: a wrong address gets the SPEC owner-side message.
    await owner.getByRole('button', { name: 'Storage' }).click();
    await owner.getByLabel('Also email each submission to').fill('studio@example.com\nnot-an-address');
    // The form is checked with its schema on save; the field then shows the message.
    await owner.getByRole('button', { name: 'Save form' }).click();
    await owner.getByText('Emails must be formatted as name@example.com').waitFor();
    await owner.getByLabel('Also email each submission to').fill('studio@example.com');
    for (const section of ['Advanced', 'Captcha', 'Disclaimer', 'Build']) {
      await owner.getByRole('button', { name: section, exact: true }).click();
      await owner.getByRole('group', { name: section }).waitFor();
    }
    await owner.getByRole('button', { name: 'Save form' }).click();
    await toastOf(owner, 'Form saved').waitFor();
    await shot(owner, SUITE, '01-form-builder');
    const formId = new URL(owner.url()).pathname.split('/').pop() ?? '';

    const visitor = await visitorPage();
    const key = await call(visitor, 'POST', '/api/form/FormSubmissionKey');
    const saved = await call(visitor, 'POST', '/api/form/SaveFormSubmission', {
      formId,
      key: (key.body as { key: string }).key,
      form: { 'text-1': 'Ada Lovelace', 'textarea-2': 'Two seats please' },
      pagePath: '/about',
    });
    expect(saved.status).toBe(200);
    await visitor.context().close();

    await owner.getByRole('link', { name: 'Submissions' }).click();
    await owner.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    expect(await owner.getByRole('row', { name: /Ada Lovelace/ }).textContent()).toContain('Two seats please');
    const download = owner.waitForEvent('download');
    await owner.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(csv).toContain('Your name');
    expect(csv).toContain('Ada Lovelace');
    await shot(owner, SUITE, '02-submissions');
  }, 60_000);
});

describe('admin restock', () => {
  it('lists a visitor signup, sends after the confirm modal, and shows the email in the mailbox', async () => {
    const visitor = await visitorPage();
    await visitor.goto(`${harness.url}/shop/hand-thrown-serving-bowl`);
    const variantId = (await visitor.locator('.product-restock-notification').getAttribute('data-variant-id')) ?? '';
    const signup = await call(visitor, 'POST', '/api/site-users/account/notifications/restock', {
      productId: DEMO_CONTENT.products.bowl,
      variantId,
      siteVisitorEmail: 'waiting@example.com',
    });
    expect(signup.status).toBe(200);
    await visitor.context().close();

    await goToArea(owner, 'Restock');
    const row = owner.getByRole('row', { name: /Waitlist Hand-thrown Serving Bowl/ });
    await row.getByRole('button', { name: 'Signups' }).click();
    await owner.getByRole('cell', { name: 'waiting@example.com' }).waitFor();

    // SPEC 4 confirm modal: cancel sends nothing; confirm sends.
    await row.getByRole('button', { name: 'Send' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Send restock notifications' });
    await dialog.waitFor();
    await shot(owner, SUITE, '03-restock-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await owner.getByRole('table', { name: /Signups for Hand-thrown Serving Bowl/ }).textContent()).toContain('not yet');
    await row.getByRole('button', { name: 'Send' }).click();
    await owner.getByRole('dialog', { name: 'Send restock notifications' }).getByRole('button', { name: 'Send' }).click();
    await owner.getByRole('status').filter({ hasText: 'Queued 1 notification email.' }).waitFor();

    // The outbox mailer delivers after the send (slowly on a busy machine): ask the mailbox API
    // until the email is there, then look at it in the mailbox screen.
    let delivered = 0;
    for (let attempt = 0; attempt < 240 && delivered === 0; attempt++) {
      const box = await call(owner, 'GET', '/api/site-users/account/notifications/restock/mailbox?to=waiting%40example.com');
      delivered = (box.body as { items?: unknown[] } | null)?.items?.length ?? 0;
      if (delivered === 0) await owner.waitForTimeout(500);
    }
    expect(delivered).toBe(1);
    await owner.getByRole('link', { name: 'Sent emails' }).click();
    await owner
      .getByRole('listitem', { name: /Email to waiting@example.com/ })
      .getByRole('button')
      .click();
    expect(await owner.locator('.mail-text').textContent()).toContain('Hand-thrown Serving Bowl');
    await shot(owner, SUITE, '04-restock-mailbox');
  }, 180_000);
});

describe('admin gallery and content', () => {
  it('changes the gallery design with a live preview and the page follows', async () => {
    await owner.goto(`${harness.url}/config/content/${DEMO_CONTENT.galleryCollectionId}/gallery`);
    const preview = owner.locator('.gallery-preview');
    await expect(preview.getAttribute('data-design')).resolves.toBe('grid');
    // Options that do not apply to the design are off; thumbnails-per-row applies to grid only.
    await expect(owner.getByRole('spinbutton', { name: 'thumbnails-per-row' }).isEnabled()).resolves.toBe(true);
    // The SPEC range of padding is 0 to 50.
    await owner.getByRole('spinbutton', { name: 'padding' }).fill('80');
    await expect(alertText(owner)).resolves.toBe('padding must be between 0 and 50.');
    await owner.getByRole('spinbutton', { name: 'padding' }).fill('10');
    await owner.getByRole('combobox', { name: 'design' }).selectOption('slideshow');
    await expect(preview.getAttribute('data-design')).resolves.toBe('slideshow');
    await expect(owner.getByRole('spinbutton', { name: 'thumbnails-per-row' }).isEnabled()).resolves.toBe(false);
    await expect(owner.getByRole('checkbox', { name: 'autoplay', exact: true }).isEnabled()).resolves.toBe(true);
    await owner.getByRole('button', { name: 'Save gallery settings' }).click();
    await owner.getByRole('status').filter({ hasText: 'Gallery settings saved' }).waitFor();
    await shot(owner, SUITE, '05-gallery-settings');

    const visitor = await visitorPage();
    let design = '';
    for (let attempt = 0; attempt < 30 && !design.includes('gallery-slideshow'); attempt++) {
      await visitor.goto(`${harness.url}/studio`);
      design = (await visitor.locator('.gallery').first().getAttribute('class')) ?? '';
      if (!design.includes('gallery-slideshow')) await visitor.waitForTimeout(300);
    }
    expect(design).toContain('gallery-slideshow');
    await shot(visitor, SUITE, '06-gallery-page');
    await visitor.context().close();
  }, 60_000);

  it('writes a blog post with tags and categories under the SPEC limits and messages', async () => {
    await goToArea(owner, 'Content');
    await owner.getByRole('link', { name: 'Journal', exact: true }).click();
    await owner.getByRole('link', { name: 'New post' }).click();
    await owner.getByLabel('Title', { exact: true }).fill('Opening hours for the holidays');
    const tags = owner.getByRole('group', { name: 'Tags' });
    await tags.getByLabel('New tag').fill('news');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByLabel('New tag').fill('studio');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByLabel('New tag').fill('NEWS');
    await expect(tags.getByRole('alert').textContent()).resolves.toBe('This tag already exists');
    await tags.getByLabel('New tag').fill('x'.repeat(51));
    await expect(tags.getByRole('alert').textContent()).resolves.toBe('Tags can be at most 50 characters long.');
    await tags.getByLabel('New tag').fill('');
    await tags.getByRole('button', { name: 'Edit tag news' }).click();
    await tags.getByRole('button', { name: 'Edit tag studio' }).click();
    await expect(tags.getByRole('alert').textContent()).resolves.toBe('You may only edit one tag at a time');
    await tags.getByLabel('Rename tag news').fill('holidays');
    await tags.getByRole('button', { name: 'Done' }).click();
    const categories = owner.getByRole('group', { name: 'Categories' });
    await categories.getByLabel('New category').fill('A category name far too long');
    await expect(categories.getByRole('alert').textContent()).resolves.toBe('Categories can be at most 25 characters long.');
    await categories.getByLabel('New category').fill('Studio life');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await owner.getByRole('button', { name: 'Create post' }).click();
    await toastOf(owner, 'Saved').waitFor();
    await owner.getByRole('heading', { name: 'Opening hours for the holidays' }).waitFor();
    await owner.reload();
    await tags.getByText('holidays').waitFor();
    await categories.getByText('Studio life').waitFor();
    await shot(owner, SUITE, '07-blog-post');
  }, 60_000);

  it('edits a page with chart, button and newsletter blocks and their SPEC messages', async () => {
    await goToArea(owner, 'Content');
    await owner.getByLabel('Kind').selectOption('page');
    await owner.getByLabel('Title', { exact: true }).fill('Our numbers');
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByRole('heading', { name: 'Our numbers' }).waitFor();
    const add = async (name: string) => {
      await owner.getByRole('button', { name: 'Add block' }).click();
      await owner.getByRole('dialog', { name: 'Add a block' }).getByRole('button', { name, exact: true }).click();
    };
    await add('Chart');
    const chart = owner.getByRole('group', { name: 'Chart settings' });
    await chart.getByLabel('Dataset').fill('');
    await expect(chart.getByRole('alert').textContent()).resolves.toBe('Your dataset must have at least one column');
    await chart.getByLabel('Dataset').fill('Month,Visitors');
    await expect(chart.getByRole('alert').textContent()).resolves.toBe('Your dataset must have at least one row');
    await chart.getByLabel('Dataset').fill('Month,Visitors\nJanuary,');
    await expect(chart.getByRole('alert').textContent()).resolves.toBe('One or more rows was missing data');
    await chart.getByLabel('Dataset').fill('Month,Visitors\nJanuary,120\nFebruary,180');
    await expect(chart.getByRole('alert').count()).resolves.toBe(0);
    await add('Button');
    const button = owner.getByRole('group', { name: 'Button settings' });
    await button.getByLabel('Button label').fill('Visit us');
    await button.getByLabel('Button link').fill('fore street');
    await expect(button.getByRole('alert').textContent()).resolves.toBe('Links must be formatted as https://example.com or /a-page');
    await button.getByLabel('Button link').fill('/about');
    await add('Newsletter');
    await expect(owner.getByRole('group', { name: 'Newsletter settings' }).getByRole('alert').textContent()).resolves.toBe(
      'A List must be selected',
    );
    await owner.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Remove block' }).click();
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Page saved' }).waitFor();
    await owner.reload();
    await owner
      .getByRole('navigation', { name: 'Page structure' })
      .getByRole('button', { name: /^Chart/ })
      .click();
    await expect(owner.getByRole('group', { name: 'Chart settings' }).getByLabel('Dataset').inputValue()).resolves.toContain(
      'February,180',
    );
    await shot(owner, SUITE, '08-page-blocks');
  }, 60_000);

  it('shows the not-found path and the error boundary fallback', async () => {
    await owner.goto(`${harness.url}/config/content/no-such-collection`);
    await expect(alertText(owner)).resolves.toBe('Unable to locate content: /content/no-such-collection');
    await owner.goto(`${harness.url}/config/no/such/screen`);
    await expect(alertText(owner)).resolves.toBe('Unable to locate content: /no/such/screen');
    // A malformed answer breaks the settings screen; the boundary shows its fallback and the
    // navigation stays usable.
    await owner.route('**/api/content-service/1.0/websites/*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"id":"demo"}' }),
    );
    await owner.goto(`${harness.url}/config/settings`);
    await owner.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await shot(owner, SUITE, '09-error-boundary');
    await owner.unroute('**/api/content-service/1.0/websites/*');
    await goToArea(owner, 'Home');
    await owner.getByRole('heading', { name: 'Home', exact: true }).waitFor();
  }, 30_000);
});

describe('admin settings', () => {
  it('saves the site title, checks colours with the SPEC messages, and saves the navigation', async () => {
    await goToArea(owner, 'Settings');
    await owner.getByLabel('Site title').fill('Harbour & Pine Studio');
    await owner.getByLabel('Business email').fill('hello@');
    await expect(alertText(owner)).resolves.toBe('Please enter a valid email');
    await owner.getByLabel('Business email').fill('hello@harbourandpine.example');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await toastOf(owner, 'Settings saved').waitFor();
    await expect(owner.locator('.topbar .website').textContent()).resolves.toBeTruthy();

    await owner.getByRole('link', { name: 'Header & footer' }).click();
    const background = owner.getByRole('group', { name: 'Header background' });
    await background.getByRole('combobox', { name: 'Header background format' }).selectOption('hsl');
    await background.getByRole('spinbutton', { name: 'Header background H' }).fill('400');
    await expect(background.getByRole('alert').textContent()).resolves.toBe('Hue out of bounds.');
    await background.getByRole('spinbutton', { name: 'Header background H' }).fill('');
    await expect(background.getByRole('alert').textContent()).resolves.toBe('Missing an H/S/L value.');
    await background.getByRole('spinbutton', { name: 'Header background H' }).fill('120');
    await background.getByRole('spinbutton', { name: 'Header background L' }).fill('1.5');
    await expect(background.getByRole('alert').textContent()).resolves.toBe('Lightness out of bounds.');
    await background.getByRole('spinbutton', { name: 'Header background L' }).fill('0.9');
    await background.getByRole('combobox', { name: 'Header background format' }).selectOption('hex');
    await background.getByRole('textbox', { name: 'Header background hex' }).fill('#12');
    await expect(background.getByRole('alert').textContent()).resolves.toBe('Colours must be written as 3 to 6 hex characters.');
    await background.getByRole('textbox', { name: 'Header background hex' }).fill('#eef5ee');
    await owner.getByRole('button', { name: 'Save header and footer' }).click();
    await toastOf(owner, 'Header and footer saved').waitFor();

    await owner.getByRole('link', { name: 'Navigation' }).click();
    await owner.getByRole('button', { name: 'Move Journal up' }).click();
    await owner.getByRole('button', { name: 'Save navigation' }).click();
    await owner.getByRole('status').filter({ hasText: 'Navigation saved' }).waitFor();
    const visitor = await visitorPage();
    let nav = '';
    for (let attempt = 0; attempt < 30 && !/Journal[\s\S]*Shop/.test(nav); attempt++) {
      await visitor.goto(`${harness.url}/`);
      nav = (await visitor.locator('nav.main-nav').textContent()) ?? '';
      if (!/Journal[\s\S]*Shop/.test(nav)) await visitor.waitForTimeout(300);
    }
    expect(nav).toMatch(/Journal[\s\S]*Shop/);
    await visitor.context().close();
    await shot(owner, SUITE, '10-navigation');
  }, 60_000);
});

describe('admin site-wide settings', () => {
  it('edits languages, commerce preferences and the site colours', async () => {
    await goToArea(owner, 'Settings');
    await owner.getByRole('link', { name: 'Languages' }).click();
    await owner.getByLabel('Add a language').fill('fr-FR');
    await owner.getByRole('button', { name: 'Add language' }).click();
    await owner.getByLabel('Add a language').fill('FR-fr');
    await expect(alertText(owner)).resolves.toBe('This language already exists');
    await owner.getByLabel('Add a language').fill('');
    await owner.getByRole('button', { name: 'Save languages' }).click();
    await owner.getByRole('status').filter({ hasText: 'Languages saved' }).waitFor();
    await owner.reload();
    await owner.getByRole('cell', { name: 'fr-FR', exact: true }).waitFor();

    await owner.getByRole('link', { name: 'Commerce preferences' }).click();
    await owner.getByLabel('Namespace').fill('checkout');
    const json = owner.getByLabel('Preferences (JSON)');
    await json.fill('{ "orderNote": ');
    await owner.getByRole('button', { name: 'Save preferences' }).click();
    await expect(alertText(owner)).resolves.toBe('The preferences must be a JSON object.');
    await json.fill('{ "orderNote": "Gift wrap available" }');
    await owner.getByRole('button', { name: 'Save preferences' }).click();
    await owner.getByRole('status').filter({ hasText: 'Preferences saved' }).waitFor();
    await owner.reload();
    // The textarea is there before the stored preferences arrive: wait for them.
    let stored = '';
    for (let attempt = 0; attempt < 40 && !stored.includes('Gift wrap available'); attempt++) {
      stored = await owner.getByLabel('Preferences (JSON)').inputValue();
      if (!stored.includes('Gift wrap available')) await owner.waitForTimeout(100);
    }
    expect(stored).toContain('Gift wrap available');

    await owner.getByRole('link', { name: 'Colours' }).click();
    await owner.getByLabel('New colour name').fill('highlight');
    await owner.getByRole('button', { name: 'Add colour' }).click();
    const highlight = owner.getByRole('group', { name: 'highlight' });
    await highlight.getByRole('combobox', { name: 'highlight format' }).selectOption('rgb');
    await highlight.getByRole('spinbutton', { name: 'highlight R' }).fill('300');
    await expect(highlight.getByRole('alert').textContent()).resolves.toBe('Red, green and blue must be between 0 and 255.');
    await highlight.getByRole('spinbutton', { name: 'highlight R' }).fill('200');
    await highlight.getByRole('spinbutton', { name: 'highlight A' }).fill('2');
    await expect(highlight.getByRole('alert').textContent()).resolves.toBe('Alpha out of bounds.');
    await highlight.getByRole('spinbutton', { name: 'highlight A' }).fill('0.5');
    await owner.getByRole('button', { name: 'Save colours' }).click();
    await owner.getByRole('status').filter({ hasText: 'Colours saved' }).waitFor();
    await owner.reload();
    await expect(owner.getByRole('spinbutton', { name: 'highlight R' }).inputValue()).resolves.toBe('200');
    await shot(owner, SUITE, '10b-colours');
  }, 60_000);

  it('adds an event to the events calendar', async () => {
    await goToArea(owner, 'Content');
    await owner.getByRole('link', { name: 'Events', exact: true }).click();
    await owner.getByRole('link', { name: 'New event' }).click();
    await owner.getByLabel('Title', { exact: true }).fill('Summer kiln opening');
    await owner.getByLabel('Starts').fill('2030-06-01T10:00');
    await owner.getByLabel('Ends').fill('2030-06-01T13:00');
    await owner.getByLabel('Address', { exact: true }).fill('41 Fore Street');
    await owner.getByRole('button', { name: 'Create event' }).click();
    await owner.getByRole('heading', { name: 'Summer kiln opening' }).waitFor();
    await toastOf(owner, 'Saved').waitFor();
    await owner.getByRole('link', { name: 'Back to Events' }).click();
    await owner.getByRole('link', { name: 'Summer kiln opening' }).waitFor();
    await shot(owner, SUITE, '10c-events');
  }, 30_000);

  it("edits an event's tickets and search fields with a live preview, and the public page and its JSON-LD follow", async () => {
    await goToArea(owner, 'Content');
    await owner.getByRole('link', { name: 'Events', exact: true }).click();
    await owner.getByRole('link', { name: 'New event' }).click();
    await owner.getByLabel('Title', { exact: true }).fill('Raku firing night');
    await owner.getByLabel('Starts').fill('2030-07-01T18:00');
    await owner.getByLabel('Ends').fill('2030-07-01T21:00');
    await owner.getByLabel('Ticket price (USD)').fill('12.5x');
    await owner.getByRole('button', { name: 'Create event' }).click();
    await expect(alertText(owner)).resolves.toBe('Enter the ticket price in USD, such as 12.50 (0 for free admission).');
    await owner.getByLabel('Ticket price (USD)').fill('12.50');
    // The previews follow the fields as they are typed, before anything is saved.
    const search = owner.getByRole('figure', { name: 'Search result preview' });
    await expect(search.textContent()).resolves.toContain('Raku firing night — ');
    await owner.getByLabel('SEO title').fill('Raku night at the studio');
    await owner.getByLabel('SEO description').fill('Pull glowing pots from the kiln.');
    await search.getByText('Raku night at the studio').waitFor();
    await owner.getByRole('figure', { name: 'Social card preview' }).getByText('Pull glowing pots from the kiln.').waitFor();
    await owner.getByRole('button', { name: 'Create event' }).click();
    await owner.getByRole('heading', { name: 'Raku firing night' }).waitFor();
    await toastOf(owner, 'Saved').waitFor();
    await shot(owner, SUITE, '10d-event-tickets-seo');

    const visitor = await visitorPage();
    await visitor.goto(`${harness.url}/events/raku-firing-night`);
    await expect(visitor.title()).resolves.toBe('Raku night at the studio');
    await expect(visitor.locator('.event-tickets').textContent()).resolves.toBe('Tickets $12.50');
    const blocks = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(blocks.find((b) => b['@type'] === 'Event')?.offers).toMatchObject({
      price: '12.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    await visitor.context().close();
  }, 45_000);
});

describe('admin team and roles', () => {
  it('shows a new API key once', async () => {
    await goToArea(owner, 'Team');
    await owner.getByLabel('Key name').fill('Inventory sync');
    await owner.getByRole('button', { name: 'Create API key' }).click();
    const key = (await owner.getByTestId('new-api-key').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(20);
    await owner.reload();
    await owner.getByRole('row', { name: 'API key Inventory sync' }).waitFor();
    expect(await owner.textContent('main')).not.toContain(key);
  }, 30_000);

  it('gives a new owner the viewer role: every area reads, nothing can be changed, and the server refuses', async () => {
    const { context, page: viewer } = await newViewer(harness, owner, 'Vera Viewer', 'vera@example.com');
    await shot(owner, SUITE, '11-team');

    const nav = viewer.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Store', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Team', exact: true }).count()).toBe(1); // members:read
    await goToArea(viewer, 'Settings');
    await viewer.getByLabel('Site title').waitFor();
    expect(await viewer.getByLabel('Site title').isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    await goToArea(viewer, 'Store');
    await viewer.getByRole('link', { name: 'Shop', exact: true }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Create store' }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'Add product' }).count()).toBe(0);
    await viewer.getByRole('link', { name: 'Inventory' }).click();
    await viewer.getByRole('row', { name: 'Stock of TOTE-OLV-M' }).waitFor();
    expect(await viewer.getByLabel('Quantity of TOTE-OLV-M').count()).toBe(0);
    await goToArea(viewer, 'Team');
    await viewer.getByRole('row', { name: 'Member vera@example.com' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await viewer.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    await shot(viewer, SUITE, '12-viewer');

    const refused = await call(viewer, 'PUT', '/api/content-service/1.0/websites/demo', { title: 'Taken over' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: 'Your role on this website does not allow this.' } });
    await context.close();
  }, 60_000);
});

describe('admin analytics', () => {
  it('shows every report for a picked date range', async () => {
    await goToArea(owner, 'Analytics');
    await owner.getByTestId('total-page-views').waitFor();
    for (const heading of [
      'Visits and page views',
      'Top pages',
      'Referrers',
      'Product funnel',
      'Revenue',
      'Form conversion',
      'JavaScript errors',
      'Web vitals (75th percentile)',
    ]) {
      await owner.getByRole('heading', { name: heading }).waitFor();
    }
    await owner.getByRole('img', { name: 'Visits and page views by day' }).waitFor();
    await owner.getByRole('table', { name: 'Product funnel' }).getByText('of them, added it to the cart').waitFor();
    expect(await owner.getByText('Unable to load results').count()).toBe(0);
    await owner.getByLabel('From').fill('2030-01-10');
    await owner.getByLabel('To').fill('2030-01-01');
    await expect(alertText(owner)).resolves.toBe('The first day must be before the last.');
    await owner.getByRole('button', { name: 'Last 7 days' }).click();
    await owner.getByTestId('total-page-views').waitFor();
    await shot(owner, SUITE, '13-analytics');
  }, 30_000);
});

describe('admin website switcher', () => {
  it("moves the owner to their second website's admin on its domain, signed in there, and back", async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, harness.url);
    const { port } = new URL(harness.url);
    const switcher = page.getByRole('combobox', { name: 'Website' });
    await switcher.locator(`option[value="${SECOND_WEBSITE.id}"]`).waitFor({ state: 'attached' });
    expect(await switcher.locator('option').count()).toBe(2);
    expect(await switcher.inputValue()).toBe(DEMO_WEBSITE_ID);
    expect(await switcher.locator(`option[value="${SECOND_WEBSITE.id}"]`).textContent()).toBe(
      `${SECOND_WEBSITE.title} (${roleName(Role.ADMIN)})`,
    );
    await shot(page, SUITE, '14-switcher');

    await switcher.selectOption(SECOND_WEBSITE.id);
    // The other website's domain, its own session cookie there, and no token left in the address.
    await page.waitForURL(
      (url) => url.hostname === SECOND_WEBSITE.domain && url.port === port && url.pathname === '/config' && url.search === '',
    );
    await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    await page.getByText(`on website ${SECOND_WEBSITE.id}`).waitFor();
    await shot(page, SUITE, '15-switched');
    const session = (await call(page, 'GET', '/api/auth/session')).body as { websiteId: string; roles: number[] };
    expect(session).toMatchObject({ websiteId: SECOND_WEBSITE.id, roles: [Role.ADMIN] });
    expect((await context.cookies(`http://${SECOND_WEBSITE.domain}:${port}`)).some((c) => c.name === OWNER_SESSION_COOKIE)).toBe(true);
    const listed = (await call(page, 'GET', '/api/auth/websites')).body as { websites: { id: string }[] };
    expect(listed.websites.map((w) => w.id).sort()).toEqual([DEMO_WEBSITE_ID, SECOND_WEBSITE.id].sort());
    expect(await page.getByRole('combobox', { name: 'Website' }).inputValue()).toBe(SECOND_WEBSITE.id);

    await page.getByRole('combobox', { name: 'Website' }).selectOption(DEMO_WEBSITE_ID);
    // Back on a domain of the demo website (it has two: localhost and 127.0.0.1).
    await page.waitForURL(
      (url) => ['localhost', '127.0.0.1'].includes(url.hostname) && url.port === port && url.pathname === '/config' && url.search === '',
    );
    await page.getByText(`on website ${DEMO_WEBSITE_ID}`).waitFor();
    await context.close();
  }, 60_000);
});

describe('admin bundle', () => {
  /** Every file of the admin build: config.html's entry and all it imports, now or lazily (the build's manifest). */
  function adminFiles(dist: string): { entry: string; all: Set<string>; lazy: Map<string, string> } {
    type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; src?: string };
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
    const all = new Set<string>();
    const lazy = new Map<string, string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || all.has(chunk.file)) return;
      all.add(chunk.file);
      for (const css of chunk.css ?? []) all.add(css);
      for (const next of chunk.imports ?? []) visit(next);
      for (const next of chunk.dynamicImports ?? []) {
        const file = manifest[next]?.file;
        if (file) lazy.set(next, file);
        visit(next);
      }
    };
    visit('config.html');
    return { entry: manifest['config.html']?.file ?? '', all, lazy };
  }

  it('is never downloaded by storefront pages, and loads its areas only when they are opened', async () => {
    const dist = buildWeb();
    const { entry, all, lazy } = adminFiles(dist);
    expect(entry).toMatch(/^assets\/config-.+\.js$/);
    // Split by area: the store area is its own chunk, apart from the entry.
    const storeArea = lazy.get('src/admin/store/StoreArea.ts');
    expect(storeArea).toMatch(/^assets\/StoreArea-.+\.js$/);
    expect(readdirSync(path.join(dist, 'assets'))).toContain(path.basename(entry));
    const isAdminFile = (p: string) => [...all].some((file) => p.endsWith(`/${file}`));

    const visitor = await visitorPage();
    const requested: string[] = [];
    visitor.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const page of ['/', '/shop', '/shop/waxed-canvas-market-tote', '/journal', '/studio', '/cart'])
      await visitor.goto(`${harness.url}${page}`, { waitUntil: 'networkidle' });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter(isAdminFile)).toEqual([]);

    // The admin app loads its entry at once and the store area's chunk only when the store is opened.
    const context = await harness.browser.newContext();
    const admin = await context.newPage();
    admin.setDefaultTimeout(10_000);
    const adminRequests: string[] = [];
    admin.on('request', (request) => adminRequests.push(new URL(request.url()).pathname));
    await signIn(admin, harness.url);
    await admin.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    expect(adminRequests).toContain(`/${entry}`);
    expect(adminRequests).not.toContain(`/${storeArea ?? ''}`);
    await goToArea(admin, 'Store');
    await admin.getByRole('heading', { name: 'Store' }).first().waitFor();
    expect(adminRequests).toContain(`/${storeArea ?? ''}`);
    await visitor.context().close();
    await context.close();
  }, 60_000);
});
