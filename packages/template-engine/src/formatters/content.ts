// Content formatters: item classes, comments, audio and video wrappers, colours and form-answer
// summaries. Each takes an item (or the piece of one named) and returns markup or text; user text
// is always escaped.
import type { FormatterFn } from '../context.js';
import { escapeAttr, escapeHtml, getPath, isObject, slugify, toNum, toNumber, toOutput } from '../values.js';
import { strftime } from './date.js';
import { fail, field, strField } from './util.js';

/** SPEC 3 record types by number, for `post-type-…` classes. */
const RECORD_TYPE_NAMES: Record<number, string> = {
  1: 'text',
  2: 'image',
  4: 'quote',
  5: 'link',
  7: 'audio',
  8: 'video',
  10: 'review',
  11: 'store-item',
  12: 'event',
  14: 'gallery',
  15: 'binary',
  16: 'css-asset',
  17: 'tweak-asset',
  18: 'digital-good',
  19: 'attachment',
  20: 'wordpress-export',
  21: 'json-export',
  30: 'site-search',
  31: 'active-time',
  50: 'tweet',
  52: 'checkin',
  54: 'kbarticle',
  62: 'lesson',
};

/** SPEC 9 Likert answer labels for -2 … 2. */
export const LIKERT_LABELS: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};
/** SPEC 9: an unanswered form field shows this. */
export const UNANSWERED = 'N/A';

/** 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(item: unknown): string {
  const n = toNumber(field(item, 'publicCommentCount'));
  if (!Number.isFinite(n) || n <= 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => toOutput(x)).filter((s) => s !== '') : [];
}

/** The colour's 24-bit value from '#rgb' or '#rrggbb' (SPEC: 3 to 6 hex characters). */
function rgbValue(v: unknown): number | null {
  const s = toOutput(v).trim().replace(/^#/, '');
  if (!/^[0-9a-fA-F]{3,6}$/.test(s)) return null;
  const full =
    s.length === 3
      ? s
          .split('')
          .map((ch) => ch + ch)
          .join('')
      : s.padStart(6, '0');
  return parseInt(full, 16);
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function answerText(f: Record<string, unknown>): string {
  const type = toOutput(f.type);
  const value = f.values ?? f.value;
  switch (type) {
    case 'address':
    case 'checkbox':
      return strings(value).join(', ');
    case 'name':
      return strings(value).join(' ');
    case 'phone':
      return strings(value).join('-');
    case 'date': {
      const [m, d, y] = Array.isArray(value) ? value.map((x) => toOutput(x)) : [];
      return m && d && y ? `${m}/${d}/${y}` : '';
    }
    case 'time': {
      const [h, min, sec, ampm] = Array.isArray(value) ? value.map((x) => toOutput(x)) : [];
      if (!h || !min) return '';
      return `${h}:${min.padStart(2, '0')}${sec ? `:${sec.padStart(2, '0')}` : ''}${ampm ? ` ${ampm}` : ''}`;
    }
    case 'likert':
      if (!isObject(value)) return '';
      return Object.entries(value)
        .map(([q, a]) => `${q}: ${LIKERT_LABELS[toOutput(a)] ?? toOutput(a)}`)
        .join(', ');
    default:
      return Array.isArray(value) ? strings(value).join(', ') : toOutput(value);
  }
}

/** Two decimals at most, as the reference writes a colour's parts. */
const twoPlaces = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * A colour tweak's value `{hue, saturation, lightness[, alpha]}` (saturation, lightness and alpha
 * 0-1) written as the reference does: 'hsl(120, 50%, 50%)', 'hsla(30, 20%, 90%, 0.5)'.
 */
function hslObject(v: Record<string, unknown>): string {
  if (v.hue === undefined || v.saturation === undefined || v.lightness === undefined) fail('Missing an H/S/L value.');
  const [h, sat, l] = [toNum(v.hue), toNum(v.saturation), toNum(v.lightness)];
  if (h < 0 || h > 360) fail('Hue out of bounds.');
  if (sat < 0 || sat > 1) fail('Saturation out of bounds.');
  if (l < 0 || l > 1) fail('Lightness out of bounds.');
  const body = `${twoPlaces(h)}, ${twoPlaces(sat * 100)}%, ${twoPlaces(l * 100)}%`;
  if (v.alpha === undefined) return `hsl(${body})`;
  const a = toNum(v.alpha);
  if (a < 0 || a > 1) fail('Alpha out of bounds.');
  return `hsla(${body}, ${twoPlaces(a)})`;
}

export const contentFormatters: Record<string, FormatterFn> = {
  /** Classes for an item's wrapper: hentry, category-*, tag-*, author-*, post-type-*, featured, article-index-N. */
  'item-classes': (v, _call, c) => {
    if (!isObject(v)) return '';
    const classes = ['hentry'];
    for (const cat of strings(v.categories)) classes.push(`category-${slugify(cat)}`);
    for (const tag of strings(v.tags)) classes.push(`tag-${slugify(tag)}`);
    const author = toOutput(getPath(v, ['author', 'displayName']));
    if (author !== '') classes.push(`author-${slugify(author)}`);
    const type = RECORD_TYPE_NAMES[toNumber(v.recordType)];
    if (type) classes.push(`post-type-${type}`);
    if (v.starred === true) classes.push('featured');
    const i = c.index0();
    if (i >= 0) classes.push(`article-index-${i + 1}`);
    return classes.join(' ');
  },
  /** 'No Comments' / '1 Comment' / 'N Comments'. */
  'comment-count': (v) => commentCountText(v),
  /** Link to an item's comments with its count. */
  'comment-link': (v) => {
    const id = escapeAttr(strField(v, 'id'));
    return `<a href="${escapeAttr(strField(v, 'fullUrl'))}#comments-${id}" class="sqs-comment-link" data-id="${id}">${commentCountText(v)}</a>`;
  },
  /**
   * The comment area of an item: its approved comments as the page context gives them
   * (`publicComments`, oldest first), each author's name and text escaped, and — when the item
   * takes new comments (`commentsOpen`) — the mount of the comment form island. Without a thread
   * in the context it is the bare mount the comments widget fills in.
   */
  comments: (v, _call, c) => {
    const id = escapeAttr(strField(v, 'id'));
    const n = toNumber(field(v, 'publicCommentCount'));
    const count = Number.isFinite(n) ? n : 0;
    const thread = field(v, 'publicComments');
    const attrs = `class="squarespace-comments" id="comments-${id}" data-item-id="${id}" data-public-comment-count="${count}"`;
    if (!Array.isArray(thread)) return `<div ${attrs}></div>`;
    const open = field(v, 'commentsOpen') === true;
    const entries = thread
      .filter(isObject)
      .map((comment) => {
        const at = toNumber(comment.createdOn);
        const when = Number.isFinite(at)
          ? ` <time datetime="${new Date(at).toISOString()}">${escapeHtml(strftime(at, '%B %e, %Y', c.env.timeZone))}</time>`
          : '';
        const site = comment.fromSite === true ? ' <span class="comment-badge">Author</span>' : '';
        const text = escapeHtml(toOutput(comment.body)).replace(/\r\n|\r|\n/g, '<br>');
        return `<li class="comment" id="comment-${escapeAttr(toOutput(comment.id))}"><p class="comment-meta"><span class="comment-author">${escapeHtml(toOutput(comment.authorName))}</span>${site}${when}</p><div class="comment-body">${text}</div></li>`;
      })
      .join('');
    const list = entries === '' ? '' : `<ol class="comment-list">${entries}</ol>`;
    const form = open
      ? `<div class="comment-form-mount" data-island="comments" data-item-id="${id}"><p class="noscript-note">Turn on JavaScript to leave a comment.</p></div>`
      : '';
    return `<section ${attrs} data-comments-open="${open}"><h2 class="comments-title">${commentCountText(v)}</h2>${list}${form}</section>`;
  },
  /** An audio item's player element and its script. */
  'audio-player': (v) => {
    if (!isObject(v)) return '';
    const id = escapeAttr(strField(v, 'id'));
    const url = toOutput(getPath(v, ['structuredContent', 'audioAssetUrl']) ?? v.audioAssetUrl);
    const title = escapeAttr(strField(v, 'title'));
    const author = escapeAttr(toOutput(getPath(v, ['author', 'displayName'])));
    return `<div class="squarespace-audio-player" id="audio-player-${id}" data-item-id="${id}" data-audio-asset-url="${escapeAttr(url)}" data-title="${title}" data-author="${author}"></div><script async src="/assets/audio-player.js"></script>`;
  },
  /** A video wrapper holding the provider's embed HTML for the front end to load. */
  video: (v, call) => {
    const oembed = getPath(v, ['oembed']) ?? getPath(v, ['structuredContent', 'oembed']) ?? v;
    if (!isObject(oembed)) return '';
    const html = strField(oembed, 'html');
    const provider = strField(oembed, 'providerName');
    const load = call.args.includes('load-false') ? ' data-load="false"' : '';
    return `<div class="sqs-video-wrapper" data-provider-name="${escapeAttr(provider)}" data-html="${escapeAttr(html)}"${load}></div>`;
  },
  /** 'light' when a colour is above half the 24-bit range, else 'dark' (SPEC 9). */
  'color-weight': (v) => {
    const n = rgbValue(v);
    return n === null ? '' : n > 0xffffff / 2 ? 'light' : 'dark';
  },
  /**
   * A website colour value normalised to '#rrggbb': hex (3 to 6 characters) or hsl()/hsla() with
   * hue 0-360 and saturation, lightness, alpha 0-1, checked with the SPEC 5 messages.
   */
  'website-color': (v) => {
    if (isObject(v)) return hslObject(v);
    const s = toOutput(v).trim();
    const n = rgbValue(s);
    if (n !== null) return `#${n.toString(16).padStart(6, '0')}`;
    const m = /^hsla?\(([^)]*)\)$/i.exec(s);
    if (!m) return '';
    const parts = (m[1] ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '')
      .map(Number);
    const [h, sat, l, a] = parts;
    if (h === undefined || sat === undefined || l === undefined || parts.some(Number.isNaN)) fail('Missing an H/S/L value.');
    if (h < 0 || h > 360) fail('Hue out of bounds.');
    if (sat < 0 || sat > 1) fail('Saturation out of bounds.');
    if (l < 0 || l > 1) fail('Lightness out of bounds.');
    if (a !== undefined && (a < 0 || a > 1)) fail('Alpha out of bounds.');
    return hslToHex(h, sat, l);
  },
  /** One answered form field for a summary: title and answer ('N/A' when unanswered). */
  'summary-form-field': (v) => {
    if (!isObject(v)) return '';
    const answer = answerText(v).trim();
    return `<div class="summary-form-field"><span class="title">${escapeHtml(strField(v, 'title'))}</span>: <span class="value">${escapeHtml(answer === '' ? UNANSWERED : answer)}</span></div>`;
  },
};
