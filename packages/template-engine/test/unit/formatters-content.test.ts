import { describe, expect, it } from '@jest/globals';
import { messages, out } from './helpers.js';

describe('content formatters', () => {
  it('item-classes lists hentry, categories, tags, author, post type, featured and index', () => {
    const item = { categories: ['Big News'], tags: ['a b'], author: { displayName: 'Ann Lee' }, recordType: 1, starred: true };
    expect(out('{.repeated section items}{@|site-item-classes}{.end}', { items: [item] })).toBe(
      'hentry category-big-news tag-a-b author-ann-lee post-type-text featured article-index-1',
    );
  });

  it('comment-count, comment-link and comments', () => {
    expect(
      out('{a|comment-count}|{b|comment-count}|{c|comment-count}', { a: {}, b: { publicCommentCount: 1 }, c: { publicCommentCount: 4 } }),
    ).toBe('No Comments|1 Comment|4 Comments');
    expect(out('{i|site-comment-link}', { i: { id: 'p1', fullUrl: '/blog/p1', publicCommentCount: 2 } })).toBe(
      '<a href="/blog/p1#comments-p1" class="sqs-comment-link" data-id="p1">2 Comments</a>',
    );
    expect(out('{i|site-comments}', { i: { id: 'p1', publicCommentCount: 2 } })).toBe(
      '<div class="squarespace-comments" id="comments-p1" data-item-id="p1" data-public-comment-count="2"></div>',
    );
  });

  it('comments shows the thread it is given, escaped, and the form mount while the item takes comments', () => {
    const thread = [
      { id: 'c1', authorName: '<b>Ada</b>', body: 'Nice\n<script>x</script>', fromSite: false, createdOn: Date.UTC(2024, 4, 2, 12) },
      { id: 'c2', authorName: 'Studio', body: 'Thanks!', fromSite: true, createdOn: Date.UTC(2024, 4, 3, 12) },
    ];
    const html = out('{i|site-comments}', { i: { id: 'p1', publicCommentCount: 2, publicComments: thread, commentsOpen: true } });
    expect(html).toBe(
      '<section class="squarespace-comments" id="comments-p1" data-item-id="p1" data-public-comment-count="2" data-comments-open="true"><h2 class="comments-title">2 Comments</h2>' +
        '<ol class="comment-list"><li class="comment" id="comment-c1"><p class="comment-meta"><span class="comment-author">&lt;b&gt;Ada&lt;/b&gt;</span> <time datetime="2024-05-02T12:00:00.000Z">May  2, 2024</time></p><div class="comment-body">Nice<br>&lt;script&gt;x&lt;/script&gt;</div></li>' +
        '<li class="comment" id="comment-c2"><p class="comment-meta"><span class="comment-author">Studio</span> <span class="comment-badge">Author</span> <time datetime="2024-05-03T12:00:00.000Z">May  3, 2024</time></p><div class="comment-body">Thanks!</div></li></ol>' +
        '<div class="comment-form-mount" data-island="comments" data-item-id="p1"><p class="noscript-note">Turn on JavaScript to leave a comment.</p></div></section>',
    );
    const closed = out('{i|site-comments}', { i: { id: 'p1', publicCommentCount: 0, publicComments: [], commentsOpen: false } });
    expect(closed).toBe(
      '<section class="squarespace-comments" id="comments-p1" data-item-id="p1" data-public-comment-count="0" data-comments-open="false"><h2 class="comments-title">No Comments</h2></section>',
    );
  });

  it('audio-player renders the player element and script', () => {
    expect(
      out('{i|site-audio-player}', {
        i: { id: 'a1', title: 'Song', author: { displayName: 'Me' }, structuredContent: { audioAssetUrl: 'https://x.test/a.mp3' } },
      }),
    ).toBe(
      '<div class="squarespace-audio-player" id="audio-player-a1" data-item-id="a1" data-audio-asset-url="https://x.test/a.mp3" data-title="Song" data-author="Me"></div><script async src="/assets/audio-player.js"></script>',
    );
  });

  it('video wraps the provider embed', () => {
    expect(out('{i|site-video load-false}', { i: { oembed: { html: '<iframe src="v"></iframe>', providerName: 'YouTube' } } })).toBe(
      '<div class="sqs-video-wrapper" data-provider-name="YouTube" data-html="&lt;iframe src=&quot;v&quot;&gt;&lt;/iframe&gt;" data-load="false"></div>',
    );
  });

  it('color-weight: light above half the 24-bit range', () => {
    expect(
      out('{a|color-weight} {b|color-weight} {c|color-weight} {d|color-weight}', { a: '#ffffff', b: '#000', c: '808080', d: '7fffff' }),
    ).toBe('light dark light dark');
  });

  it('website-color normalises hex and hsl colours, checking bounds', () => {
    expect(
      out('{a|website-color} {b|website-color} {c|website-color}', { a: '#ABC', b: 'hsl(0, 1, 0.5)', c: 'hsla(120, 1, 0.25, 0.5)' }),
    ).toBe('#aabbcc #ff0000 #008000');
    expect(messages('{a|website-color}', { a: 'hsl(400, 1, 0.5)' })).toEqual(['Hue out of bounds.']);
    expect(messages('{a|website-color}', { a: 'hsl(10, 2, 0.5)' })).toEqual(['Saturation out of bounds.']);
    expect(messages('{a|website-color}', { a: 'hsl(10, 1, 1.5)' })).toEqual(['Lightness out of bounds.']);
    expect(messages('{a|website-color}', { a: 'hsla(10, 1, 0.5, 2)' })).toEqual(['Alpha out of bounds.']);
    expect(messages('{a|website-color}', { a: 'hsl(10, 1)' })).toEqual(['Missing an H/S/L value.']);
  });

  it('summary-form-field formats each answer type, N/A when unanswered', () => {
    const f = (field: unknown) => out('{f|site-summary-form-field}', { f: field });
    const wrap = (title: string, value: string) =>
      `<div class="summary-form-field"><span class="title">${title}</span>: <span class="value">${value}</span></div>`;
    expect(f({ title: 'Name', type: 'name', values: ['Ann', 'Lee'] })).toBe(wrap('Name', 'Ann Lee'));
    expect(f({ title: 'Addr', type: 'address', values: ['1 Main', 'NYC'] })).toBe(wrap('Addr', '1 Main, NYC'));
    expect(f({ title: 'Phone', type: 'phone', values: ['', '555', '123', '4567'] })).toBe(wrap('Phone', '555-123-4567'));
    expect(f({ title: 'Date', type: 'date', values: ['3', '10', '2024'] })).toBe(wrap('Date', '3/10/2024'));
    expect(f({ title: 'Time', type: 'time', values: ['9', '5', '', 'AM'] })).toBe(wrap('Time', '9:05 AM'));
    expect(f({ title: 'Pick', type: 'checkbox', values: ['a', 'b'] })).toBe(wrap('Pick', 'a, b'));
    expect(f({ title: 'Rate', type: 'likert', values: { Speed: -2, Taste: 1 } })).toBe(
      wrap('Rate', 'Speed: Strongly Disagree, Taste: Agree'),
    );
    expect(f({ title: 'Note <b>', type: 'text', value: '' })).toBe(wrap('Note &lt;b&gt;', 'N/A'));
  });
});
