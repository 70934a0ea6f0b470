// The demo website (embedded mode's first start, `pnpm seed`): a small homeware and coffee shop
// with every kind of product the storefront handles, a journal, a studio gallery, events, pages,
// navigation, header and footer. Each piece is written only when it is missing, through the same
// services as owner requests, so the events the cart and render need are sent too. Its pictures
// are drawn here (websites/demo-images.ts) and kept in the asset store: no page of the demo loads anything
// from another host.
import {
  ASSET_FILES_PATH,
  CollectionType,
  CreateCollectionBody,
  DEMO_CONTENT,
  DEMO_WEBSITE_ID,
  ItemBody,
  MAIN_NAVIGATION,
  ProductType,
  RecordType,
  type ItemBody as ItemInput,
  type Money,
} from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import { sql } from 'kysely';
import type { AssetService } from '../assets/assets.service.js';
import type { CollectionService } from '../collections/collections.service.js';
import type { ContentParts } from '../module.js';
import type { ContentDB } from '../tables.js';
import { categoriesOf } from '../categories/categories.repository.js';
import { findCollection } from '../collections/collections.repository.js';
import { findItem } from '../items/items.repository.js';
import { findNavigation } from '../navigation/navigation.repository.js';
import { findWebsite } from '../websites/websites.repository.js';
import { demoPicture, type DemoPicture } from '../websites/demo-images.js';
import { drawApart } from '../websites/draw-apart.js';

const usd = (cents: number): Money => ({ value: String(cents), currency: 'USD' });
const DAY = 24 * 3600_000;

/** The pictures the demo's items name, by file: the seed makes each one missing from the store. */
const pictures = new Map<string, DemoPicture>();

const image = (seed: string, title: string, altText: string, size = '1600x1200') => {
  const picture = demoPicture(seed, size);
  pictures.set(picture.file, picture);
  return {
    assetUrl: `${ASSET_FILES_PATH}/${DEMO_WEBSITE_ID}/${picture.file}`,
    originalSize: size,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataVariants: '100w,300w,500w,750w,1000w,1500w',
    colorData: picture.colors,
    altText,
    title,
    filename: `${seed}.jpg`,
  };
};

/** Draws (in a child process: websites/draw-apart.ts) and stores every demo picture the store does not have yet. */
async function storePictures(assets: AssetService): Promise<void> {
  const missing: DemoPicture[] = [];
  for (const picture of pictures.values()) if (!(await assets.has(DEMO_WEBSITE_ID, picture.file))) missing.push(picture);
  const jpegs = await drawApart(
    missing.map((picture) => picture.svg),
    { maxPixels: assets.pipeline.options.maxPixels, quality: 88 },
  );
  for (const [i, picture] of missing.entries()) await assets.store(DEMO_WEBSITE_ID, jpegs[i]!, 'jpeg', picture.file.replace(/\.jpg$/, ''));
}

/** `image`: the assetUrl of one of the product's images, shown when a shopper picks the variant. */
type Variant = {
  sku: string;
  attributes?: Record<string, string>;
  price: number;
  sale?: number;
  qty?: number;
  unlimited?: boolean;
  image?: string;
  grams?: number;
};
const variants = (list: Variant[]) =>
  list.map((v) => ({
    sku: v.sku,
    attributes: v.attributes ?? {},
    priceMoney: usd(v.price),
    ...(v.sale !== undefined ? { salePriceMoney: usd(v.sale), onSale: true } : {}),
    qtyInStock: v.qty ?? 0,
    unlimited: v.unlimited ?? false,
    ...(v.image ? { mainImage: { assetUrl: v.image } } : {}),
    // Shipping weight: the demo's "Parcel by weight" option charges by it.
    ...(v.grams !== undefined ? { weightGrams: v.grams } : {}),
  }));

function products(categories: Record<string, string>): Array<{ id: string; body: ItemInput }> {
  const P = DEMO_CONTENT.products;
  const product = (fields: Record<string, unknown>) => ({ recordType: RecordType.STORE_ITEM, ...fields }) as ItemInput;
  // The tote comes in two colours, each variant with its own picture.
  const olive = image('tote-olive', 'Olive tote', 'Olive waxed canvas tote on a wooden bench');
  const navy = image('tote-navy', 'Navy tote', 'Navy waxed canvas tote');
  return [
    {
      id: P.tote,
      body: product({
        title: 'Waxed Canvas Market Tote',
        excerpt: '<p>A sturdy everyday tote in waxed cotton canvas with vegetable-tanned leather handles.</p>',
        body: '<p>Cut and sewn in our Fore Street studio from 18 oz waxed canvas. The wax wears in over time and takes on the marks of your days. Wipe clean with a damp cloth; re-wax once a year.</p>',
        tags: ['canvas', 'bags'],
        categoryIds: [categories.bags],
        images: [olive, navy],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variantOptionOrdering: ['Colour', 'Size'],
          variants: variants([
            { sku: 'TOTE-OLV-M', attributes: { Colour: 'Olive', Size: 'Medium' }, price: 6800, qty: 6, image: olive.assetUrl, grams: 900 },
            { sku: 'TOTE-OLV-L', attributes: { Colour: 'Olive', Size: 'Large' }, price: 7800, qty: 2, image: olive.assetUrl, grams: 1100 },
            { sku: 'TOTE-NVY-M', attributes: { Colour: 'Navy', Size: 'Medium' }, price: 6800, qty: 0, image: navy.assetUrl, grams: 900 },
            { sku: 'TOTE-NVY-L', attributes: { Colour: 'Navy', Size: 'Large' }, price: 7800, qty: 9, image: navy.assetUrl, grams: 1100 },
          ]),
        },
      }),
    },
    {
      id: P.throw,
      body: product({
        title: 'Merino Wool Throw',
        excerpt: '<p>Woven in Maine from undyed merino, soft enough for bare shoulders.</p>',
        body: '<p>Each throw is woven on a 1950s dobby loom at a family mill two hours north of the shop. Dry clean or hand wash cold.</p>',
        tags: ['wool', 'home'],
        categoryIds: [categories.home],
        images: [image('throw', 'Merino throw', 'Folded oatmeal merino throw on an armchair')],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variantOptionOrdering: ['Colour', 'Size'],
          variants: variants([
            { sku: 'THROW-OAT-LAP', attributes: { Colour: 'Oatmeal', Size: 'Lap' }, price: 14500, qty: 4, grams: 1400 },
            { sku: 'THROW-OAT-BED', attributes: { Colour: 'Oatmeal', Size: 'Queen' }, price: 21000, qty: 1, grams: 2300 },
            { sku: 'THROW-SLT-LAP', attributes: { Colour: 'Slate', Size: 'Lap' }, price: 14500, qty: 3, grams: 1400 },
            { sku: 'THROW-SLT-BED', attributes: { Colour: 'Slate', Size: 'Queen' }, price: 21000, qty: 0, grams: 2300 },
          ]),
        },
      }),
    },
    {
      id: P.bowl,
      body: product({
        title: 'Hand-thrown Serving Bowl',
        excerpt: '<p>A wide stoneware bowl in a speckled oat glaze. Sold out until the next kiln firing.</p>',
        body: '<p>Thrown by Jonah Reyes in small batches. Dishwasher safe; 30 cm across.</p>',
        tags: ['ceramics', 'kitchen'],
        categoryIds: [categories.kitchen],
        images: [image('bowl', 'Serving bowl', 'Speckled stoneware serving bowl filled with lemons')],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: variants([{ sku: 'BOWL-OAT', price: 8800, qty: 0, grams: 1800 }]),
        },
      }),
    },
    {
      id: P.candles,
      body: product({
        title: 'Beeswax Pillar Candle Trio',
        excerpt: '<p>Three hand-poured pillars of Maine beeswax. On sale while the summer batch lasts.</p>',
        body: '<p>Clean-burning, honey-scented and slow: about 40 hours per pillar. Trim the wick to 5 mm before each burn.</p>',
        tags: ['candles', 'home'],
        categoryIds: [categories.home, categories.gifts],
        images: [image('candles', 'Candle trio', 'Three beeswax pillar candles on a slate tray')],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: variants([{ sku: 'CANDLE-TRIO', price: 3600, sale: 2700, qty: 25, grams: 1200 }]),
        },
      }),
    },
    {
      id: P.guide,
      body: product({
        title: 'The Weekend Sourdough Guide (PDF)',
        excerpt: '<p>Our 48-page guide to a loaf that fits around a working week. Instant download.</p>',
        body: '<p>Starter care, a Friday-to-Sunday schedule, shaping step by step with photographs, and six variations.</p>',
        tags: ['baking', 'sourdough'],
        categoryIds: [categories.kitchen],
        images: [image('sourdough-guide', 'Sourdough guide', 'Open pages of the sourdough guide beside a loaf')],
        structuredContent: {
          productType: ProductType.DIGITAL,
          variants: variants([{ sku: 'GUIDE-SOURDOUGH-PDF', price: 1500, unlimited: true }]),
        },
      }),
    },
    {
      id: P.workshop,
      body: product({
        title: 'Wheel-throwing Workshop — Saturday Morning',
        excerpt: '<p>Three hours at the wheel with Jonah, clay and firing included. Eight seats.</p>',
        body: '<p>For complete beginners. You will throw two or three pieces, which we trim, glaze and fire for collection two weeks later.</p>',
        tags: ['ceramics', 'workshop'],
        categoryIds: [categories.classes],
        images: [image('workshop', 'Workshop', 'Hands shaping clay on a potter’s wheel')],
        structuredContent: { productType: ProductType.SERVICE, variants: variants([{ sku: 'WORKSHOP-SAT-AM', price: 9500, qty: 8 }]) },
      }),
    },
    {
      id: P.giftCard,
      body: product({
        title: 'Harbour & Pine Gift Card',
        excerpt: '<p>Sent by email, spendable on anything in the shop or a workshop seat.</p>',
        tags: ['gifts'],
        categoryIds: [categories.gifts],
        images: [image('gift-card', 'Gift card', 'Harbour & Pine gift card with a pine sprig', '1200x800')],
        structuredContent: { productType: ProductType.GIFT_CARD, giftCardDenominations: [usd(2500), usd(5000), usd(10000)] },
      }),
    },
    {
      id: P.coffee,
      body: product({
        title: 'Harbour Roast Coffee Subscription',
        excerpt: '<p>A 340 g bag of our house roast, fresh every month. Pause or cancel any time.</p>',
        body: '<p>Roasted on Tuesdays by Tandem-trained roasters in South Portland and shipped the same week: chocolate, dried cherry and a clean finish.</p>',
        tags: ['coffee', 'subscription'],
        categoryIds: [categories.coffee],
        images: [image('coffee', 'Harbour Roast', 'Bag of Harbour Roast coffee beside a pour-over')],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
          variantOptionOrdering: ['Grind'],
          variants: variants([
            { sku: 'COFFEE-SUB-WHOLE', attributes: { Grind: 'Whole bean' }, price: 1900, unlimited: true, grams: 340 },
            { sku: 'COFFEE-SUB-FILTER', attributes: { Grind: 'Filter' }, price: 1900, unlimited: true, grams: 340 },
            { sku: 'COFFEE-SUB-ESPRESSO', attributes: { Grind: 'Espresso' }, price: 1900, unlimited: true, grams: 340 },
          ]),
        },
      }),
    },
    {
      id: P.notebook,
      body: product({
        title: 'Engraved Leather Notebook',
        excerpt: '<p>A refillable A5 notebook in chestnut leather, engraved with up to three initials.</p>',
        body: '<p>Tell us the initials when you add it to your cart; engraving adds two working days.</p>',
        tags: ['leather', 'gifts'],
        categoryIds: [categories.bags, categories.gifts],
        images: [image('notebook', 'Leather notebook', 'Chestnut leather notebook engraved with initials')],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          additionalFieldsFormId: DEMO_CONTENT.engravingFormId,
          useCustomAddButtonText: true,
          customAddButtonText: 'Personalise & Add',
          variants: variants([{ sku: 'NOTEBOOK-A5-CHESTNUT', price: 4200, qty: 15, grams: 450 }]),
        },
      }),
    },
  ];
}

function posts(now: number): Array<{ id: string; body: ItemInput }> {
  const post = (fields: Record<string, unknown>) =>
    ({ recordType: RecordType.TEXT, author: { displayName: 'Maren Ellis' }, commentState: 1, ...fields }) as ItemInput;
  return [
    {
      id: 'demo-post-waxed-canvas',
      body: post({
        title: 'Why we wax our canvas by hand',
        urlId: 'why-we-wax-our-canvas-by-hand',
        publishOn: new Date(now - 21 * DAY).toISOString(),
        excerpt: '<p>Machine-waxed canvas is quicker. Here is why we still do it the slow way, one bolt at a time.</p>',
        body: '<p>Every bolt of canvas that comes into the studio is warmed, rubbed with a paraffin and beeswax bar, and left to cure for a week...</p>',
        tags: ['canvas', 'craft'],
        categories: ['Workshop notes'],
        likeCount: 14,
        publicCommentCount: 3,
        mainImage: image('post-canvas', 'Waxing canvas', 'Block of wax being rubbed into canvas'),
      }),
    },
    {
      id: 'demo-post-sunday-loaf',
      body: post({
        title: 'A slow Sunday loaf',
        publishOn: new Date(now - 9 * DAY).toISOString(),
        excerpt: '<p>The schedule from our sourdough guide, tried on a week with a Friday night deadline.</p>',
        body: '<p>Feed the starter Friday after dinner, mix Saturday morning, shape before bed, bake Sunday at eight.</p>',
        tags: ['baking', 'sourdough'],
        categories: ['Recipes'],
        likeCount: 31,
        publicCommentCount: 7,
        mainImage: image('post-loaf', 'Sunday loaf', 'Sourdough loaf cooling on a rack'),
      }),
    },
    {
      id: 'demo-post-meet-jonah',
      body: post({
        title: 'Meet the potter: Jonah Reyes',
        publishOn: new Date(now - 2 * DAY).toISOString(),
        excerpt: '<p>Jonah has thrown every bowl we have sold. We asked him about glaze, kilns and patience.</p>',
        body: '<p>Jonah started on a kick wheel in his grandmother’s garage in Bangor...</p>',
        tags: ['ceramics', 'people'],
        categories: ['People'],
        likeCount: 9,
        mainImage: image('post-jonah', 'Jonah at the wheel', 'Potter trimming a bowl on the wheel'),
      }),
    },
    {
      id: 'demo-post-autumn-draft',
      body: post({
        title: 'Autumn market dates',
        status: 'draft',
        excerpt: '<p>Not ready yet: dates still to confirm with the market organisers.</p>',
        categories: ['News'],
        commentState: 0,
      }),
    },
  ];
}

function galleryImages(): Array<{ id: string; body: ItemInput }> {
  const shots: Array<[string, string, string]> = [
    ['studio-bench', 'The cutting bench', 'Canvas patterns laid out on a wide wooden bench'],
    ['studio-kiln', 'Firing day', 'Kiln door open with glazed bowls inside'],
    ['studio-window', 'North window', 'Morning light through the studio’s north window'],
    ['studio-threads', 'Thread wall', 'Spools of waxed thread on a pegboard'],
    ['studio-shelves', 'Drying shelves', 'Rows of greenware drying on shelves'],
    ['studio-harbour', 'The harbour at six', 'Fishing boats in Portland harbour at dawn'],
  ];
  return shots.map(([seed, title, alt], index) => ({
    id: `demo-image-${index + 1}`,
    body: {
      recordType: RecordType.IMAGE,
      title,
      image: image(seed, title, alt),
    },
  }));
}

function events(now: number): Array<{ id: string; body: ItemInput }> {
  const at = (days: number, hour: number) => {
    const date = new Date(now + days * DAY);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const event = (fields: Record<string, unknown>) => ({ recordType: RecordType.EVENT, ...fields }) as ItemInput;
  return [
    {
      id: 'demo-event-makers-market',
      body: event({
        title: 'Portland Makers Market',
        excerpt: '<p>Find our stall between the oyster bar and the letterpress tent.</p>',
        startDate: at(12, 14),
        endDate: at(12, 21),
        location: {
          addressLine1: "Thompson's Point",
          addressLine2: 'Portland, ME 04102',
          addressCountry: 'United States',
          mapLat: 43.6536,
          mapLng: -70.2827,
        },
        tickets: { price: usd(0), url: null, soldOut: false },
      }),
    },
    {
      id: 'demo-event-glaze-evening',
      body: event({
        title: 'Evening Glaze Workshop',
        excerpt: '<p>Glaze two pieces of your own bisqueware. Tea and cake included.</p>',
        startDate: at(20, 22),
        endDate: at(21, 0),
        location: {
          addressLine1: '41 Fore Street',
          addressLine2: 'Portland, ME 04101',
          addressCountry: 'United States',
          mapLat: 43.6572,
          mapLng: -70.2509,
        },
        tickets: { price: usd(4500), url: null, soldOut: false },
      }),
    },
    {
      id: 'demo-event-open-studio',
      body: event({
        title: 'Holiday Open Studio',
        excerpt: '<p>Seconds sale, mulled cider and the first look at the winter throws.</p>',
        startDate: at(40, 15),
        endDate: at(40, 22),
        location: {
          addressLine1: '41 Fore Street',
          addressLine2: 'Portland, ME 04101',
          addressCountry: 'United States',
          mapLat: 43.6572,
          mapLng: -70.2509,
        },
      }),
    },
  ];
}

/**
 * Writes whatever part of the demo website is missing; does nothing when it is all there. On a
 * shared Postgres, seeders in several processes (replicas starting together, parallel test runs)
 * take turns through an advisory lock held on one connection of their own. (PGlite has one
 * session per process, so there is nobody to take turns with.)
 */
export async function seedDemo(ctx: ServiceContext<ContentDB>, parts: ContentParts): Promise<void> {
  if (!ctx.config.DATABASE_URL) return writeDemo(parts);
  // (The demo's cached storefront answers are dropped at the end of writeDemo.)
  await ctx.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('content.demo-seed'))`.execute(connection);
    try {
      await writeDemo(parts);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('content.demo-seed'))`.execute(connection);
    }
  });
}

async function writeDemo(parts: ContentParts): Promise<void> {
  // The module's services: their changes drop the cached answers before their events leave.
  const { ctx, websites, collections, items, categories, navigation, documents } = parts;
  const site = DEMO_WEBSITE_ID;
  const now = Date.now();

  if (!(await findWebsite(ctx.db, site))) {
    await websites.create({
      id: site,
      title: 'Harbour & Pine',
      templateId: DEMO_CONTENT.templateId,
      domains: ['localhost', '127.0.0.1'],
      settings: {
        currency: 'USD',
        locale: 'en-US',
        timeZone: 'America/New_York',
        country: 'US',
        siteStatus: 8,
        businessEmail: 'hello@harbourandpine.example',
        cookieSettings: {
          bannerEnabled: true,
          restrictivePolicy: false,
          bannerText: 'We use cookies to keep your cart and to see which pages people read.',
        },
        store: {
          allowMultipleQuantityForServices: true,
          expressCheckout: false,
          customCart: false,
          nativeReviewsEnabled: true,
          importedReviewsEnabled: false,
          installmentsEnabled: true,
        },
        colors: { accent: '#2f5d50', background: '#faf7f2', text: { h: 30, s: 0.1, l: 0.15 } },
        // What search results and social cards show of pages without a description or picture of their own.
        seo: {
          description: 'Waxed canvas, wool, clay and coffee, made slowly in a small studio on the Portland waterfront.',
          socialImage: image('studio-harbour', 'The harbour at six', 'Fishing boats in Portland harbour at dawn').assetUrl,
          robotsTxt: '',
          redirects: [],
        },
      },
    });
  }

  const collection = async (id: string, body: Parameters<CollectionService['create']>[1]): Promise<boolean> => {
    if (await findCollection(ctx.db, site, id)) return false;
    await collections.create(site, CreateCollectionBody.parse(body), { id });
    return true;
  };
  const add = async (collectionId: string, list: Array<{ id: string; body: ItemInput }>, area: 'store' | 'content') => {
    for (const { id, body } of list) {
      if (!(await findItem(ctx.db, site, id))) await items.create(site, collectionId, ItemBody.parse(body), area, { id });
    }
  };

  await collection(DEMO_CONTENT.homeCollectionId, {
    type: CollectionType.PAGE,
    title: 'Home',
    urlId: 'home',
    layout: {
      blocks: [
        {
          type: 2,
          data: {
            html: '<h1>Made slowly on Fore Street</h1><p>Waxed canvas, wool, clay and coffee from a small studio on the Portland waterfront.</p>',
          },
        },
        { type: 55, data: { collectionId: DEMO_CONTENT.shopCollectionId, design: 'grid', limit: 6 } },
        { type: 8, data: { collectionId: DEMO_CONTENT.galleryCollectionId } },
        {
          type: 51,
          data: {
            title: 'Studio letters',
            description: 'A short letter each month: new makes, market dates, no noise.',
            formId: DEMO_CONTENT.newsletterFormId,
          },
        },
      ],
    },
  });

  if (!(await findCollection(ctx.db, site, DEMO_CONTENT.shopCollectionId))) {
    await collections.createStoreFromInput(
      site,
      {
        storeTitle: 'Shop',
        addToMainNav: false,
        fallbackStoreTitle: 'Store',
        allCategoryDisplayName: 'All',
        websiteId: site,
        templateId: DEMO_CONTENT.templateId,
        isSevenOne: false,
        storeUrls: [],
      },
      { id: DEMO_CONTENT.shopCollectionId },
    );
  }
  const existing = await categoriesOf(ctx.db, site, DEMO_CONTENT.shopCollectionId);
  const root = existing.find((c) => c.type === 'ROOT');
  const categoryIds: Record<string, string> = {};
  const wanted: Array<[string, string]> = [
    ['kitchen', 'Kitchen & Table'],
    ['home', 'Home'],
    ['bags', 'Bags & Accessories'],
    ['coffee', 'Coffee'],
    ['classes', 'Classes'],
    ['gifts', 'Gifts'],
  ];
  for (const [index, [key, name]] of wanted.entries()) {
    const found = existing.find((c) => c.display_name === name);
    categoryIds[key] =
      found?.id ??
      (
        await categories.create(site, DEMO_CONTENT.shopCollectionId, {
          displayName: name,
          parentCategoryId: root?.id ?? '',
          type: 'CATEGORY',
          pageRendering: 'GRID_VIEW',
          displayIndex: index + 2,
        })
      ).id;
  }
  await add(DEMO_CONTENT.shopCollectionId, products(categoryIds), 'store');

  await collection(DEMO_CONTENT.journalCollectionId, { type: CollectionType.GENERIC, kind: 'blog', title: 'Journal', urlId: 'journal' });
  await add(DEMO_CONTENT.journalCollectionId, posts(now), 'content');

  if (await collection(DEMO_CONTENT.galleryCollectionId, { type: CollectionType.SLIDE_GALLERY, title: 'Studio', urlId: 'studio' })) {
    await collections.updateGallerySettings(site, DEMO_CONTENT.galleryCollectionId, {
      design: 'grid',
      'thumbnails-per-row': 3,
      lightbox: true,
      'aspect-ratio': 'four-three',
    });
  }
  await add(DEMO_CONTENT.galleryCollectionId, galleryImages(), 'content');

  await collection(DEMO_CONTENT.eventsCollectionId, { type: CollectionType.GENERIC, kind: 'events', title: 'Events', urlId: 'events' });
  await add(DEMO_CONTENT.eventsCollectionId, events(now), 'content');

  await collection(DEMO_CONTENT.aboutCollectionId, {
    type: CollectionType.PAGE,
    title: 'About',
    urlId: 'about',
    layout: {
      blocks: [
        {
          type: 2,
          data: {
            html: '<h2>About the studio</h2><p>Harbour & Pine is four people, one potter’s wheel and a sewing machine older than all of us, at 41 Fore Street since 2016.</p>',
          },
        },
        { type: 4, data: { lat: 43.6572, lng: -70.2509, zoom: 15 } },
      ],
    },
  });

  // The forms service seeds the contact form under the same id (services/forms/src/seed.ts).
  await collection(DEMO_CONTENT.contactCollectionId, {
    type: CollectionType.PAGE,
    title: 'Contact',
    urlId: 'contact',
    layout: {
      blocks: [
        {
          type: 2,
          data: {
            html: '<h2>Write to us</h2><p>Questions about an order, a workshop or a commission: we answer within two days. Or come by the studio, Wednesday to Sunday, 10–5.</p>',
          },
        },
        { type: 9, data: { formId: DEMO_CONTENT.contactFormId } },
      ],
    },
  });

  if (!(await findNavigation(ctx.db, site, MAIN_NAVIGATION))) {
    await navigation.update(site, {
      fieldName: MAIN_NAVIGATION,
      templateId: DEMO_CONTENT.templateId,
      navigation: {
        items: [
          { collectionId: DEMO_CONTENT.homeCollectionId },
          { collectionId: DEMO_CONTENT.shopCollectionId },
          { collectionId: DEMO_CONTENT.journalCollectionId },
          { collectionId: DEMO_CONTENT.galleryCollectionId },
          { collectionId: DEMO_CONTENT.eventsCollectionId },
          { collectionId: DEMO_CONTENT.aboutCollectionId },
          { collectionId: DEMO_CONTENT.contactCollectionId },
        ],
      },
    });
    await navigation.update(site, {
      fieldName: 'secondaryNav',
      templateId: DEMO_CONTENT.templateId,
      navigation: { items: [{ title: 'Instagram', externalLink: 'https://www.instagram.com/' }] },
    });
    await documents.updateHeaderFooter(site, {
      // No header text of its own: the header shows the site title (Settings › General).
      header: {
        alignment: 'center',
        sticky: true,
        showCart: true,
        showAccountLink: true,
        backgroundColor: '#faf7f2',
        textColor: '#1f2a27',
      },
      footer: {
        text: 'Harbour & Pine · 41 Fore Street, Portland, ME 04101 · Open Wednesday to Sunday, 10–5',
        showSocialLinks: true,
        backgroundColor: '#1f2a27',
        textColor: '#faf7f2',
        blocks: [{ type: 51, data: { title: 'Studio letters', formId: DEMO_CONTENT.newsletterFormId } }],
      },
    });
    await documents.savePreferences(site, 'storefront', { productsPerRow: 3, showQuickView: true, relatedProducts: true });
  }
  // (Every list above named its pictures; a store emptied since the last seed gets them back too.)
  await storePictures(parts.assets.service);
  // A cache that outlived a restart (Redis) must not answer from before what was just written.
  await parts.cache.bump(site);
}
