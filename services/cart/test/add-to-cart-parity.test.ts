// One table of add-to-cart cases, answered the same by both databases: the rules live once in
// domain/add-to-cart.ts and cart.add_entry() (migration 0009) only writes what their facts allow,
// so an embedded app (PGlite) and a Postgres app must give identical answers: the same status and
// the exact SPEC message (SPEC 5 and 7), or the same lines. The embedded app always runs; the
// Postgres one when DATABASE_URL is set (the real-servers run), and then the two are compared.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProductType } from '@sc/contracts';
import { mode, testConfig } from '@sc/platform/test-kit';
import { APP_START_TIMEOUT_MS, cartCookieOf, setup, SIGNING_KEY, type Kit, type ProductSpec } from './kit.js';

/** What an add answered: a refusal's status and message, or the cart's lines after it. */
type Answer =
  { status: number; message: string } | { status: 200; lines: Array<[string, number, string | null]> } | { status: 200; cartToken: true };

interface Case {
  name: string;
  product?: ProductSpec;
  /** Adds to the same cart first (each must succeed). */
  before?: Array<Record<string, unknown>>;
  /** The add under test (to the cart, or a subscription checkout). */
  add: Record<string, unknown>;
  subscription?: boolean;
  expected: Answer;
}

const PLAN = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
const MUG: ProductSpec = { variants: [{ sku: 'MUG', price: 1000, qty: 3 }] };
const TEE: ProductSpec = {
  optionOrdering: ['Color', 'Size'],
  variants: [
    { sku: 'TEE-RED-S', price: 2000, qty: 5, attributes: { Color: 'Red', Size: 'S' } },
    { sku: 'TEE-BLUE-S', price: 2000, qty: 5, attributes: { Color: 'Blue', Size: 'S' } },
  ],
};
const CLUB: ProductSpec = { isSubscribable: true, subscriptionPlan: PLAN, variants: [{ sku: 'BEANS', price: 1900, qty: 2 }] };

// The messages as SPEC 5 and SPEC 7 write them (not the constants: the table pins the text).
const NOT_A_NUMBER = 'Quantity must be a number.';
const NOT_WHOLE = 'Quantity must be a whole number';
const OUT_OF_RANGE = 'Quantity must be between 1 and 9999.';
const NOT_ENOUGH = 'Sorry, we do not have enough of that item available.';
const UNAVAILABLE = 'Sorry, this item is not available.';
const VARIANT_UNAVAILABLE = 'Sorry, that item variant is unavailable. Please select another variant.';

const CASES: Case[] = [
  { name: 'quantity not a number', product: MUG, add: { quantity: 'two' }, expected: { status: 400, message: NOT_A_NUMBER } },
  { name: 'quantity not whole', product: MUG, add: { quantity: 1.5 }, expected: { status: 400, message: NOT_WHOLE } },
  { name: 'quantity over the limit', product: MUG, add: { quantity: 10_000 }, expected: { status: 400, message: OUT_OF_RANGE } },
  { name: 'quantity zero', product: MUG, add: { quantity: '0' }, expected: { status: 400, message: OUT_OF_RANGE } },
  { name: 'out of stock', product: MUG, add: { quantity: 4 }, expected: { status: 409, message: NOT_ENOUGH } },
  {
    name: 'stock counts what the cart holds',
    product: MUG,
    before: [{ quantity: 2 }],
    add: { quantity: 2 },
    expected: { status: 409, message: NOT_ENOUGH },
  },
  {
    name: 'merge into the existing line',
    product: MUG,
    before: [{ quantity: 1 }],
    add: { quantity: 2 },
    expected: { status: 200, lines: [['MUG', 3, null]] },
  },
  {
    name: 'a line with form answers stays apart',
    product: MUG,
    before: [{ quantity: 1 }],
    add: { quantity: 1, additionalFields: '{"name":"Ada"}' },
    expected: {
      status: 200,
      lines: [
        ['MUG', 1, null],
        ['MUG', 1, '{"name":"Ada"}'],
      ],
    },
  },
  {
    name: 'merge past 9999',
    product: { variants: [{ sku: 'BULK', price: 1, unlimited: true }] },
    before: [{ quantity: 9999 }],
    add: { quantity: 1 },
    expected: { status: 400, message: OUT_OF_RANGE },
  },
  {
    name: 'a different variant is a line of its own',
    product: TEE,
    before: [{ sku: 'TEE-RED-S' }],
    add: { attributes: { Color: 'Blue', Size: 'S' }, quantity: 2 },
    expected: {
      status: 200,
      lines: [
        ['TEE-RED-S', 1, null],
        ['TEE-BLUE-S', 2, null],
      ],
    },
  },
  { name: 'options not chosen', product: TEE, add: {}, expected: { status: 400, message: 'Please select the Color and Size options.' } },
  {
    name: 'one option not chosen',
    product: TEE,
    add: { attributes: { Size: 'S' } },
    expected: { status: 400, message: 'Please select the Color option.' },
  },
  { name: 'unknown variant', product: TEE, add: { sku: 'TEE-GREEN-XL' }, expected: { status: 400, message: VARIANT_UNAVAILABLE } },
  { name: 'unknown product', add: { itemId: 'no-such-product' }, expected: { status: 404, message: UNAVAILABLE } },
  {
    name: 'gift card without denomination',
    product: {
      productType: ProductType.GIFT_CARD,
      variants: [
        { sku: 'GC25', price: 2500 },
        { sku: 'GC50', price: 5000 },
      ],
    },
    add: {},
    expected: { status: 400, message: 'Select a denomination for the Gift Card' },
  },
  {
    name: 'digital stock is not counted',
    product: { productType: ProductType.DIGITAL, variants: [{ sku: 'PDF', price: 500, qty: 0 }] },
    add: { quantity: 5 },
    expected: { status: 200, lines: [['PDF', 5, null]] },
  },
  {
    name: 'subscription product in a cart',
    product: CLUB,
    add: {},
    expected: { status: 400, message: 'This item is sold as a subscription. Please use Subscribe.' },
  },
  { name: 'subscription checkout', product: CLUB, subscription: true, add: { qty: 2 }, expected: { status: 200, cartToken: true } },
  {
    name: 'subscription quantity not whole',
    product: CLUB,
    subscription: true,
    add: { qty: '1.5' },
    expected: { status: 400, message: NOT_WHOLE },
  },
  {
    name: 'subscription out of stock',
    product: CLUB,
    subscription: true,
    add: { qty: 3 },
    expected: { status: 409, message: UNAVAILABLE },
  },
  {
    name: 'subscription of a product not sold so',
    product: MUG,
    subscription: true,
    add: {},
    expected: { status: 400, message: 'This item is not sold as a subscription.' },
  },
  {
    name: 'subscription of a digital product',
    product: { productType: ProductType.DIGITAL, isSubscribable: true, subscriptionPlan: PLAN, variants: [{ sku: 'PDF', price: 100 }] },
    subscription: true,
    add: {},
    expected: { status: 400, message: 'Only physical products and services can be bought as a subscription.' },
  },
];

/** Runs one case on a new website of `kit` and answers what the add said. */
async function run(kit: Kit, c: Case): Promise<Answer> {
  const site = kit.newSite();
  const itemId = c.product ? (await kit.product(site, c.product)).productId : 'none';
  let cart: string | undefined;
  for (const body of c.before ?? []) {
    const done = await kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId: site, cart }, { itemId, ...body });
    if (done.statusCode !== 200) throw new Error(`${c.name}: a setup add failed: ${done.body}`);
    cart = cartCookieOf(done) ?? cart;
  }
  const url = c.subscription ? '/api/3/commerce/cart/subscription' : '/api/commerce/shopping-cart/entries';
  const response = await kit.call('POST', url, { websiteId: site, cart }, { itemId, ...c.add });
  if (response.statusCode !== 200) {
    const body = response.json<{ status: number; message: string }>();
    return { status: body.status, message: body.message };
  }
  if (c.subscription) {
    if (typeof response.json<{ cartToken?: unknown }>().cartToken !== 'string')
      throw new Error(`${c.name}: no cart token in ${response.body}`);
    return { status: 200, cartToken: true };
  }
  const entries = response.json<{
    shoppingCart: { entries: Array<{ chosenVariant: { sku: string }; quantity: number; additionalFields: string | null }> };
  }>().shoppingCart.entries;
  return { status: 200, lines: entries.map((e) => [e.chosenVariant.sku, e.quantity, e.additionalFields]) };
}

const runAll = async (kit: Kit) => {
  const answers: Record<string, Answer> = {};
  for (const c of CASES) answers[c.name] = await run(kit, c);
  return answers;
};

const expected = Object.fromEntries(CASES.map((c) => [c.name, c.expected]));

describe(`add to cart answers the same on PGlite and Postgres (${mode.database})`, () => {
  let embedded: Kit;
  let postgres: Kit | undefined;
  beforeAll(async () => {
    embedded = await setup({
      config: testConfig(0, { IDENTITY_SIGNING_KEY: SIGNING_KEY, DATABASE_URL: undefined, NATS_URL: undefined, REDIS_URL: undefined }),
    });
    if (process.env.DATABASE_URL) postgres = await setup();
  }, APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await embedded?.close();
    await postgres?.close();
  });

  it('gives every case its SPEC answer on the embedded database (PGlite)', async () => {
    expect(await runAll(embedded)).toEqual(expected);
  });

  (process.env.DATABASE_URL ? it : it.skip)('gives every case the same answer on Postgres', async () => {
    const [onPglite, onPostgres] = [await runAll(embedded), await runAll(postgres!)];
    expect(onPostgres).toEqual(expected);
    expect(onPostgres).toEqual(onPglite);
  });
});
