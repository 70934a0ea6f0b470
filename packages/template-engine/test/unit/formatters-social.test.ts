import { describe, expect, it } from '@jest/globals';
import { out } from './helpers.js';

describe('social formatters', () => {
  it('like-button shows the like count', () => {
    expect(out('{i|site-like-button}', { i: { id: 'p1', likeCount: 3 } })).toBe(
      '<span class="sqs-simple-like" data-item-id="p1" data-like-count="3" data-island="like-button"><button type="button" class="like-toggle" aria-pressed="false"><span class="like-icon" aria-hidden="true"></span><span class="like-count">3</span><span class="like-label visually-hidden"> likes</span></button></span>',
    );
  });

  it('social-button and social-button-inline carry the item data', () => {
    const i = { systemDataId: 's1', assetUrl: 'https://x.test/a.jpg', recordType: 1, fullUrl: '/p', title: 'A "T"' };
    const attrs =
      'data-system-data-id="s1" data-asset-url="https://x.test/a.jpg" data-record-type="1" data-full-url="/p" data-title="A &quot;T&quot;"';
    expect(out('{i|site-social-button}', { i })).toBe(`<div class="squarespace-social-buttons button-style" ${attrs}></div>`);
    expect(out('{i|site-social-button-inline}', { i })).toBe(`<div class="squarespace-social-buttons inline-style" ${attrs}></div>`);
  });

  it('twitter-follow-button links the account and loads the widget script', () => {
    expect(out('{a|site-twitter-follow-button}', { a: { userName: '@site' } })).toBe(
      '<a href="https://twitter.com/site" class="twitter-follow-button" data-show-count="false">Follow @site</a><script async src="https://platform.twitter.com/widgets.js"></script>',
    );
    expect(out('{a|site-twitter-follow-button}', { a: {} })).toBe('');
  });
});
