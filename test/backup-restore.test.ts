// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// Issue 25's "a backup restored into an empty data directory serves the same shop": `pnpm start`
// on one data directory; a product imported and an order placed through the gateway; `pnpm backup`
// while it runs; `pnpm restore` into a new, empty directory; `pnpm start` there (without the demo
// seed) serves the product page, sells the new product (the cart's read model came along), lists
// the order to the owner (whose password and session store came along) and serves the media.
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { CollectionType } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { startProcess, waitForHttp, type Running } from './helpers.js';
import { OwnerApi } from './storefront-kit.js';

const START_WAIT_MS = 180_000;
const STORE = '/api/content-service/product/1.1/websites/demo';

interface Platform {
  url: string;
  run: Running;
}

const running: Platform[] = [];

async function start(dataDir: string, seed: boolean): Promise<Platform> {
  const port = await freePort();
  const run = startProcess('scripts/start-embedded.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: seed ? 'true' : 'false',
    RATE_LIMIT_MAX: '100000',
  });
  const platform = { url: `http://127.0.0.1:${port}`, run };
  running.push(platform);
  try {
    await waitForHttp(`${platform.url}/readyz`, START_WAIT_MS);
  } catch (error) {
    throw new Error(`the platform did not start:\n${run.output()}`, { cause: error });
  }
  return platform;
}

async function stop(platform: Platform): Promise<void> {
  platform.run.child.kill('SIGINT');
  await platform.run.exited;
}

/** Runs one of the repository's scripts to its end; answers its output (fails the test on a non-zero exit). */
async function script(entry: string, args: string[], env: Record<string, string>): Promise<string> {
  const run = startProcess(entry, { ...env, LOG_LEVEL: 'warn', DATABASE_URL: '', NATS_URL: '', REDIS_URL: '' }, args);
  const code = await run.exited;
  if (code !== 0) throw new Error(`${entry} exited ${code}:\n${run.output()}`);
  return run.output();
}

interface Item {
  id: string;
  title: string;
  fullUrl: string;
  structuredContent: { variants: Array<{ sku: string }> };
}

/** A visitor with a cookie jar, buying through the gateway as the storefront does. */
async function visitorBuys(url: string, item: Item): Promise<{ id: string; orderNumber: number }> {
  const jar = new Map<string, string>();
  const call = async (method: string, pathname: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...extra,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jar.has('crumb')) headers['x-csrf-token'] = decodeURIComponent(jar.get('crumb')!);
    const response = await fetch(`${url}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  await call('GET', '/api/commerce/shopping-cart');
  await call('GET', '/api/crumb');
  await call('POST', '/api/commerce/shopping-cart/entries', { itemId: item.id, sku: item.structuredContent.variants[0]!.sku, quantity: 2 });
  const checkout = await call(
    'POST',
    '/api/commerce/checkout',
    {
      email: 'restore-buyer@example.com',
      shippingAddress: { name: 'Ada Buyer', line1: '1 Harbour Way', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
    { 'idempotency-key': `backup-test-${Date.now()}-${Math.random()}` },
  );
  return checkout.order as { id: string; orderNumber: number };
}

async function storeProducts(owner: OwnerApi): Promise<{ storeId: string; items: Item[] }> {
  const collections = await owner.call<{ items: Array<{ id: string; type: number }> }>(
    'GET',
    '/api/content-service/1.0/websites/demo/collections?limit=200',
  );
  const storeId = collections.items.find((c) => c.type === CollectionType.PRODUCTS)?.id ?? '';
  const list = await owner.call<{ items: Item[] }>('GET', `${STORE}/products/${storeId}/items?limit=200`);
  return { storeId, items: list.items };
}

afterAll(async () => {
  for (const platform of running) platform.run.child.kill('SIGKILL');
});

describe('pnpm backup and pnpm restore (embedded mode)', () => {
  it('copies a running platform; the copy, restored into an empty directory, serves the same shop', async () => {
    const original = mkdtempSync(path.join(tmpdir(), 'sc-backup-a-'));
    const a = await start(original, true);
    const owner = await OwnerApi.signIn(a.url);
    const { storeId } = await storeProducts(owner);
    const imported = await owner.call<{ imported: number }>('POST', `${STORE}/products/${storeId}/import`, {
      csv: 'Title,SKU,Price,Stock,Description\nRestored Lantern,LANTERN-RB,42.00,7,Made before the backup',
      dryRun: false,
    });
    expect(imported.imported).toBe(1);
    const lantern = (await storeProducts(owner)).items.find((i) => i.title === 'Restored Lantern')!;
    // The cart learns the product from content's event, a moment later.
    let order: { id: string; orderNumber: number } | undefined;
    for (let attempt = 0; !order; attempt++) {
      try {
        order = await visitorBuys(a.url, lantern);
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const productsBefore = (await storeProducts(owner)).items.map((i) => i.title).sort();

    // The control socket is the data directory owner's alone; a second platform on the directory is refused.
    expect(statSync(path.join(original, 'control.sock')).mode & 0o777).toBe(0o600);
    const twin = startProcess('scripts/start-embedded.ts', {
      DATA_DIR: original,
      PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: '',
      NATS_URL: '',
      REDIS_URL: '',
    });
    expect(await twin.exited).toBe(1);
    expect(twin.output()).toContain(`Another process is running on ${original}`);

    // Backed up while it runs (through the control socket), then the original keeps going.
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'sc-backup-file-')), 'shop.tar.gz');
    const said = await script('scripts/backup.ts', [archive], { DATA_DIR: original });
    expect(said).toContain('Backed up the running platform');
    expect(statSync(archive).size).toBeGreaterThan(1_000_000);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    await stop(a);

    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'sc-backup-b-')), 'data');
    expect(await script('scripts/restore.ts', [archive], { DATA_DIR: copy })).toContain('Restored the backup');
    expect(existsSync(path.join(copy, 'pg', 'PG_VERSION'))).toBe(true);
    // A second restore into the now full directory is refused.
    await expect(script('scripts/restore.ts', [archive], { DATA_DIR: copy })).rejects.toThrow('is not empty');

    const b = await start(copy, false);
    const page = await fetch(`${b.url}${lantern.fullUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Restored Lantern');
    const ownerB = await OwnerApi.signIn(b.url);
    expect((await storeProducts(ownerB)).items.map((i) => i.title).sort()).toEqual(productsBefore);
    const orders = await ownerB.call<{ orders: Array<{ id: string; orderNumber: number }> }>('GET', '/api/commerce/store/orders?limit=50');
    expect(orders.orders.map((o) => o.id)).toContain(order.id);
    // The cart's read model came along: the restored shop sells what was imported before the backup.
    const second = await visitorBuys(b.url, lantern);
    expect(second.orderNumber).toBeGreaterThan(order.orderNumber);
    // And the media: every image of the shop page answers.
    const shop = await (await fetch(`${b.url}/shop`)).text();
    const images = [...new Set([...shop.matchAll(/\/api\/content-service\/public\/1\.0\/assets\/[^"?\s]+/g)].map((m) => m[0]))];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images.slice(0, 5)) expect((await fetch(`${b.url}${image}`)).status).toBe(200);
    await stop(b);
  }, 600_000);
});
