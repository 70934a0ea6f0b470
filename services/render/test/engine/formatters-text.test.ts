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

  it('slugify makes a url slug', () => {
    expect(out('{s|slugify}', { s: 'Test Example' })).toBe('test-example');
    expect(out('{s|slugify}', { s: "  Hello, World! It's  me " })).toBe('hello-world-its-me');
    // Underscores are word characters in the documented rule: kept, not made hyphens.
    expect(out('{s|slugify}', { s: 'Snake_Case Name' })).toBe('snake_case-name');
  });

  it('url-encode, encode-uri, encode-uri-component', () => {
    expect(out('{s|url-encode}', { s: 'Test Example' })).toBe('Test%20Example');
    expect(out('{s|encode-uri}|{s|encode-uri-component}', { s: 'a b/c?d=é' })).toBe('a%20b/c?d=%C3%A9|a%20b%2Fc%3Fd%3D%C3%A9');
  });

  it('encode-space', () => {
    expect(out('{s|encode-space}', { s: 'a b c' })).toBe('a&nbsp;b&nbsp;c');
  });

  it('capitalize upper-cases the first letter', () => {
    expect(out('{s|capitalize}', { s: 'hello world' })).toBe('Hello world');
  });

  it('line-breaks turns newlines into <br>', () => {
    expect(out('{s|line-breaks}', { s: 'a\nb\r\nc' })).toBe('a<br>b<br>c');
  });

  it('truncate defaults to 100 characters and "...", keeping whole words', () => {
    const long = 'word '.repeat(30).trim();
    expect(out('{s|truncate}', { s: long })).toBe(`${'word '.repeat(20).trim()}...`);
    expect(out('{s|truncate 9}', { s: 'hello there world' })).toBe('hello...');
    expect(out('{s|truncate 11 …}', { s: 'hello there world' })).toBe('hello there…');
    expect(out('{s|truncate 50}', { s: 'short' })).toBe('short');
  });

  it('smartypants turns quotes, dashes and ellipses into entities, leaving tags alone', () => {
    expect(out('{s|smartypants}', { s: '"Hi" it\'s -- wait... <a href="x">\'q\'</a>' })).toBe(
      '&#8220;Hi&#8221; it&#8217;s &#8212; wait&#8230; <a href="x">&#8216;q&#8217;</a>',
    );
  });

  it('activate-twitter-links links URLs, @names and #tags', () => {
    expect(out('{s|activate-twitter-links}', { s: 'see https://x.test/a @bob #fun' })).toBe(
      'see <a target="_blank" href="https://x.test/a">https://x.test/a</a> <a target="_blank" href="https://twitter.com/bob">@bob</a> <a target="_blank" href="https://twitter.com/search?q=%23fun">#fun</a>',
    );
  });
});
