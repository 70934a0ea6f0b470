// Products from a CSV file: a dry run lists every bad line with its number and reason and
// creates nothing; the import of a file with problems is refused whole; a good file creates its
// products in one go.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN, setup, type Kit } from './kit.js';

const base = (site: string) => `/api/content-service/product/1.1/websites/${site}`;

describe('product CSV import', () => {
  let kit: Kit;
  let site: string;
  let store: string;
  const owner = (roles: number[] = ADMIN) => ({ websiteId: site, roles });
  const importCsv = (csv: string, dryRun?: boolean, roles: number[] = ADMIN) =>
    kit.call('POST', `${base(site)}/products/${store}/import`, owner(roles), dryRun === undefined ? { csv } : { csv, dryRun });
  const count = async () =>
    (await kit.call('GET', `${base(site)}/products/${store}/items?limit=100`, owner())).json<{ items: unknown[] }>().items.length;

  beforeAll(async () => {
    kit = await setup();
    site = await kit.newWebsite();
    const made = await kit.call('POST', `${base(site)}/stores`, owner(), {
      storeTitle: 'Market',
      addToMainNav: false,
      fallbackStoreTitle: 'Store',
      allCategoryDisplayName: 'All',
      websiteId: site,
      templateId: 'harbour',
      isSevenOne: false,
      storeUrls: [],
    });
    store = made.json<{ collection: { id: string } }>().collection.id;
  });
  afterAll(async () => kit.close());

  const BAD = [
    'Title,SKU,Price,Sale price,Stock,Type,Description',
    'Blue Mug,MUG-1,12.50,,10,physical,Stoneware',
    ',MUG-2,12.50,,,physical,',
    'Red Mug,MUG-1,12.50,,,,',
    'Bowl,BOWL,twelve,,,,',
    'Plate,PLATE,10.00,12.00,,,',
    'Jug,JUG,20,,-3,,',
    'Guide,GUIDE,5,,,ebook,',
    'Candle,CANDLE,8.00,6.00,,service,',
  ].join('\n');

  it('dry run: lists every bad line with its number and reason, and imports nothing', async () => {
    const response = await importCsv(BAD);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.dryRun).toBe(true);
    expect(result.imported).toBe(0);
    expect(result.products).toEqual([
      { line: 2, title: 'Blue Mug', sku: 'MUG-1' },
      { line: 9, title: 'Candle', sku: 'CANDLE' },
    ]);
    expect(result.problems).toEqual([
      { line: 3, reason: 'Title is empty.' },
      { line: 4, reason: 'SKU MUG-1 is also on line 2.' },
      { line: 5, reason: 'Price: "twelve" is not a price (write it as 12.50).' },
      { line: 6, reason: 'Sale price must be below the price.' },
      { line: 7, reason: 'Stock: "-3" is not a whole number of 0 or more (leave it empty for unlimited).' },
      { line: 8, reason: 'Type: "ebook" is not physical, digital or service.' },
    ]);
    expect(await count()).toBe(0);
  });

  it('refuses to import a file with problems, whole', async () => {
    const response = await importCsv(BAD, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Nothing was imported: 6 lines have problems.');
    expect(response.json().error.fields['line 7']).toBe('Stock: "-3" is not a whole number of 0 or more (leave it empty for unlimited).');
    expect(await count()).toBe(0);
  });

  it('refuses a file that is not CSV or lacks the columns, with the line', async () => {
    expect((await importCsv('Title,SKU,Price\n"Mug,MUG,1')).json().problems[0]).toMatchObject({
      line: expect.any(Number),
      reason: expect.stringContaining('not valid CSV'),
    });
    expect((await importCsv('Name,Code\nMug,MUG')).json().problems).toEqual([
      { line: 1, reason: 'The header must name the columns Title, SKU and Price (missing: title, sku, price).' },
    ]);
    expect((await importCsv('Title,SKU,Price,Colour\nMug,MUG,1,Blue')).json().problems).toEqual([
      { line: 1, reason: 'Unknown columns: colour. The columns are Title, SKU, Price, Sale price, Stock, Description, Type.' },
    ]);
    expect((await importCsv('')).statusCode).toBe(400);
    expect((await importCsv('Title,SKU,Price\nMug,MUG,1', true, [7])).statusCode).toBe(403);
    // Another website's store, by its id: not found, and nothing is made there.
    const elsewhere = await kit.newWebsite();
    const theirs = await kit.call(
      'POST',
      `${base(elsewhere)}/stores`,
      { websiteId: elsewhere, roles: ADMIN },
      {
        storeTitle: 'Theirs',
        addToMainNav: false,
        fallbackStoreTitle: 'Store',
        allCategoryDisplayName: 'All',
        websiteId: elsewhere,
        templateId: 'harbour',
        isSevenOne: false,
        storeUrls: [],
      },
    );
    const theirStore = theirs.json<{ collection: { id: string } }>().collection.id;
    const intoTheirs = await kit.call('POST', `${base(site)}/products/${theirStore}/import`, owner(), {
      csv: 'Title,SKU,Price\nMug,MUG-X,1',
      dryRun: false,
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(
      (await kit.call('GET', `${base(elsewhere)}/products/${theirStore}/items?limit=10`, { websiteId: elsewhere, roles: ADMIN })).json<{
        items: unknown[];
      }>().items,
    ).toEqual([]);
  });

  it('imports a good file once confirmed; its SKUs are then taken', async () => {
    const good = 'Title,SKU,Price,Stock,Description\nBlue Mug,MUG-1,12.50,10,"Stoneware, <b>glazed</b>"\nBowl,BOWL,30,,';
    expect((await importCsv(good)).json()).toMatchObject({ dryRun: true, problems: [], imported: 0 });
    expect(await count()).toBe(0);
    const done = await importCsv(good, false);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ dryRun: false, imported: 2, problems: [] });
    const items = (await kit.call('GET', `${base(site)}/products/${store}/items?limit=100`, owner())).json<{
      items: Array<{
        title: string;
        body: string;
        structuredContent: { variants: Array<{ sku: string; qtyInStock: number; unlimited: boolean; priceMoney: { value: string } }> };
      }>;
    }>().items;
    const mug = items.find((i) => i.title === 'Blue Mug')!;
    expect(mug.body).toBe('<p>Stoneware, &#60;b&#62;glazed&#60;/b&#62;</p>');
    expect(mug.structuredContent.variants[0]).toMatchObject({
      sku: 'MUG-1',
      qtyInStock: 10,
      unlimited: false,
      priceMoney: { value: '1250' },
    });
    expect(items.find((i) => i.title === 'Bowl')!.structuredContent.variants[0]).toMatchObject({ sku: 'BOWL', unlimited: true });
    const again = await importCsv('Title,SKU,Price\nGreen Mug,MUG-1,9', true);
    expect(again.json().problems).toEqual([{ line: 2, reason: 'SKU MUG-1 is already used by a product of this website.' }]);
  });

  it('applies a file twice, or twice at once, and creates its products once', async () => {
    const file = 'Title,SKU,Price\nLantern,LANTERN-1,40\nLantern (small),LANTERN-2,25';
    const before = await count();
    const [first, second] = await Promise.all([importCsv(file, false), importCsv(file, false)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().imported, second.json().imported].sort()).toEqual([0, 2]);
    expect(await count()).toBe(before + 2);
    const again = await importCsv(file, false);
    expect(again.json()).toMatchObject({
      imported: 0,
      products: [],
      unchanged: [
        { line: 2, title: 'Lantern', sku: 'LANTERN-1' },
        { line: 3, title: 'Lantern (small)', sku: 'LANTERN-2' },
      ],
    });
    expect(await count()).toBe(before + 2);
    // A new line beside the imported ones: only it is created.
    const grown = await importCsv(`${file}\nLantern (large),LANTERN-3,55`, false);
    expect(grown.json()).toMatchObject({ imported: 1, products: [{ line: 4, sku: 'LANTERN-3' }] });
  });

  it('refuses a file that is not UTF-8, and one past the size limits, creating nothing', async () => {
    const before = await count();
    // What a browser makes of a Latin-1 "Crème" when it reads the file as UTF-8.
    const latin1 = 'Title,SKU,Price\nCr\uFFFDme Jug,JUG-9,12';
    expect((await importCsv(latin1)).json().problems).toEqual([
      {
        line: 2,
        reason: 'The file is not UTF-8 text (it has characters that could not be read). Save it as "CSV UTF-8" and choose it again.',
      },
    ]);
    expect((await importCsv(latin1, false)).statusCode).toBe(400);
    const rows = Array.from({ length: 2_001 }, (_, i) => `Cup ${i},CUP-${i},1`).join('\n');
    expect((await importCsv(`Title,SKU,Price\n${rows}`)).json().problems).toEqual([
      { line: 2_002, reason: 'At most 2000 products per file.' },
    ]);
    const huge = await importCsv(`Title,SKU,Price\nBig,BIG,1,${'x'.repeat(900_000)}`);
    expect(huge.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
