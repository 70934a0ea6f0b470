// Issue 25's shared-NATS case: a second deployment (its own database) on a NATS server that
// another deployment uses, with the same durable names. Each deployment runs content and cart
// in-process on its own PGlite data directory, with the demo seed. With the derived prefixes the
// second cart gets every demo product, as the first did; with one prefix forced on both (what
// unprefixed names amounted to) the two carts split the content events and the second shop
// misses products ("Sorry, this item is not available.").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { DEMO_WEBSITE_ID, ProductType } from '@sc/contracts';
import {
  MemoryCache,
  NatsBus,
  createLogger,
  natsPrefix,
  openEmbeddedPostgres,
  type EmbeddedPostgres,
  type ServiceContext,
} from '@sc/platform';
import { testConfig, waitFor } from '@sc/platform/test-kit';
import { NatsServerProcess } from '@sc/platform/test-kit/nats-server';
import { SERVICES } from '../scripts/services.js';

interface Deployment {
  prefix: string;
  cart: FastifyInstance;
  products(): Promise<number>;
  /** A physical demo product in stock, added to a new guest cart: the add's status code. */
  sells(): Promise<number>;
  close(): Promise<void>;
}

const dirs: string[] = [];

async function deploy(natsUrl: string, prefix?: string): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shared-nats-'));
  dirs.push(dataDir);
  const config = testConfig(0, {
    DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    NATS_PREFIX: prefix,
  });
  const embedded: EmbeddedPostgres = await openEmbeddedPostgres(dataDir);
  const bus = new NatsBus({
    url: natsUrl,
    name: path.basename(dataDir),
    logger: createLogger('shared-nats', 'silent'),
    prefix: natsPrefix(config),
  });
  const shared = { embedded, bus, cache: new MemoryCache() };
  const content = await SERVICES.content({ config, shared, seedDemo: true, relay: { pollMs: 50 } });
  const cart = await SERVICES.cart({ config, shared, relay: { pollMs: 50 } });
  await content.ready();
  await cart.ready();
  type Tables = {
    products: {
      website_id: string;
      product_id: string;
      product_type: number;
      visible: boolean;
      deleted: boolean;
      is_subscribable: boolean;
    };
    stock: { website_id: string; product_id: string; sku: string; qty: number; unlimited: boolean };
  };
  const { db } = cart.serviceContext as unknown as ServiceContext<Tables>;
  return {
    prefix: natsPrefix(config),
    cart,
    products: async () => (await db.selectFrom('products').select('website_id').where('website_id', '=', DEMO_WEBSITE_ID).execute()).length,
    sells: async () => {
      const line = await db
        .selectFrom('products as p')
        .innerJoin('stock as s', (join) => join.onRef('s.website_id', '=', 'p.website_id').onRef('s.product_id', '=', 'p.product_id'))
        .select(['p.product_id', 's.sku'])
        .where('p.website_id', '=', DEMO_WEBSITE_ID)
        .where('p.product_type', '=', ProductType.PHYSICAL)
        .where('p.visible', '=', true)
        .where('p.deleted', '=', false)
        .where('p.is_subscribable', '=', false)
        .where((eb) => eb.or([eb('s.qty', '>', 0), eb('s.unlimited', '=', true)]))
        .executeTakeFirstOrThrow();
      const added = await cart.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { 'x-website-id': DEMO_WEBSITE_ID },
        payload: { itemId: line.product_id, sku: line.sku, quantity: 1 },
      });
      return added.statusCode;
    },
    close: async () => {
      await cart.close();
      await content.close();
      await bus.close();
      await embedded.close();
    },
  };
}

// It brings its own nats-server, so one half of CI (the one with the real servers) is enough.
const describeOnce = process.env.NATS_URL ? describe : describe.skip;

describeOnce('two deployments on one NATS server', () => {
  let nats: NatsServerProcess;
  const running: Deployment[] = [];
  let demoProducts = 0;

  beforeAll(async () => {
    nats = await NatsServerProcess.start();
    const first = await deploy(nats.url);
    running.push(first);
    // The first deployment alone gets them all; how many that is, is the demo's business.
    demoProducts = await waitFor(
      async () => {
        const n = await first.products();
        return n > 0 && (await first.cart.inject('/readyz')).statusCode === 200 && n;
      },
      60_000,
      'the first shop',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    demoProducts = await first.products();
  }, 120_000);

  afterAll(async () => {
    for (const d of running) await d.close();
    await nats.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('sells every demo product in a second deployment with its derived prefix', async () => {
    const second = await deploy(nats.url);
    running.push(second);
    expect(second.prefix).not.toBe(running[0]?.prefix);
    await waitFor(async () => (await second.products()) === demoProducts, 60_000, 'the second shop to have every demo product');
    const ready = await second.cart.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    // And sells them: a visitor's add of one is taken (not "Sorry, this item is not available.").
    expect(await second.sells()).toBe(200);
  }, 120_000);

  it('misses products when both deployments use one prefix (the failure)', async () => {
    const clash = await deploy(nats.url, running[0]?.prefix);
    running.push(clash);
    // Give the events time to arrive wherever they go.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await clash.products()).toBeLessThan(demoProducts);
  }, 120_000);
});
