// The page editor's preview route: a draft layout rendered through the same page service, renderer
// and theme as the public page, never stored; single blocks on their own; every block field escaped
// or cleaned; owners only. And content's page save refusing a change made from an older version.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { DEMO_CONTENT, OwnerMessages, Role, formatMessage, type Collection } from '@sc/contracts';
import { asFromGateway } from '@sc/platform/test-kit';
import { ownerCall, page, signedIn, SIGNING_KEY, startContent, startRender, type ContentKit } from './kit.js';

const PREVIEW = '/api/render/1.0/websites/demo/preview';
const HOME = DEMO_CONTENT.homeCollectionId;

let content: ContentKit;
let render: FastifyInstance;

// Migrating and seeding the demo website takes a while on a busy machine.
beforeAll(async () => {
  content = await startContent();
  render = await startRender(content);
}, 180_000);

afterAll(async () => {
  await render?.close();
  await content?.close();
});

function preview(body: unknown, roles: number[] | null = [Role.ADMIN]) {
  return render.inject({
    method: 'POST',
    url: PREVIEW,
    headers: asFromGateway({ 'x-website-id': 'demo', ...(roles ? signedIn('demo', { roles }) : {}) }, SIGNING_KEY),
    payload: body as never,
  });
}

const draft = {
  blocks: [
    { id: 'h1', type: 2, data: { variant: 'heading', text: 'Draft <b>heading</b>', level: 1 } },
    { id: 't1', type: 2, data: { html: '<p>Hello <a href="/shop">shop</a><img src=x onerror=alert(1)><script>alert(2)</script></p>' } },
    { id: 'b1', type: 53, data: { label: 'Buy "now"', link: 'javascript:alert(3)' } },
    { id: 'q1', type: 31, data: { text: '<svg onload=alert(4)>', source: 'Ann' } },
    { id: 'i1', type: 5, data: { src: 'javascript:alert(5)', alt: 'x" onerror="alert(6)' } },
  ],
  sections: [
    { id: 's1', blocks: 2, background: '#f4efe6', width: 'narrow' },
    { id: 's2', blocks: 3 },
  ],
};

describe('preview route', () => {
  it('renders a draft layout as the public page would, without storing it', async () => {
    const response = await preview({ collectionId: HOME, layout: draft });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.json<{ html: string }>().html;
    // The theme's whole page: header, the page's sections and blocks in order, footer.
    expect(html).toContain('<header class="site-header');
    expect(html).toContain('data-section-id="s1"');
    expect(html).toContain('--section-bg: #f4efe6;');
    expect(html).toContain('<h1 class="heading-block">Draft &lt;b&gt;heading&lt;/b&gt;</h1>');
    expect(html.indexOf('data-block-id="h1"')).toBeLessThan(html.indexOf('data-block-id="t1"'));
    expect(html).toContain('<a href="/shop">shop</a>');
    // Payloads: escaped, dropped or replaced, never live.
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=|<script>alert|javascript:/i);
    expect(html).toContain('&lt;svg onload=alert(4)&gt;');
    expect(html).toContain('<a class="button button-primary" href="#">Buy "now"</a>');
    // The public page still shows the stored layout.
    const stored = await page(render, '/');
    expect(stored.body).toContain('Made slowly on Fore Street');
    expect(stored.body).not.toContain('Draft &lt;b&gt;heading');
  });

  it('renders only the blocks asked for', async () => {
    const response = await preview({ collectionId: HOME, layout: draft, only: [2] });
    expect(response.statusCode).toBe(200);
    const { blocks, html } = response.json<{ blocks: Array<{ index: number; html: string }>; html?: string }>();
    expect(html).toBeUndefined();
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.index).toBe(2);
    expect(blocks[0]?.html).toMatch(
      /^<section class="block block-button[^"]*" data-block-type="53" data-block-index="2" data-block-id="b1">/,
    );
  });

  it('is for owners who may read content, of a page that exists', async () => {
    expect((await preview({ collectionId: HOME, layout: draft }, null)).statusCode).toBe(401);
    expect((await preview({ collectionId: HOME, layout: draft }, [Role.VIEWER])).statusCode).toBe(200);
    const missing = await preview({ collectionId: 'no-such-page', layout: draft });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { message: 'Unable to locate content' } });
  });

  it('refuses more than 60 blocks and sections that lose blocks', async () => {
    const many = { blocks: Array.from({ length: 61 }, () => ({ type: 21, data: {} })) };
    expect((await preview({ collectionId: HOME, layout: many })).statusCode).toBe(400);
    const lossy = { blocks: draft.blocks, sections: [{ id: 's1', blocks: 1 }] };
    expect((await preview({ collectionId: HOME, layout: lossy })).statusCode).toBe(400);
  });
});

describe('site styles', () => {
  const styles = {
    bodyFont: 'lora',
    headingFont: 'playfair-display',
    accent: { h: 200, s: 0.5, l: 0.4 },
    text: { r: 20, g: 30, b: 40 },
    background: '#fafafa',
    buttonShape: 'pill',
    spacing: 'airy',
  };

  it('previews draft styles: the fonts served here and the colours in the SPEC formats', async () => {
    const response = await preview({ collectionId: HOME, layout: draft, styles });
    expect(response.statusCode).toBe(200);
    const html = response.json<{ html: string }>().html;
    expect(html).toContain('<link rel="stylesheet" href="/_fonts/lora.css">');
    expect(html).toContain('<link rel="stylesheet" href="/_fonts/playfair-display.css">');
    expect(html).toContain('--font-body: "Lora", Georgia, serif;');
    expect(html).toContain('--accent: hsl(200 50% 40%);--text: rgb(20 30 40);--bg: #fafafa}');
    expect(html).toContain('--button-radius: 999px');
    // No font comes from another host.
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    const bad = await preview({ collectionId: HOME, layout: draft, styles: { ...styles, accent: { h: 400, s: 0.5, l: 0.5 } } });
    expect(bad.statusCode).toBe(400);
  });

  it('serves each font’s stylesheet and files, and nothing else', async () => {
    const css = await page(render, '/_fonts/lora.css');
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('src:url(/_fonts/files/lora-latin-700-normal.woff2) format("woff2")');
    const file = await page(render, '/_fonts/files/lora-latin-400-normal.woff2');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await page(render, '/_fonts/files/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await page(render, '/_fonts/comic-sans.css')).statusCode).toBe(404);
    const index = await page(render, '/_fonts/index.json');
    expect(index.json<{ fonts: Array<{ id: string }> }>().fonts.map((f) => f.id)).toContain('work-sans');
  });
});

describe('page save with a version', () => {
  it('refuses a save made from an older version and keeps the newer one', async () => {
    const url = `/api/content-service/1.0/websites/demo/collections/${DEMO_CONTENT.aboutCollectionId}`;
    const before = (await ownerCall(content, 'PUT', url, 'demo', {})).json<Collection>();
    const first = await ownerCall(content, 'PUT', url, 'demo', {
      layout: { blocks: [{ type: 2, data: { html: '<p>First owner</p>' } }] },
      baseUpdatedOn: before.updatedOn,
    });
    expect(first.statusCode).toBe(200);
    const second = await ownerCall(content, 'PUT', url, 'demo', {
      layout: { blocks: [{ type: 2, data: { html: '<p>Second owner</p>' } }] },
      baseUpdatedOn: before.updatedOn,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { message: formatMessage(OwnerMessages.editOneTagAtATime, { tagType: 'page' }) } });
    const after = (await ownerCall(content, 'PUT', url, 'demo', {})).json<Collection>();
    expect(after.layout?.blocks[0]?.data).toEqual({ html: '<p>First owner</p>' });
    // From the newer version, the save goes through.
    const third = await ownerCall(content, 'PUT', url, 'demo', {
      layout: { blocks: [{ type: 2, data: { html: '<p>Second owner</p>' } }] },
      baseUpdatedOn: after.updatedOn,
    });
    expect(third.statusCode).toBe(200);
  });
});
