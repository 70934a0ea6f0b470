// The owner's site export: one zip with the website's content as JSON, its products as a CSV that
// the product import reads back, and the media the content refers to; nothing of another website
// (rows or files), formula-looking cells neutralised, and only for roles that manage the site.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { Role } from '@sc/contracts';
import { unzipFiles } from '@sc/platform/test-kit';
import { DirectoryAssetStorage } from '../src/assets/asset-storage.js';
import { ADMIN, setup, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const base = (site: string) => `/api/content-service/product/1.1/websites/${site}`;
const exportUrl = (site: string) => `/api/content-service/1.0/websites/${site}/export`;

describe('site export', () => {
  let kit: Kit;
  let site: string;
  let other: string;
  let store: string;
  const storage = new DirectoryAssetStorage(mkdtempSync(path.join(tmpdir(), 'sc-export-assets-')));

  const newStore = async (websiteId: string) =>
    (
      await kit.call(
        'POST',
        `${base(websiteId)}/stores`,
        { websiteId, roles: ADMIN },
        {
          storeTitle: 'Market',
          addToMainNav: false,
          fallbackStoreTitle: 'Store',
          allCategoryDisplayName: 'All',
          websiteId,
          templateId: 'harbour',
          isSevenOne: false,
          storeUrls: [],
        },
      )
    ).json<{ collection: { id: string } }>().collection.id;

  beforeAll(async () => {
    kit = await setup({ assets: storage });
    site = await kit.newWebsite();
    other = await kit.newWebsite();
    store = await newStore(site);
    const csv = [
      'Title,SKU,Price,Sale price,Stock,Description,Type',
      'Blue Mug,MUG-1,12.50,,10,"Stoneware, <b>glazed</b>",physical',
      '"=HYPERLINK(""http://evil.example"")",EVIL-1,5,,,,digital',
      'Candle,CANDLE,8.00,6.00,,,service',
    ].join('\n');
    const imported = await kit.call(
      'POST',
      `${base(site)}/products/${store}/import`,
      { websiteId: site, roles: ADMIN },
      { csv, dryRun: false },
    );
    expect({ status: imported.statusCode, body: imported.json() }).toMatchObject({ status: 200 });
    const otherStore = await newStore(other);
    await kit.call(
      'POST',
      `${base(other)}/products/${otherStore}/import`,
      { websiteId: other, roles: ADMIN },
      { csv: 'Title,SKU,Price\nSecret Lamp,LAMP,99', dryRun: false },
    );
    // Media: one file of this website that a product refers to, one it does not, one of the other website.
    await storage.put(`${site}/usedimage0000000000001.jpg`, Buffer.from('used jpeg'));
    await storage.put(`${site}/unusedimage00000000002.jpg`, Buffer.from('unused jpeg'));
    await storage.put(`${other}/otherimage000000000003.jpg`, Buffer.from('other site jpeg'));
    const refs = JSON.stringify({
      mainImage: `/api/content-service/public/1.0/assets/${site}/usedimage0000000000001.jpg`,
      stolen: `/api/content-service/public/1.0/assets/${other}/otherimage000000000003.jpg`,
    });
    await sql`update content.items set data = data || ${refs}::jsonb where website_id = ${site} and title = 'Blue Mug'`.execute(kit.ctx.db);
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit.close());

  it('answers a zip of the content, the products and the media the content uses', async () => {
    const response = await kit.call('GET', exportUrl(site), { websiteId: site, roles: ADMIN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="site-${site}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    const files = await unzipFiles(response.rawPayload);
    expect([...files.keys()]).toEqual(['README.txt', 'site.json', 'products.csv', 'media/usedimage0000000000001.jpg']);
    expect(files.get('media/usedimage0000000000001.jpg')!.toString()).toBe('used jpeg');

    const json = JSON.parse(files.get('site.json')!.toString());
    expect(json).toMatchObject({
      format: 'sitebuilder-site-export',
      version: 1,
      website: { id: site },
      domains: [`${site.replaceAll('_', '-')}.example.com`],
    });
    expect(json.collections.map((c: { id: string }) => c.id)).toContain(store);
    expect(json.items.map((i: { title: string }) => i.title).sort()).toEqual(['=HYPERLINK("http://evil.example")', 'Blue Mug', 'Candle']);
    expect(files.get('site.json')!.toString()).not.toContain('Secret Lamp');

    expect(files.get('products.csv')!.toString().split('\r\n')).toEqual(
      expect.arrayContaining([
        'Title,SKU,Price,Sale price,Stock,Description,Type',
        'Blue Mug,MUG-1,12.50,,10,"Stoneware, <b>glazed</b>",physical',
        `"'=HYPERLINK(""http://evil.example"")",EVIL-1,5.00,,,,digital`,
        'Candle,CANDLE,8.00,6.00,,,service',
      ]),
    );
  });

  it('gives a CSV that the product import of another website takes whole', async () => {
    const files = await unzipFiles((await kit.call('GET', exportUrl(site), { websiteId: site, roles: ADMIN })).rawPayload);
    const target = await kit.newWebsite();
    const targetStore = await newStore(target);
    const checked = await kit.call(
      'POST',
      `${base(target)}/products/${targetStore}/import`,
      { websiteId: target, roles: ADMIN },
      { csv: files.get('products.csv')!.toString() },
    );
    expect(checked.json().problems).toEqual([]);
    expect(
      checked
        .json()
        .products.map((p: { sku: string }) => p.sku)
        .sort(),
    ).toEqual(['CANDLE', 'EVIL-1', 'MUG-1']);
  });

  it('is for roles that manage the site, on their own website only', async () => {
    expect((await kit.call('GET', exportUrl(site), { websiteId: site, roles: [Role.EDITOR] })).statusCode).toBe(403);
    expect((await kit.call('GET', exportUrl(site), { websiteId: site })).statusCode).toBe(401);
    // An owner of the other website asking for this one's export by its id.
    const foreign = await kit.call('GET', exportUrl(site), { websiteId: other, roles: ADMIN });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['content-type']).not.toBe('application/zip');
  });
});
