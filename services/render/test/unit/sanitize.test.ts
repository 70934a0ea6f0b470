// Owner rich text: allowed tags and attributes kept, scripts and handlers removed, URLs checked,
// tags balanced.
import { describe, expect, it } from '@jest/globals';
import { sanitizeHtml } from '../../src/html/sanitize.js';

describe(sanitizeHtml.name, () => {
  it('keeps ordinary rich text as it is', () => {
    const html = '<h2>Care</h2><p>Wipe <strong>clean</strong> &amp; <em>re-wax</em>.</p><ul><li>One</li></ul><img src="https://x.test/a.jpg" alt="A">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and frames with their content, and event handlers and style attributes', () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red">Hi<script>alert(1)</script><style>p{}</style><iframe src="https://e.test"></iframe></p>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('a<SCRIPT type="x">b</SCRIPT>c')).toBe('ac');
  });

  it('removes unsafe URLs but keeps relative and http(s), mailto and tel links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java&#x09;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg>">')).toBe('<img>');
    expect(sanitizeHtml('<a href="/shop?a=1&amp;b=2">x</a><a href="mailto:a@b.test">m</a><a href="https://e.test/p:1">h</a>')).toBe(
      '<a href="/shop?a=1&amp;b=2">x</a><a href="mailto:a@b.test">m</a><a href="https://e.test/p:1">h</a>',
    );
  });

  it('adds rel to links opening a new window and drops other targets', () => {
    expect(sanitizeHtml('<a href="/x" target="_blank" rel="opener">x</a><a href="/y" target="_top">y</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a><a href="/y">y</a>',
    );
  });

  it('drops unknown tags (keeping their text), ids, comments, and escapes brackets that make no tag', () => {
    expect(sanitizeHtml('<custom-el id="product-form-data">t</custom-el><!-- note --><p id="x" class="lead">1 < 2 > 0</p>')).toBe('t<p class="lead">1 &lt; 2 &gt; 0</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)//')).toBe('&lt;img src=x onerror=alert(1)//');
  });

  it('balances tags so nothing swallows the rest of the page', () => {
    expect(sanitizeHtml('<div><p>open')).toBe('<div><p>open</p></div>');
    expect(sanitizeHtml('</div></main><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
  });
});
