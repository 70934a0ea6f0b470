// The one mail template: both parts from the same blocks, every value escaped in the HTML part,
// only http(s) links, and the site's colour only when it is a colour.
import { describe, expect, it } from '@jest/globals';
import { renderMail } from './template.js';

describe('renderMail', () => {
  const content = {
    subject: 'Order #7 <confirmed>',
    heading: 'Thanks, "Ada" & co',
    blocks: [
      { kind: 'paragraph' as const, text: 'Line one\nLine <two>' },
      {
        kind: 'table' as const,
        rows: [
          { label: 'Mug × 2', value: '$36.00' },
          { label: 'Total', value: '$36.00', strong: true },
        ],
      },
      { kind: 'button' as const, label: 'View order', url: 'https://shop.example.com/cart?view=status&order=7&token=abc' },
      { kind: 'button' as const, label: 'Evil', url: 'javascript:alert(1)' },
      { kind: 'code' as const, text: 'ABCD-EFGH' },
    ],
    footer: 'Why you got this',
  };

  it('makes the text part with the site name, rows aligned, the link written out and no unsafe link', () => {
    const { subject, text } = renderMail({ siteName: 'Harbour & Pine' }, content);
    expect(subject).toBe('Order #7 <confirmed>');
    expect(text).toBe(
      [
        'Harbour & Pine',
        '',
        'Thanks, "Ada" & co',
        '',
        'Line one',
        'Line <two>',
        '',
        'Mug × 2  $36.00',
        'Total    $36.00',
        '',
        'View order: https://shop.example.com/cart?view=status&order=7&token=abc',
        '',
        '    ABCD-EFGH',
        '',
        '--',
        'Why you got this',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('javascript:');
  });

  it('escapes every value in the HTML part and keeps only http(s) links, logo and colour', () => {
    const { html } = renderMail({ siteName: '<b>Harbour</b>', logoUrl: 'javascript:x', accentColour: 'red;background:url(x)' }, content);
    expect(html).toContain('&lt;b&gt;Harbour&lt;/b&gt;');
    expect(html).not.toContain('<b>Harbour</b>');
    expect(html).toContain('Thanks, &quot;Ada&quot; &amp; co');
    expect(html).toContain('Line one<br>Line &lt;two&gt;');
    expect(html).toContain('href="https://shop.example.com/cart?view=status&amp;order=7&amp;token=abc"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('url(x)');
    expect(html).toContain('#1a1a1a');
    const branded = renderMail({ siteName: 'H', logoUrl: 'https://cdn.example.com/logo.png', accentColour: '#0a7' }, content).html;
    expect(branded).toContain('<img src="https://cdn.example.com/logo.png" alt="H"');
    expect(branded).toContain('border-bottom:3px solid #0a7');
  });
});
