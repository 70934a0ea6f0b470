// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The page editor in a real browser (issue 27's "Done when"): from an empty page, a heading, a
// rich-text paragraph with a link, an uploaded image, a gallery, a product and a button, each seen
// in the frame before saving; reordering by drag and by keyboard; undo and redo; saving, and the
// public page's text, order and links equal to the preview. Also: every demo page opens with every
// block editable; the 61st block is refused; a draft survives a reload; a conflicting save keeps
// both versions; a viewer gets the editor read-only; and XSS payloads in every field of every
// block never run in the editor or on the public page (a dialog or a beacon request fails it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_CONTENT } from '@sc/contracts';
import { crumbOf, goToArea, newViewer, ownerPage, shot, startAdmin, stopAdmin, type AdminHarness } from './admin-kit.js';

const SUITE = 'page-editor';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin();
  owner = (await ownerPage(harness)).page;
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const FRAME = 'iframe[title="Page preview"]';
/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

interface ShownBlock {
  type: string;
  text: string;
  links: string[];
}

/** The blocks of a layout page as shown: type, visible text, link addresses, in order (run in the browser). */
const BLOCKS_IN = `(root) => Array.from(root.querySelectorAll('main [data-block-type]')).map((el) => ({
  type: el.getAttribute('data-block-type') ?? '',
  text: (el.textContent ?? '').replace(/\\s+/g, ' ').trim(),
  links: Array.from(el.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? ''),
}))`;

const frameBlocks = (page: Page): Promise<ShownBlock[]> =>
  page.evaluate<ShownBlock[]>(`(${BLOCKS_IN})(document.querySelector('${FRAME}').contentDocument)`);

async function publicBlocks(path: string): Promise<ShownBlock[]> {
  const context = await harness.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${harness.url}${path}`);
  const blocks = await page.evaluate<ShownBlock[]>(`(${BLOCKS_IN})(document)`);
  await context.close();
  return blocks;
}

/** Waits until the frame's blocks satisfy `check` (the preview is asynchronous). */
async function frameShows(page: Page, check: (blocks: ShownBlock[]) => boolean, what: string): Promise<ShownBlock[]> {
  let last: ShownBlock[] = [];
  for (let i = 0; i < 100; i++) {
    last = await frameBlocks(page).catch(() => []);
    if (check(last)) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`the frame never showed ${what}: ${JSON.stringify(last)}`);
}

async function addBlock(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('dialog', { name: 'Add a block' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('group', { name: `${name} settings` }).waitFor();
}

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

async function newPage(page: Page, title: string, layout?: unknown): Promise<{ id: string; fullUrl: string }> {
  const made = await call(page, 'POST', '/api/content-service/1.0/websites/demo/collections', {
    type: 10,
    title,
    ...(layout ? { layout } : {}),
  });
  expect(made.status).toBe(201);
  return made.body as { id: string; fullUrl: string };
}

const outline = (page: Page) => page.getByRole('navigation', { name: 'Page structure' });

/** The frame has shown render's first answer (the first preview of a page can take a while on a busy machine). */
const frameReady = (page: Page) => page.locator(`${FRAME}[data-ready="true"]`).waitFor({ timeout: 45_000 });

describe('page editor', () => {
  it('builds a page from empty, previews every change, reorders, undoes, saves, and the public page equals the preview', async () => {
    await goToArea(owner, 'Content');
    await owner.getByLabel('Kind').selectOption('page');
    await owner.getByLabel('Title', { exact: true }).fill('Visit the studio');
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByRole('heading', { name: 'Visit the studio' }).waitFor();
    await frameReady(owner);
    const fullUrl = await owner.getByRole('link', { name: 'View on the site' }).getAttribute('href');
    expect(fullUrl).toBeTruthy();
    expect(await frameBlocks(owner)).toEqual([]);

    // A heading.
    await addBlock(owner, 'Heading');
    await owner.getByLabel('Heading text').fill('Fore Street studio');
    await frameShows(owner, (b) => b[0]?.text === 'Fore Street studio', 'the heading');

    // Rich text with a link, typed into the editor (never HTML).
    await addBlock(owner, 'Text');
    const text = owner.getByRole('textbox', { name: 'Text' });
    await text.click();
    await owner.keyboard.press('Control+A');
    await owner.keyboard.type('Read our journal');
    await owner.keyboard.press('Control+A');
    await owner.getByRole('button', { name: 'Link', exact: true }).click();
    await owner.getByLabel('Link address').fill('/journal');
    await owner.getByRole('button', { name: 'Apply link' }).click();
    await frameShows(owner, (b) => b[1]?.text === 'Read our journal' && b[1].links.includes('/journal'), 'the linked paragraph');
    await owner.getByRole('button', { name: 'Bold' }).waitFor();

    // An uploaded image with its alt text.
    await addBlock(owner, 'Image');
    await owner.getByLabel('Upload an image').setInputFiles({ name: 'studio-door.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByLabel('Image address', { exact: true }).waitFor();
    for (let i = 0; i < 100 && (await owner.getByLabel('Image address', { exact: true }).inputValue()) === ''; i++)
      await owner.waitForTimeout(100);
    expect(await owner.getByLabel('Image address', { exact: true }).inputValue()).toMatch(/^\/|^https?:/);
    await owner.getByLabel('Alt text').fill('The green studio door');
    const door = owner.frameLocator(FRAME).locator('img[alt="The green studio door"]');
    await door.waitFor();
    // Our upload goes through the image pipeline: its widths as srcset, its size as width and height.
    const address = await owner.getByLabel('Image address', { exact: true }).inputValue();
    expect(
      await door.evaluate((img: HTMLImageElement) => [
        img.getAttribute('srcset'),
        img.getAttribute('sizes'),
        img.getAttribute('width'),
        img.getAttribute('height'),
      ]),
    ).toEqual([`${address}?format=100w 100w`, '(max-width: 1440px) 100vw, 1440px', '2', '2']);

    // A gallery (the demo's), shown as a carousel.
    await addBlock(owner, 'Gallery');
    await owner.getByRole('group', { name: 'Gallery settings' }).getByLabel('Gallery').selectOption(DEMO_CONTENT.galleryCollectionId);
    await owner.getByRole('group', { name: 'Gallery settings' }).getByLabel('Design').selectOption('carousel');
    await owner.frameLocator(FRAME).locator('.block-gallery .gallery-item').first().waitFor();

    // A product of the shop.
    await addBlock(owner, 'Product');
    const product = owner.getByRole('group', { name: 'Product settings' });
    await product.getByLabel('Store').selectOption(DEMO_CONTENT.shopCollectionId);
    await product.getByLabel('Product').selectOption(DEMO_CONTENT.products.tote);
    await frameShows(owner, (b) => (b[4]?.text ?? '').includes('Waxed Canvas Market Tote'), 'the product');

    // A button.
    await addBlock(owner, 'Button');
    await owner.getByLabel('Button label').fill('Visit the shop');
    await owner.getByLabel('Button link').fill('/shop');
    await frameShows(owner, (b) => b[5]?.text === 'Visit the shop' && b[5].links[0] === '/shop', 'the button');
    await shot(owner, SUITE, '01-built');

    // Nothing is public yet.
    expect((await publicBlocks(fullUrl ?? '/')).map((b) => b.text)).toEqual([]);

    // Reorder by drag: the button above the heading.
    const handle = (name: RegExp) => outline(owner).getByRole('button', { name });
    const from = await handle(/^Move Button$/).boundingBox();
    const to = await handle(/^Move Heading$/).boundingBox();
    if (!from || !to) throw new Error('no drag handles');
    await owner.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await owner.mouse.down();
    for (let step = 1; step <= 12; step++)
      await owner.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y) * step) / 12 + from.height / 2);
    await owner.mouse.move(to.x + to.width / 2, to.y + to.height / 4);
    await owner.mouse.up();
    await frameShows(owner, (b) => b[0]?.text === 'Visit the shop' && b[1]?.text === 'Fore Street studio', 'the button dragged first');

    // Reorder from the keyboard: the heading's entry in the page structure, Alt+ArrowUp.
    await outline(owner)
      .getByRole('button', { name: /^Heading/ })
      .focus();
    await owner.keyboard.press('Alt+ArrowUp');
    await frameShows(
      owner,
      (b) => b[0]?.text === 'Fore Street studio' && b[1]?.text === 'Visit the shop',
      'the heading moved up by keyboard',
    );

    // Undo and redo (Ctrl+Z, Ctrl+Shift+Z) with the focus outside the text.
    await owner.getByRole('heading', { name: 'Visit the studio' }).click();
    await owner.keyboard.press('Control+Z');
    await frameShows(owner, (b) => b[0]?.text === 'Visit the shop', 'the keyboard move undone');
    await owner.keyboard.press('Control+Shift+Z');
    await frameShows(owner, (b) => b[0]?.text === 'Fore Street studio' && b[1]?.text === 'Visit the shop', 'the keyboard move redone');

    // Save publishes; the public page equals the preview (text, order, links).
    const preview = await frameBlocks(owner);
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Page saved' }).waitFor();
    const published = await publicBlocks(fullUrl ?? '/');
    expect(published.map((b) => b.type)).toEqual(['2', '53', '2', '5', '8', '43']);
    expect(published).toEqual(preview);
    await shot(owner, SUITE, '02-saved');
  }, 180_000);

  it('keeps an unsaved draft across a reload', async () => {
    await owner
      .getByLabel('Heading text')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await outline(owner)
      .getByRole('button', { name: /^Heading/ })
      .click();
    await owner.getByLabel('Heading text').fill('Fore Street studio, open Sundays');
    await frameShows(owner, (b) => b[0]?.text === 'Fore Street studio, open Sundays', 'the new heading');
    await owner.reload();
    await owner.getByText('Your unsaved changes to this page were restored from this browser.').waitFor();
    await frameShows(owner, (b) => b[0]?.text === 'Fore Street studio, open Sundays', 'the restored draft');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Page saved' }).waitFor();
  }, 60_000);

  it('opens every demo page with every block editable', async () => {
    for (const id of [DEMO_CONTENT.homeCollectionId, DEMO_CONTENT.aboutCollectionId, DEMO_CONTENT.contactCollectionId]) {
      await owner.goto(`${harness.url}/config/content/${id}`);
      await frameReady(owner);
      const entries = outline(owner).locator('.outline-block > button:not(.drag-handle)');
      const count = await entries.count();
      expect(count).toBeGreaterThan(1);
      expect(
        await outline(owner)
          .getByText(/Block type \d+/)
          .count(),
      ).toBe(0);
      for (let i = 0; i < count; i++) {
        await entries.nth(i).click();
        const settings = owner.getByRole('region', { name: 'Settings' }).getByRole('group', { name: / settings$/ });
        await settings.waitFor();
        // Each has fields of its own (not the generic one-field-per-key fallback).
        expect(await settings.locator('input, select, textarea, [contenteditable="true"]').count()).toBeGreaterThan(0);
        expect(await settings.getAttribute('aria-label')).not.toMatch(/Block type/);
      }
      await shot(owner, SUITE, `03-demo-${id}`);
    }
    // Clicking a block in the frame selects it and shows the toolbar over it.
    await owner.frameLocator(FRAME).locator('[data-block-index="0"]').click();
    await owner.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Move block down' }).waitFor();
  }, 90_000);

  it('refuses the 61st block with the limit message', async () => {
    const page = await newPage(owner, 'Sixty blocks', { blocks: Array.from({ length: 60 }, () => ({ type: 21, data: { height: 8 } })) });
    await owner.goto(`${harness.url}/config/content/${page.id}`);
    await frameReady(owner);
    await owner.getByRole('button', { name: 'Add block' }).click();
    await owner.getByRole('dialog', { name: 'Add a block' }).getByRole('button', { name: 'Text', exact: true }).click();
    await owner
      .getByRole('dialog', { name: 'Add a block' })
      .getByRole('alert')
      .filter({ hasText: 'A layout can hold at most 60 blocks.' })
      .waitFor();
    expect(await outline(owner).locator('.outline-block').count()).toBe(60);
  }, 90_000);

  it('keeps both versions when a second owner saves over a change made meanwhile', async () => {
    const page = await newPage(owner, 'Shared page', { blocks: [{ type: 2, data: { variant: 'heading', text: 'Original', level: 2 } }] });
    const other = (await ownerPage(harness)).page;
    for (const p of [owner, other]) {
      await p.goto(`${harness.url}/config/content/${page.id}`);
      await frameReady(p);
      await outline(p)
        .getByRole('button', { name: /^Heading/ })
        .click();
    }
    await other.getByLabel('Heading text').fill('Their heading');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await other.getByRole('status').filter({ hasText: 'Page saved' }).waitFor();

    await owner.getByLabel('Heading text').fill('My heading');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = owner.getByRole('alert').filter({ hasText: 'You may only edit one page at a time' });
    await conflict.waitFor();
    await conflict.getByRole('list', { name: 'Your version' }).getByText('My heading').waitFor();
    await conflict.getByRole('list', { name: 'Saved version' }).getByText('Their heading').waitFor();
    await conflict.getByRole('button', { name: 'Show the saved version in the frame' }).click();
    await frameShows(owner, (b) => b[0]?.text === 'Their heading', 'the saved version');
    await conflict.getByRole('button', { name: 'Show my version in the frame' }).click();
    await frameShows(owner, (b) => b[0]?.text === 'My heading', 'my version');
    await shot(owner, SUITE, '04-conflict');
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await owner.getByRole('status').filter({ hasText: 'Page saved' }).waitFor();
    expect((await publicBlocks(page.fullUrl)).map((b) => b.text)).toEqual(['My heading']);
    await other.context().close();
  }, 90_000);

  it('never runs XSS payloads from any block field, in the editor or on the public page', async () => {
    const payloads = [
      '<script>window.__xss=1;alert(1)</script>',
      '<img src=x onerror="alert(2);fetch(\'/xss-beacon\')">',
      '"><svg onload=alert(3)>',
      'javascript:alert(4)',
      '<a href="javascript:alert(5)">x</a>',
      '<svg><script>alert(6)</script></svg>',
      "'><iframe src=javascript:alert(7)>",
      '<div style="background:url(javascript:alert(8))" onmouseover="alert(9)">hover</div>',
    ];
    const p = (i: number) => payloads[i % payloads.length] ?? '';
    const blocks = [
      { type: 2, data: { html: payloads.join('') } },
      { type: 2, data: { variant: 'heading', text: p(2), level: 2 } },
      { type: 5, data: { src: p(3), alt: p(2), caption: p(1), link: p(3) } },
      { type: 5, data: { src: '/x.png" onerror="alert(10)', alt: p(1) } },
      { type: 8, data: { collectionId: DEMO_CONTENT.galleryCollectionId, design: p(2) } },
      { type: 55, data: { collectionId: DEMO_CONTENT.shopCollectionId, design: p(2), limit: 2 } },
      { type: 43, data: { collectionId: DEMO_CONTENT.shopCollectionId, itemId: p(2) } },
      { type: 53, data: { label: p(0), link: p(3), style: p(2) } },
      { type: 32, data: { url: p(3), caption: p(1) } },
      { type: 31, data: { text: p(5), source: p(1) } },
      { type: 47, data: {} },
      { type: 21, data: { height: p(2) } },
      { type: 23, data: { code: payloads.join(''), mode: 'html' } },
      { type: 23, data: { code: payloads.join(''), mode: 'code' } },
      { type: 22, data: { url: p(3), title: p(1) } },
      { type: 9, data: { formId: p(2) } },
      { type: 51, data: { title: p(0), description: p(1), formId: p(2) } },
      {
        type: 19,
        data: {
          links: [
            { network: p(2), url: p(3) },
            { network: 'instagram', url: p(2) },
          ],
        },
      },
      { type: 33, data: { placeholder: p(2) } },
      { type: 4, data: { lat: p(2), lng: 1, zoom: 3, address: p(1) } },
      { type: 69, data: { items: [{ title: p(0), body: p(1) }] } },
      { type: 62, data: { chartType: p(2), title: p(1), dataset: `${p(2)},${p(1)}\n${p(0)},5` } },
      { type: 52, data: { title: p(0), description: p(1) } },
    ];
    const sections = [{ id: 's1', blocks: blocks.length, backgroundImage: "/x.png');background:url(javascript:alert(11)" }];
    const page = await newPage(owner, 'Payloads', { blocks, sections });

    const ran: string[] = [];
    const watch = (target: Page) => {
      target.on('dialog', (dialog) => {
        ran.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      target.on('request', (request) => {
        if (/xss-beacon|javascript:/i.test(request.url())) ran.push(`request: ${request.url()}`);
      });
    };
    watch(owner);
    await owner.goto(`${harness.url}/config/content/${page.id}`);
    await frameReady(owner);
    await frameShows(owner, (b) => b.length === blocks.length, 'every payload block');
    // Select each block (its settings, the rich text editor included, load the payloads) and hover it.
    const entries = outline(owner).locator('.outline-block > button:not(.drag-handle)');
    for (let i = 0; i < blocks.length; i++) {
      await entries.nth(i).click();
      await owner.getByRole('region', { name: 'Settings' }).getByRole('group').first().waitFor();
      const shown = owner.frameLocator(FRAME).locator(`[data-block-index="${i}"]`);
      if (await shown.isVisible()) await shown.hover();
    }
    // A change re-renders one block through the preview route; still nothing runs.
    await entries.nth(1).click();
    await owner.getByLabel('Heading text').fill(`${p(2)}${p(1)}`);
    await frameShows(owner, (b) => (b[1]?.text ?? '').includes('svg onload'), 'the changed payload heading');
    expect(await owner.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    const visitor = await (await harness.browser.newContext()).newPage();
    watch(visitor);
    await visitor.goto(`${harness.url}${page.fullUrl}`);
    await visitor.locator('main [data-block-type]').first().waitFor();
    // Hidden blocks (a spacer, an empty embed) cannot be hovered: a short try each, not the 30 s default.
    for (const el of await visitor.locator('main [data-block-type]').all())
      if (await el.isVisible()) await el.hover({ timeout: 2_000 }).catch(() => undefined);
    await visitor.waitForTimeout(500);
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await visitor.locator('main script, main iframe[src^="javascript"], main [onerror], main [onload], main [onmouseover]').count(),
    ).toBe(0);
    expect(await visitor.locator('main a[href^="javascript"], main img[src^="javascript"]').count()).toBe(0);
    await visitor.context().close();
    expect(ran).toEqual([]);
  }, 240_000);

  it('previews site styles (self-hosted fonts, a picked colour) in the frame before saving them', async () => {
    await owner.goto(`${harness.url}/config/content/${DEMO_CONTENT.aboutCollectionId}`);
    await frameReady(owner);
    await owner.getByRole('button', { name: 'Site styles' }).click();
    const panel = owner.getByRole('group', { name: 'Site styles' });
    await panel.getByLabel('Body font').selectOption('lora');
    await panel.getByLabel('Heading font').selectOption('playfair-display');
    const accent = panel.getByRole('group', { name: 'Accent colour' }).first();
    await accent.getByLabel('Use the theme’s colour').uncheck();
    await accent.getByLabel('Accent colour format').selectOption('hsl');
    await accent.getByLabel('Accent colour H').fill('10');
    await accent.getByLabel('Accent colour S').fill('0.7');
    await accent.getByLabel('Accent colour L').fill('0.45');
    await panel.getByLabel('Button shape').selectOption('pill');
    const frameStyle = () =>
      owner.evaluate(() => {
        const doc = document.querySelector<HTMLIFrameElement>('iframe[title="Page preview"]')?.contentDocument;
        const body = doc?.body;
        return body && doc.defaultView
          ? {
              font: doc.defaultView.getComputedStyle(body).fontFamily,
              accent: doc.defaultView.getComputedStyle(doc.documentElement).getPropertyValue('--accent').trim(),
              fonts: Array.from(doc.querySelectorAll('link[href^="/_fonts/"]')).map((l) => l.getAttribute('href')),
            }
          : undefined;
      });
    for (let i = 0; i < 100; i++) {
      const now = await frameStyle();
      if (now?.font.includes('Lora') && now.accent === 'hsl(10 70% 45%)') break;
      await owner.waitForTimeout(100);
    }
    const shown = await frameStyle();
    expect(shown?.font).toContain('Lora');
    expect(shown?.accent).toBe('hsl(10 70% 45%)');
    expect(shown?.fonts).toEqual(['/_fonts/lora.css', '/_fonts/playfair-display.css']);
    await shot(owner, SUITE, '06-styles');

    // Not public until saved; then the public page loads the fonts from this site only.
    const visitorContext = await harness.browser.newContext();
    const visitor = await visitorContext.newPage();
    const fontRequests: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'font' || /\/_fonts\/|fonts\.g/.test(request.url())) fontRequests.push(request.url());
    });
    await visitor.goto(`${harness.url}/about`);
    expect(await visitor.locator('link[href="/_fonts/lora.css"]').count()).toBe(0);
    await panel.getByRole('button', { name: 'Save styles' }).click();
    await owner.getByRole('status').filter({ hasText: 'Site styles saved' }).waitFor();
    // The gateway's page cache checks the website's generation at most twice a second, so the
    // public page follows within half a second: look again until it does (at most 10 s).
    for (const deadline = Date.now() + 10_000; ;) {
      await visitor.goto(`${harness.url}/about`);
      if ((await visitor.locator('link[href="/_fonts/lora.css"]').count()) > 0 || Date.now() > deadline) break;
      await visitor.waitForTimeout(250);
    }
    await visitor.locator('link[href="/_fonts/lora.css"]').waitFor({ state: 'attached' });
    await visitor.waitForLoadState('load');
    await visitor.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await visitor.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Lora');
    expect(fontRequests.length).toBeGreaterThan(0);
    expect(fontRequests.every((url) => url.startsWith(harness.url))).toBe(true);
    await visitorContext.close();
  }, 90_000);

  it('scales the desktop preview to fit its space: no sideways scrolling at 1280×900', async () => {
    await owner.goto(`${harness.url}/config/content/${DEMO_CONTENT.homeCollectionId}`);
    await frameReady(owner);
    const fit = await owner.evaluate((frameSelector) => {
      const frame = document.querySelector<HTMLIFrameElement>(frameSelector);
      const stage = frame?.closest<HTMLElement>('.editor-stage');
      if (!frame || !stage) return undefined;
      const shown = frame.getBoundingClientRect();
      const room = stage.getBoundingClientRect();
      return {
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        stageScrolls: stage.scrollWidth > stage.clientWidth,
        inside: shown.left >= room.left && shown.right <= room.right + 1,
        // The page is still drawn at the desktop width, only shown smaller.
        drawnWidth: frame.contentDocument?.documentElement.clientWidth ?? 0,
      };
    }, FRAME);
    expect(fit).toEqual({ pageScrolls: false, stageScrolls: false, inside: true, drawnWidth: 1200 });
    // A click on the scaled page still selects the block under it, and the toolbar sits on it.
    await owner.frameLocator(FRAME).locator('[data-block-index="0"]').click();
    const toolbar = owner.getByRole('toolbar', { name: 'Block' });
    await toolbar.waitFor();
    const [bar, frameBox] = await Promise.all([toolbar.boundingBox(), owner.locator(FRAME).boundingBox()]);
    expect(bar && frameBox && bar.x >= frameBox.x - 1 && bar.x < frameBox.x + frameBox.width).toBe(true);
    await shot(owner, SUITE, '06-desktop-preview-fits');
  }, 60_000);

  it('refuses an oversized paste at once, naming the limit and the block, and changes nothing', async () => {
    await owner.goto(`${harness.url}/config/content/${DEMO_CONTENT.aboutCollectionId}`);
    await frameReady(owner);
    await outline(owner).locator('.outline-block > button:not(.drag-handle)').first().click();
    const text = owner.getByRole('region', { name: 'Settings' }).locator('.ProseMirror').first();
    await text.click();
    const before = await text.innerHTML();
    // 5 MB of text, as a clipboard paste into the rich text.
    await text.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x'.repeat(5_000_000));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await owner
      .getByRole('alert')
      .filter({ hasText: 'The paste (5 MB) is too large for block 1 (Text): paste at most 200 KB at a time.' })
      .waitFor();
    expect(await text.innerHTML()).toBe(before);
    await owner.getByRole('toolbar', { name: 'Editor' }).getByText('All changes saved').waitFor();
    // A paste within the limit goes in as before.
    await text.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Pasted within the limit');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await text.getByText('Pasted within the limit').waitFor();
    await owner.getByRole('button', { name: 'Discard changes' }).click();
  }, 60_000);

  it('shows a viewer the editor read-only', async () => {
    const email = `paige-${Date.now()}@example.com`;
    const { context, page: viewer } = await newViewer(harness, owner, 'Paige Viewer', email);
    // Render is busy for the first preview: the editor asks again by itself (a viewer changes
    // nothing that would ask for a new one).
    let previews = 0;
    await viewer.route('**/api/render/1.0/websites/*/preview', (route) =>
      previews++ === 0
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            headers: { 'retry-after': '1' },
            body: JSON.stringify({ message: 'Service unavailable' }),
          })
        : route.continue(),
    );
    await viewer.goto(`${harness.url}/config/content/${DEMO_CONTENT.homeCollectionId}`);
    await frameReady(viewer);
    expect(previews).toBeGreaterThanOrEqual(2);
    await viewer.getByText('Read only: your role may view this page but not change it.').waitFor();
    expect(await viewer.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Add block' }).count()).toBe(0);
    await outline(viewer).locator('.outline-block > button').first().click();
    const settings = viewer.getByRole('region', { name: 'Settings' }).getByRole('group', { name: 'Text settings' });
    await settings.waitFor();
    expect(await settings.getAttribute('disabled')).toBe('');
    expect(await settings.locator('[contenteditable]').getAttribute('contenteditable')).toBe('false');
    expect(await viewer.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Remove block' }).count()).toBe(0);
    const refused = await call(viewer, 'PUT', `/api/content-service/1.0/websites/demo/collections/${DEMO_CONTENT.homeCollectionId}`, {
      layout: { blocks: [] },
    });
    expect(refused.status).toBe(403);
    await shot(viewer, SUITE, '05-viewer');
    await context.close();
  }, 60_000);
});
