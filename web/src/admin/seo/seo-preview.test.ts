// The SEO panel's previews: the owner's fields first, then the page's own title, excerpt, text and
// picture, cut where search results cut.
import { describe, expect, it } from '@jest/globals';
import { cut, parseRedirects, previewOf, redirectLines, SEARCH_TITLE_MAX } from './seo-preview.js';

const page = {
  title: 'Merino Wool Throw',
  excerpt: '<p>Soft &amp; warm.</p>',
  body: '<p>Long text</p>',
  image: '/img/a.jpg',
  path: '/shop/merino-wool-throw',
  siteTitle: 'Harbour & Pine',
  origin: 'https://harbour.example',
};

describe('SEO previews', () => {
  it('falls back to the page title with the site name, the excerpt and the first picture', () => {
    expect(previewOf({}, page)).toEqual({
      title: 'Merino Wool Throw — Harbour & Pine',
      description: 'Soft & warm.',
      url: 'https://harbour.example/shop/merino-wool-throw',
      host: 'harbour.example',
      image: '/img/a.jpg',
    });
    expect(previewOf({}, { ...page, excerpt: '' }).description).toBe('Long text');
  });

  it("shows the owner's fields when set, and cuts long titles at a word", () => {
    expect(previewOf({ title: 'Throws', description: 'Ours', socialImage: 'https://cdn.example/s.jpg' }, page)).toMatchObject({
      title: 'Throws',
      description: 'Ours',
      image: 'https://cdn.example/s.jpg',
    });
    const long = cut('A very long product title that goes on and on past what any search result shows', SEARCH_TITLE_MAX);
    expect(long.length).toBeLessThanOrEqual(SEARCH_TITLE_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads redirects one a line, the status 301 unless 302 is written, and names the first line that is not one', () => {
    const parsed = parseRedirects('/old/* -> /new/*\n\n  /blog/[post] -> /journal/[post] 302 \n');
    expect(parsed).toEqual({
      rules: [
        { from: '/old/*', to: '/new/*', status: 301 },
        { from: '/blog/[post]', to: '/journal/[post]', status: 302 },
      ],
    });
    expect(redirectLines('rules' in parsed ? parsed.rules : [])).toBe('/old/* -> /new/* 301\n/blog/[post] -> /journal/[post] 302');
    expect(parseRedirects('/a -> /b\n/c /d')).toEqual({ badLine: 2 });
  });
});
