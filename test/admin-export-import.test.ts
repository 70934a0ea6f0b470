// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// An owner's way out and in, in a real browser: products from a CSV file (every bad line listed
// with its reason and nothing created; then a preview, the import, and the same file again left
// as it is), and the website's export from Settings (a zip whose content and products CSV hold
// what was just imported).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { unzipFiles } from '@sc/platform/test-kit';
import { goToArea, ownerPage, shot, startAdmin, stopAdmin, type AdminHarness } from './admin-kit.js';

const SUITE = 'export-import';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin();
  owner = (await ownerPage(harness)).page;
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const csvFile = (text: string) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('admin export and import', () => {
  it('imports products from CSV: problems by line first, then a preview, then the products once', async () => {
    await goToArea(owner, 'Store');
    await owner.getByRole('link', { name: 'Shop', exact: true }).click();
    const chooser = owner.getByLabel('CSV file');
    await chooser.setInputFiles(csvFile('Title,SKU,Price\nOak Board,OAK-1,twelve\n,OAK-2,9.50\n'));
    const problems = owner.getByRole('table', { name: 'Lines with problems' });
    await problems.waitFor();
    expect(await owner.getByRole('alert').first().textContent()).toContain(
      '2 lines have problems; nothing will be imported until they are fixed.',
    );
    expect(await problems.getByRole('row').allTextContents()).toEqual([
      'LineProblem',
      '2Price: "twelve" is not a price (write it as 12.50).',
      '3Title is empty.',
    ]);
    await shot(owner, SUITE, '01-import-problems');

    const good = csvFile('Title,SKU,Price,Stock\nOak Board,OAK-1,24.00,5\nOak Spoon,OAK-2,9.50,\n');
    await chooser.setInputFiles(good);
    const preview = owner.getByRole('table', { name: 'Products to import' });
    await preview.waitFor();
    expect(await preview.getByRole('row').allTextContents()).toEqual(['LineTitleSKU', '2Oak BoardOAK-1', '3Oak SpoonOAK-2']);
    await shot(owner, SUITE, '02-import-preview');
    await owner.getByRole('button', { name: 'Import 2 products' }).click();
    await owner.getByRole('link', { name: 'Oak Spoon', exact: true }).waitFor();
    await owner.getByRole('link', { name: 'Oak Board', exact: true }).waitFor();

    // The same file again (a second click, a retry): nothing new, nothing doubled.
    await chooser.setInputFiles([]);
    await chooser.setInputFiles(good);
    await owner
      .getByText('Nothing new to import. 2 lines are already in the store (same SKU and title) and will be left as they are.')
      .waitFor();
    expect(await owner.getByRole('link', { name: 'Oak Board', exact: true }).count()).toBe(1);
    await shot(owner, SUITE, '03-import-again');
  });

  it('exports the website from Settings as a zip of content, products and media', async () => {
    await goToArea(owner, 'Settings');
    await owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Export', exact: true }).click();
    await owner.getByRole('heading', { name: 'Export this website' }).waitFor();
    await shot(owner, SUITE, '04-export');
    const download = owner.waitForEvent('download');
    await owner.getByRole('link', { name: 'Export the website (zip)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^site-demo-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipped = await unzipFiles(readFileSync((await file.path()) ?? ''));
    const files = new Map([...zipped].map(([name, bytes]) => [name, bytes.toString('utf8')]));
    expect([...files.keys()].slice(0, 3)).toEqual(['README.txt', 'site.json', 'products.csv']);
    expect([...files.keys()].filter((name) => name.startsWith('media/')).length).toBeGreaterThan(0);
    const site = JSON.parse(files.get('site.json')!) as { website: { title: string }; items: Array<{ title: string }> };
    expect(site.website.title).toBe('Harbour & Pine');
    expect(site.items.map((i) => i.title)).toEqual(expect.arrayContaining(['Oak Board', 'Oak Spoon', 'Waxed Canvas Market Tote']));
    expect(files.get('products.csv')!.split('\r\n')).toEqual(
      expect.arrayContaining(['Title,SKU,Price,Sale price,Stock,Description,Type', 'Oak Board,OAK-1,24.00,,5,,physical']),
    );
    // The store's own exports sit beside it.
    await owner.getByRole('link', { name: 'Export orders (CSV)' }).waitFor();
  });
});
