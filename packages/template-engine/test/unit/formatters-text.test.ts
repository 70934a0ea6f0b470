import { describe, expect, it } from '@jest/globals';
import { out } from './helpers.js';

describe('text formatters', () => {
  it('html escapes <, > and &', () => {
    expect(out('{s|html}', { s: '<a href="x">&</a>' })).toBe('&lt;a href="x"&gt;&amp;&lt;/a&gt;');
  });

  it('htmlattr and htmltag also escape double quotes', () => {
    expect(out('{s|htmlattr}|{s|htmltag}', { s: '"<&>"' })).toBe('&quot;&lt;&amp;&gt;&quot;|&quot;&lt;&amp;&gt;&quot;');
  });

  it('safe strips tags', () => {
    expect(out('{s|safe}', { s: '<p>Hi <b>there</b></p>' })).toBe('Hi there');
  });

  it('url-encode, encode-uri, encode-uri-component', () => {
    expect(out('{s|url-encode}', { s: 'Test Example' })).toBe('Test%20Example');
    expect(out('{s|encode-uri}|{s|encode-uri-component}', { s: 'a b/c?d=é' })).toBe('a%20b/c?d=%C3%A9|a%20b%2Fc%3Fd%3D%C3%A9');
  });

  it('encode-space', () => {
    expect(out('{s|encode-space}', { s: 'a b c' })).toBe('a&nbsp;b&nbsp;c');
  });

  it('activate-twitter-links links URLs, @names and #tags', () => {
    expect(out('{s|activate-twitter-links}', { s: 'see https://x.test/a @bob #fun' })).toBe(
      'see <a target="new" href="https://x.test/a">https://x.test/a</a> <a target="new" href="https://twitter.com/bob/">@bob</a> <a target="new" href="https://twitter.com/hashtag/fun?src=hash">#fun</a>',
    );
  });
});
