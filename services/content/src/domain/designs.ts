// The starting designs (issue 34): each is data the one renderer and theme draw: site styles
// (fonts, colours, button shape, spacing), the header and footer's look, the home, about and
// contact pages as sections of blocks, one collection for the design's purpose (a shop, a menu, a
// portfolio, a journal, classes, events) with sample items, and the pictures they show (drawn
// locally: designs/design-pictures.ts). A design is applied by websites/website-designs.service.ts;
// switching design later re-applies only its look (styles, header and footer, section layouts)
// and keeps every block the owner wrote.
import { DESIGN_IDS, RecordType, ProductType, type BlockBody, type DesignId, type LayoutSection, type SiteStyles } from '@sc/contracts';

/** A picture's look: one of the demo drawings' motifs in the design's own colours. */
export interface DesignPicture {
  motif: string;
  palette: [sky: string, ground: string, accent: string, shade: string];
  alt: string;
}

/** What a design's data may refer to, filled in when it is applied to a website. */
export interface DesignRefs {
  /** The stored picture's URL on this website. */
  picture(name: string): string;
  /** The id of the design's purpose collection on this website. */
  collectionId: string;
  /** The path of the purpose collection (`/shop`, `/menu`, ...). */
  collectionPath: string;
}

/** The look of a page: its sections (background, width, spacing) over its blocks. */
export type SectionLook = Omit<LayoutSection, 'blocks' | 'id'>;

export interface DesignPage {
  key: 'home' | 'about' | 'contact';
  title: string;
  urlId: string;
  /** Section looks, each with how many blocks it holds (the last takes the rest). */
  sections: Array<SectionLook & { count: number }>;
  blocks(refs: DesignRefs): BlockBody[];
}

export type PurposeKind = 'store' | 'blog' | 'gallery' | 'events';

export interface DesignItem {
  title: string;
  excerpt: string;
  body?: string;
  picture: string;
  /** Products: price in cents and stock. */
  price?: number;
  /** Events: days from now it starts, and hours long. */
  inDays?: number;
}

export interface StartingDesign {
  id: DesignId;
  name: string;
  purpose: string;
  description: string;
  styles: SiteStyles;
  header: { alignment: 'left' | 'center' | 'right'; sticky: boolean; showCart: boolean; backgroundColor: string; textColor: string };
  footer: { text: string; backgroundColor: string; textColor: string };
  pictures: Record<string, DesignPicture>;
  pages: DesignPage[];
  collection: { kind: PurposeKind; title: string; urlId: string; items: DesignItem[] };
}

const html = (markup: string): BlockBody => ({ type: 2, data: { html: markup } });
const image = (src: string, alt: string, caption = ''): BlockBody => ({ type: 5, data: { src, alt, caption, originalSize: '1600x1000' } });
const button = (
  label: string,
  link: string,
  style: 'primary' | 'secondary' | 'outline' = 'primary',
  align: 'left' | 'center' | 'right' = 'left',
): BlockBody => ({
  type: 53,
  data: { label, link, style, align },
});
const quote = (text: string, source: string): BlockBody => ({ type: 31, data: { text, source, align: 'center' } });
const summary = (collectionId: string, design: 'grid' | 'list' | 'wall' | 'carousel', limit = 6): BlockBody => ({
  type: 55,
  data: { collectionId, design, limit },
});
const gallery = (collectionId: string): BlockBody => ({ type: 8, data: { collectionId } });
const accordion = (items: Array<[string, string]>): BlockBody => ({
  type: 69,
  data: { items: items.map(([title, body]) => ({ title, body })) },
});
const map = (address: string): BlockBody => ({ type: 4, data: { address } });
const spacer = (height: number): BlockBody => ({ type: 21, data: { height } });

const shop: StartingDesign = {
  id: 'shop',
  name: 'Market',
  purpose: 'Shop',
  description: 'A bright, airy shop front: big product grid, rounded buttons, a clean sans-serif.',
  styles: {
    bodyFont: 'inter',
    headingFont: 'work-sans',
    accent: '#d9480f',
    text: '#1f2328',
    background: '#ffffff',
    buttonShape: 'rounded',
    spacing: 'airy',
  },
  header: { alignment: 'left', sticky: true, showCart: true, backgroundColor: '#ffffff', textColor: '#1f2328' },
  footer: { text: 'Free shipping on orders over $60 · Returns within 30 days', backgroundColor: '#fff4e6', textColor: '#1f2328' },
  pictures: {
    hero: { motif: 'tote', palette: ['#fff4e6', '#ffd8a8', '#d9480f', '#862e0c'], alt: 'An orange canvas tote on a warm background' },
    mug: { motif: 'bowl', palette: ['#f8f9fa', '#dee2e6', '#e8590c', '#343a40'], alt: 'A glazed bowl of lemons' },
    candle: { motif: 'candles', palette: ['#212529', '#495057', '#ffa94d', '#f76707'], alt: 'Three candles glowing' },
    notebook: { motif: 'notebook', palette: ['#fff9db', '#ffe066', '#d9480f', '#5c3d00'], alt: 'An open notebook' },
  },
  pages: [
    {
      key: 'home',
      title: 'Home',
      urlId: 'home',
      sections: [
        { count: 3, background: '#fff4e6', width: 'wide', spacing: 'large' },
        { count: 1, width: 'wide', spacing: 'medium' },
      ],
      blocks: (r) => [
        html(
          '<h1>Everyday things, made well</h1><p>Small-batch goods for the kitchen, the desk and the road. New pieces every Friday.</p>',
        ),
        button('Shop the collection', r.collectionPath),
        image(r.picture('hero'), 'An orange canvas tote on a warm background'),
        summary(r.collectionId, 'grid', 6),
      ],
    },
    {
      key: 'about',
      title: 'About',
      urlId: 'about',
      sections: [{ count: 2, width: 'normal', spacing: 'large' }],
      blocks: () => [
        html(
          '<h2>About the shop</h2><p>We started with one table at a weekend market. Today we work with twelve makers and still pack every order by hand.</p>',
        ),
        quote('Buy less, choose well, make it last.', 'Our one rule'),
      ],
    },
    {
      key: 'contact',
      title: 'Contact',
      urlId: 'contact',
      sections: [{ count: 2, width: 'narrow', spacing: 'medium' }],
      blocks: () => [
        html('<h2>Questions about an order?</h2><p>Write to us and we answer within one working day.</p>'),
        accordion([
          ['When will my order ship?', 'Orders placed before noon ship the same day.'],
          ['Can I return something?', 'Yes, within 30 days, unused and in its box.'],
        ]),
      ],
    },
  ],
  collection: {
    kind: 'store',
    title: 'Shop',
    urlId: 'shop',
    items: [
      { title: 'Canvas Tote', excerpt: '<p>Heavy cotton canvas, leather handles.</p>', picture: 'hero', price: 4800 },
      { title: 'Stoneware Bowl', excerpt: '<p>Thrown by hand, glazed in rust.</p>', picture: 'mug', price: 3600 },
      { title: 'Beeswax Candles', excerpt: '<p>A set of three, 40 hours each.</p>', picture: 'candle', price: 2400 },
      { title: 'Linen Notebook', excerpt: '<p>A5, 160 pages of dot grid.</p>', picture: 'notebook', price: 1800 },
    ],
  },
};

const restaurant: StartingDesign = {
  id: 'restaurant',
  name: 'Trattoria',
  purpose: 'Restaurant',
  description: 'Warm and classic: a serif menu on cream, square buttons, a centred header.',
  styles: {
    bodyFont: 'lora',
    headingFont: 'playfair-display',
    accent: '#9c2a2a',
    text: '#2b1d14',
    background: '#fbf6ee',
    buttonShape: 'square',
    spacing: 'normal',
  },
  header: { alignment: 'center', sticky: false, showCart: false, backgroundColor: '#2b1d14', textColor: '#fbf6ee' },
  footer: { text: 'Open Tuesday to Sunday, 12–3 and 6–11 · Bookings by phone', backgroundColor: '#2b1d14', textColor: '#fbf6ee' },
  pictures: {
    hero: { motif: 'bowl', palette: ['#3b2a20', '#6b4a36', '#c08552', '#9c2a2a'], alt: 'A bowl of pasta on a dark table' },
    bread: { motif: 'post-loaf', palette: ['#f3e6cf', '#c9a06b', '#8a4b20', '#f7ecd9'], alt: 'A loaf of bread' },
    wine: { motif: 'candles', palette: ['#1d1411', '#3b2a20', '#9c2a2a', '#f0c987'], alt: 'Candles on a dinner table' },
    kitchen: { motif: 'studio-kiln', palette: ['#2b1d14', '#4a3426', '#e07a3f', '#ffd27a'], alt: 'The wood-fired oven' },
  },
  pages: [
    {
      key: 'home',
      title: 'Home',
      urlId: 'home',
      sections: [
        { count: 3, background: '#f3e6cf', width: 'full', spacing: 'large' },
        { count: 2, width: 'normal', spacing: 'large' },
      ],
      blocks: (r) => [
        image(r.picture('hero'), 'A bowl of pasta on a dark table'),
        html(
          '<h1>Fresh pasta, wood fire, long evenings</h1><p>A family kitchen since 1987. Everything made in the house that morning.</p>',
        ),
        button('See the menu', r.collectionPath, 'primary', 'center'),
        quote('The best carbonara this side of the river.', 'The Evening Post'),
        gallery(r.collectionId),
      ],
    },
    {
      key: 'about',
      title: 'Our Story',
      urlId: 'about',
      sections: [{ count: 2, width: 'narrow', spacing: 'large' }],
      blocks: (r) => [
        html(
          '<h2>Three generations at the stove</h2><p>Nonna Lucia opened the doors with six tables. Her grandson still rolls the pasta by hand every morning.</p>',
        ),
        image(r.picture('kitchen'), 'The wood-fired oven'),
      ],
    },
    {
      key: 'contact',
      title: 'Visit',
      urlId: 'contact',
      sections: [{ count: 2, width: 'normal', spacing: 'medium', background: '#f3e6cf' }],
      blocks: () => [html('<h2>Find us</h2><p>12 Via Roma · Book a table: 555-0123</p>'), map('12 Via Roma')],
    },
  ],
  collection: {
    kind: 'gallery',
    title: 'Menu',
    urlId: 'menu',
    items: [
      { title: 'Tagliatelle al ragù', excerpt: 'Slow-cooked for six hours', picture: 'hero' },
      { title: 'Focaccia', excerpt: 'Rosemary and sea salt', picture: 'bread' },
      { title: 'By candlelight', excerpt: 'The dining room at eight', picture: 'wine' },
      { title: 'The oven', excerpt: 'Oak and olive wood', picture: 'kitchen' },
    ],
  },
};

const portfolio: StartingDesign = {
  id: 'portfolio',
  name: 'Monochrome',
  purpose: 'Portfolio',
  description: 'Black and white with one electric accent: full-width work, pill buttons, compact type.',
  styles: {
    bodyFont: 'work-sans',
    headingFont: 'dm-serif-display',
    accent: '#3b5bdb',
    text: '#111111',
    background: '#f5f5f5',
    buttonShape: 'pill',
    spacing: 'compact',
  },
  header: { alignment: 'right', sticky: false, showCart: false, backgroundColor: '#111111', textColor: '#f5f5f5' },
  footer: { text: 'Available for commissions from next spring', backgroundColor: '#111111', textColor: '#f5f5f5' },
  pictures: {
    one: { motif: 'studio-threads', palette: ['#e9ecef', '#adb5bd', '#3b5bdb', '#111111'], alt: 'A grid of coloured circles' },
    two: { motif: 'studio-window', palette: ['#f8f9fa', '#ced4da', '#dbe4ff', '#212529'], alt: 'Light through a tall window' },
    three: { motif: 'studio-shelves', palette: ['#f1f3f5', '#868e96', '#364fc7', '#111111'], alt: 'Objects on shelves' },
    four: { motif: 'studio-harbour', palette: ['#dbe4ff', '#343a40', '#edf2ff', '#111111'], alt: 'Boats at dawn' },
  },
  pages: [
    {
      key: 'home',
      title: 'Work',
      urlId: 'home',
      sections: [
        { count: 2, width: 'wide', spacing: 'small' },
        { count: 1, width: 'full', spacing: 'small' },
      ],
      blocks: (r) => [
        html('<h1>Photographs of quiet places</h1><p>Selected work, 2019 to now.</p>'),
        button('Get in touch', '/contact', 'outline'),
        gallery(r.collectionId),
      ],
    },
    {
      key: 'about',
      title: 'About',
      urlId: 'about',
      sections: [{ count: 2, width: 'wide', spacing: 'small' }],
      blocks: (r) => [
        image(r.picture('two'), 'Light through a tall window'),
        html(
          '<h2>About</h2><p>I photograph interiors, harbours and the people who work in them. Clients include magazines, architects and small brands.</p>',
        ),
      ],
    },
    {
      key: 'contact',
      title: 'Contact',
      urlId: 'contact',
      sections: [{ count: 2, width: 'narrow', spacing: 'small' }],
      blocks: () => [
        html('<h2>Say hello</h2><p>For commissions and prints, write to studio@example.com.</p>'),
        button('Email me', 'mailto:studio@example.com', 'primary'),
      ],
    },
  ],
  collection: {
    kind: 'gallery',
    title: 'Projects',
    urlId: 'projects',
    items: [
      { title: 'Circles', excerpt: 'Studio study, 2024', picture: 'one' },
      { title: 'North light', excerpt: 'Interiors, 2023', picture: 'two' },
      { title: 'Shelves', excerpt: 'Still life, 2022', picture: 'three' },
      { title: 'Harbour', excerpt: 'Landscape, 2021', picture: 'four' },
    ],
  },
};

const blog: StartingDesign = {
  id: 'blog',
  name: 'Journal',
  purpose: 'Blog',
  description: 'A reading-first journal: a narrow column of serif text, soft green, quiet header.',
  styles: {
    bodyFont: 'source-serif-4',
    headingFont: 'source-serif-4',
    accent: '#2b8a3e',
    text: '#212529',
    background: '#fcfdf7',
    buttonShape: 'rounded',
    spacing: 'normal',
  },
  header: { alignment: 'left', sticky: false, showCart: false, backgroundColor: '#fcfdf7', textColor: '#212529' },
  footer: { text: 'New essays every other Sunday', backgroundColor: '#ebfbee', textColor: '#212529' },
  pictures: {
    garden: { motif: 'post-canvas', palette: ['#ebfbee', '#b2f2bb', '#2b8a3e', '#fab005'], alt: 'Soft green shapes' },
    morning: { motif: 'studio-window', palette: ['#fff9db', '#d3f9d8', '#fffbe6', '#2b8a3e'], alt: 'Morning light' },
    desk: { motif: 'notebook', palette: ['#f4fce3', '#c0eb75', '#fcfdf7', '#2b8a3e'], alt: 'A notebook on a desk' },
  },
  pages: [
    {
      key: 'home',
      title: 'Home',
      urlId: 'home',
      sections: [
        { count: 1, width: 'narrow', spacing: 'large' },
        { count: 1, width: 'narrow', spacing: 'medium' },
      ],
      blocks: (r) => [
        html('<h1>Notes from a small garden</h1><p>Essays on growing things, slowing down and the odd recipe.</p>'),
        summary(r.collectionId, 'list', 5),
      ],
    },
    {
      key: 'about',
      title: 'About',
      urlId: 'about',
      sections: [{ count: 2, width: 'narrow', spacing: 'large' }],
      blocks: (r) => [
        image(r.picture('morning'), 'Morning light'),
        html('<h2>Hello</h2><p>I write about the garden behind our house and what it teaches me, one season at a time.</p>'),
      ],
    },
    {
      key: 'contact',
      title: 'Contact',
      urlId: 'contact',
      sections: [{ count: 1, width: 'narrow', spacing: 'medium' }],
      blocks: () => [html('<h2>Write to me</h2><p>Letters, questions and seeds to swap: hello@example.com.</p>')],
    },
  ],
  collection: {
    kind: 'blog',
    title: 'Journal',
    urlId: 'journal',
    items: [
      {
        title: 'What the tomatoes taught me',
        excerpt: '<p>Patience, mostly. And staking early.</p>',
        body: '<p>Every spring I plant too many tomatoes...</p>',
        picture: 'garden',
      },
      {
        title: 'A slow morning routine',
        excerpt: '<p>Coffee, a notebook and twenty minutes outside.</p>',
        body: '<p>Before the phone, the garden.</p>',
        picture: 'morning',
      },
      {
        title: 'Keeping a garden diary',
        excerpt: '<p>Why I write down every sowing date.</p>',
        body: '<p>Memory is a poor gardener.</p>',
        picture: 'desk',
      },
    ],
  },
};

const studio: StartingDesign = {
  id: 'studio',
  name: 'Flow',
  purpose: 'Studio & classes',
  description: 'Calm and round: soft lilac, pill buttons, generous space, class schedule up front.',
  styles: {
    bodyFont: 'system',
    headingFont: 'lora',
    accent: '#7048e8',
    text: '#2d2a3e',
    background: '#f8f7ff',
    buttonShape: 'pill',
    spacing: 'airy',
  },
  header: { alignment: 'center', sticky: true, showCart: true, backgroundColor: '#f8f7ff', textColor: '#2d2a3e' },
  footer: { text: 'First class free · Mats and blocks provided', backgroundColor: '#e5dbff', textColor: '#2d2a3e' },
  pictures: {
    hero: { motif: 'studio-window', palette: ['#f3f0ff', '#d0bfff', '#e5dbff', '#7048e8'], alt: 'A bright studio room' },
    mat: { motif: 'throw', palette: ['#f8f7ff', '#e5dbff', '#9775fa', '#5f3dc4'], alt: 'Rolled mats' },
    tea: { motif: 'bowl', palette: ['#f3f0ff', '#d0bfff', '#b197fc', '#fab005'], alt: 'A bowl of fruit' },
  },
  pages: [
    {
      key: 'home',
      title: 'Home',
      urlId: 'home',
      sections: [
        { count: 3, background: '#e5dbff', width: 'wide', spacing: 'large' },
        { count: 2, width: 'normal', spacing: 'large' },
      ],
      blocks: (r) => [
        html('<h1>Move, breathe, rest</h1><p>Small yoga and pilates classes for every body, seven days a week.</p>'),
        button('Book a class', r.collectionPath, 'primary', 'center'),
        image(r.picture('hero'), 'A bright studio room'),
        html('<h2>This week’s classes</h2>'),
        summary(r.collectionId, 'carousel', 6),
      ],
    },
    {
      key: 'about',
      title: 'The Studio',
      urlId: 'about',
      sections: [{ count: 2, width: 'normal', spacing: 'large' }],
      blocks: () => [
        html('<h2>A room full of light</h2><p>Eight teachers, twenty mats, and tea after every evening class.</p>'),
        accordion([
          ['I have never done yoga', 'Start with Foundations on Monday: no experience needed.'],
          ['What should I bring?', 'Comfortable clothes. We have everything else.'],
        ]),
      ],
    },
    {
      key: 'contact',
      title: 'Contact',
      urlId: 'contact',
      sections: [{ count: 2, width: 'normal', spacing: 'large', background: '#f3f0ff' }],
      blocks: () => [
        html('<h2>Come by</h2><p>4 Garden Lane, first floor. Reception opens 30 minutes before each class.</p>'),
        map('4 Garden Lane'),
      ],
    },
  ],
  collection: {
    kind: 'store',
    title: 'Classes',
    urlId: 'classes',
    items: [
      { title: 'Foundations (Monday 6pm)', excerpt: '<p>For complete beginners, 60 minutes.</p>', picture: 'mat', price: 1800 },
      { title: 'Slow Flow (Wednesday 7am)', excerpt: '<p>Wake up gently, 45 minutes.</p>', picture: 'hero', price: 1500 },
      { title: 'Restore & Tea (Sunday 5pm)', excerpt: '<p>Long holds, then tea.</p>', picture: 'tea', price: 2000 },
    ],
  },
};

const events: StartingDesign = {
  id: 'events',
  name: 'Festival',
  purpose: 'Events',
  description: 'Loud and dark: bold display headings, neon yellow on near-black, square buttons.',
  styles: {
    bodyFont: 'inter',
    headingFont: 'dm-serif-display',
    accent: '#fcc419',
    text: '#f1f3f5',
    background: '#141517',
    buttonShape: 'square',
    spacing: 'normal',
  },
  header: { alignment: 'left', sticky: true, showCart: false, backgroundColor: '#141517', textColor: '#fcc419' },
  footer: { text: 'Tickets at the door while they last · All ages', backgroundColor: '#fcc419', textColor: '#141517' },
  pictures: {
    stage: { motif: 'studio-kiln', palette: ['#141517', '#25262b', '#fcc419', '#f03e3e'], alt: 'A stage lit in yellow' },
    crowd: { motif: 'studio-threads', palette: ['#141517', '#373a40', '#fcc419', '#f03e3e'], alt: 'A crowd of lights' },
    night: { motif: 'studio-harbour', palette: ['#1a1b1e', '#25262b', '#fcc419', '#000000'], alt: 'The harbour at night' },
  },
  pages: [
    {
      key: 'home',
      title: 'Home',
      urlId: 'home',
      sections: [
        { count: 3, background: '#25262b', width: 'full', spacing: 'large' },
        { count: 2, width: 'wide', spacing: 'medium' },
      ],
      blocks: (r) => [
        html('<h1>Harbour Nights 2025</h1><p>Three nights of music on the water. Twenty bands, two stages, one summer.</p>'),
        button('See the line-up', r.collectionPath, 'primary'),
        image(r.picture('stage'), 'A stage lit in yellow'),
        spacer(24),
        summary(r.collectionId, 'list', 6),
      ],
    },
    {
      key: 'about',
      title: 'About',
      urlId: 'about',
      sections: [{ count: 2, width: 'wide', spacing: 'medium' }],
      blocks: (r) => [
        html('<h2>Run by volunteers since 2009</h2><p>Every ticket pays the bands and the harbour clean-up.</p>'),
        image(r.picture('crowd'), 'A crowd of lights'),
      ],
    },
    {
      key: 'contact',
      title: 'Info',
      urlId: 'contact',
      sections: [{ count: 2, width: 'wide', spacing: 'medium' }],
      blocks: () => [
        html('<h2>Getting here</h2><p>Pier 4. Last ferry home at 1am.</p>'),
        accordion([
          ['Can I bring food?', 'Yes, and there are twelve stalls on site.'],
          ['Is it accessible?', 'Both stages have step-free viewing platforms.'],
        ]),
      ],
    },
  ],
  collection: {
    kind: 'events',
    title: 'Line-up',
    urlId: 'lineup',
    items: [
      { title: 'Opening Night', excerpt: '<p>The Tide Callers and friends.</p>', picture: 'stage', inDays: 10 },
      { title: 'Jazz on the Pier', excerpt: '<p>A late set under the lights.</p>', picture: 'night', inDays: 11 },
      { title: 'Closing Party', excerpt: '<p>Everyone back on stage.</p>', picture: 'crowd', inDays: 12 },
    ],
  },
};

export const STARTING_DESIGNS: Readonly<Record<DesignId, StartingDesign>> = Object.freeze({
  shop,
  restaurant,
  portfolio,
  blog,
  studio,
  events,
});

/** The designs in the gallery's order. */
export const designList = (): StartingDesign[] => DESIGN_IDS.map((id) => STARTING_DESIGNS[id]);

/** The sections of a page of `blocks` blocks in this look: the last section takes what the others leave. */
export function sectionsFor(look: DesignPage['sections'], blocks: number): LayoutSection[] {
  const sections: LayoutSection[] = [];
  let left = blocks;
  look.forEach((section, index) => {
    const { count, ...rest } = section;
    const take = index === look.length - 1 ? left : Math.min(count, left);
    if (take <= 0 && index !== 0) return;
    sections.push({ id: `s${index + 1}`, blocks: take, ...rest });
    left -= take;
  });
  return sections;
}

/** Item bodies of the purpose collection (without their pictures' URLs, which the service fills). */
export function purposeItemBody(
  kind: PurposeKind,
  item: DesignItem,
  now: number,
  picture: Record<string, unknown>,
): Record<string, unknown> {
  switch (kind) {
    case 'store':
      return {
        recordType: RecordType.STORE_ITEM,
        title: item.title,
        excerpt: item.excerpt,
        ...(item.body ? { body: item.body } : {}),
        images: [picture],
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: [
            {
              sku: skuOf(item.title),
              attributes: {},
              priceMoney: { value: String(item.price ?? 1000), currency: 'USD' },
              qtyInStock: 20,
              unlimited: false,
            },
          ],
        },
      };
    case 'blog':
      return {
        recordType: RecordType.TEXT,
        title: item.title,
        excerpt: item.excerpt,
        body: item.body ?? item.excerpt,
        mainImage: picture,
        publishOn: new Date(now).toISOString(),
        commentState: 1,
      };
    case 'events': {
      const start = new Date(now + (item.inDays ?? 7) * 86_400_000);
      start.setUTCHours(19, 0, 0, 0);
      return {
        recordType: RecordType.EVENT,
        title: item.title,
        excerpt: item.excerpt,
        mainImage: picture,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      };
    }
    case 'gallery':
      return { recordType: RecordType.IMAGE, title: item.title, excerpt: item.excerpt, image: picture };
  }
}

const skuOf = (title: string): string =>
  title
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/** A slug made from a website's name: lower case, letters and digits joined by single hyphens. */
export function slugOfName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `site-${slug || 'new'}`.replace(/-+$/, '');
}
