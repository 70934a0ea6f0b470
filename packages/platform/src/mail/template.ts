// One template for every mail a site sends: the HTML part and the plain-text part are made from
// the same blocks, with the site's name, logo and colour. Every value is escaped in the HTML part;
// links are only ever http(s).

export interface MailBrand {
  siteName: string;
  logoUrl?: string | null;
  /** The site's accent colour (#rgb or #rrggbb); other values fall back to the default. */
  accentColour?: string | null;
}

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label/value rows (order lines, totals); `strong` rows are set in bold. */
  | { kind: 'table'; rows: Array<{ label: string; value: string; strong?: boolean }> }
  | { kind: 'button'; label: string; url: string }
  /** A value the reader copies, such as a gift card code. */
  | { kind: 'code'; text: string };

export interface MailContent {
  subject: string;
  /** The first line, shown large. */
  heading: string;
  blocks: MailBlock[];
  /** Why the reader got this mail. */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const DEFAULT_ACCENT = '#1a1a1a';

/** HTML-escapes text (element content and double-quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const safeUrl = (url: string): string | null => (/^https?:\/\//i.test(url) && URL.canParse(url) ? url : null);
const colour = (value: string | null | undefined): string =>
  value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : DEFAULT_ACCENT;

function textOf(brand: MailBrand, content: MailContent): string {
  const width = Math.max(0, ...content.blocks.flatMap((b) => (b.kind === 'table' ? b.rows.map((r) => r.label.length) : [])));
  const parts = [brand.siteName, '', content.heading, ''];
  for (const block of content.blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text, '');
        break;
      case 'table':
        for (const row of block.rows) parts.push(`${row.label.padEnd(width)}  ${row.value}`);
        parts.push('');
        break;
      case 'button':
        if (safeUrl(block.url)) parts.push(`${block.label}: ${block.url}`, '');
        break;
      case 'code':
        parts.push(`    ${block.text}`, '');
        break;
      default: {
        const never: never = block;
        throw new Error(`unknown block ${String(never)}`);
      }
    }
  }
  if (content.footer) parts.push('--', content.footer);
  return `${parts.join('\n').trimEnd()}\n`;
}

function htmlOf(brand: MailBrand, content: MailContent): string {
  const accent = colour(brand.accentColour);
  const logo = brand.logoUrl ? safeUrl(brand.logoUrl) : null;
  const blocks = content.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return `<p style="margin:0 0 16px">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
      case 'table':
        return `<table role="presentation" width="100%" cellpadding="4" style="border-collapse:collapse;margin:0 0 16px">${block.rows
          .map((r) => {
            const weight = r.strong ? 'font-weight:bold;' : '';
            return `<tr><td style="${weight}border-bottom:1px solid #eee">${escapeHtml(r.label)}</td><td align="right" style="${weight}border-bottom:1px solid #eee">${escapeHtml(r.value)}</td></tr>`;
          })
          .join('')}</table>`;
      case 'button': {
        const url = safeUrl(block.url);
        return url
          ? `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="background:${accent};color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px;display:inline-block">${escapeHtml(block.label)}</a></p>`
          : '';
      }
      case 'code':
        return `<p style="margin:0 0 16px;font-family:monospace;font-size:20px;letter-spacing:2px">${escapeHtml(block.text)}</p>`;
      default: {
        const never: never = block;
        throw new Error(`unknown block ${String(never)}`);
      }
    }
  });
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(brand.siteName)}" style="max-height:48px">`
    : `<strong style="font-size:18px;color:${accent}">${escapeHtml(brand.siteName)}</strong>`;
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;background:#f6f6f6;font-family:Helvetica,Arial,sans-serif;color:#222">',
    '<table role="presentation" width="100%"><tr><td align="center" style="padding:24px">',
    '<table role="presentation" width="560" style="background:#fff;padding:24px;border-radius:6px">',
    `<tr><td style="border-bottom:3px solid ${accent};padding-bottom:12px">${header}</td></tr>`,
    `<tr><td style="padding-top:16px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${blocks.join('')}</td></tr>`,
    content.footer ? `<tr><td style="color:#888;font-size:12px;padding-top:16px">${escapeHtml(content.footer)}</td></tr>` : '',
    '</table></td></tr></table></body></html>',
  ].join('');
}

/** The mail's subject and both parts, from one set of blocks. */
export function renderMail(brand: MailBrand, content: MailContent): RenderedMail {
  return { subject: content.subject, text: textOf(brand, content), html: htmlOf(brand, content) };
}
