// Social and content markup as the reference engine renders it (measured with the oracle, see
// test/conformance/social and content): the classic templates' comment link and comment mount,
// the follow button and audio player that load Squarespace's YUI modules, the video wrapper and
// the item classes. Attribute values are escaped (the reference writes some raw; README
// "Deliberate divergences"). The default theme keeps its own markup under the `site-` names.
import type { Ctx, FormatterFn } from '../context.js';
import { isOnSale, isSoldOut } from '../commerce.js';
import { escapeAttr, escapeHtml, getPath, isObject, isTruthy, slugify, toOutput } from '../values.js';
import { LIKERT_LABELS, UNANSWERED } from './content.js';

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";
const AUDIO_SCRIPT = "<script>Y.use('squarespace-audio-player-frontend');</script>";
/** recordType of a store item. */
const STORE_ITEM = 11;

const attr = (v: unknown): string => escapeAttr(toOutput(v));

/** A name looked up with the value as the innermost frame (then the caller's frames), as the reference's formatter markup does. */
function lookupFrom(c: Ctx, v: unknown, name: string): unknown {
  c.push(v);
  try {
    return c.lookup(name);
  } finally {
    c.pop();
  }
}

/** Comments are Disqus's when the website names a Disqus shortname. */
const disqus = (v: unknown, c: Ctx): boolean => isTruthy(lookupFrom(c, v, 'websiteSettings.disqusShortname'));

function shareButtons(v: unknown, website: unknown, style: string, tag: string): string {
  const options = getPath(website, ['shareButtonOptions']);
  if (!isObject(v) || !isObject(options) || !isTruthy(options)) return '';
  // The item's image: its systemDataId, else its mainImageId.
  const image = isTruthy(v.systemDataId) ? v.systemDataId : v.mainImageId;
  return `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${attr(image)}" data-asset-url="${attr(v.assetUrl)}" data-record-type="${attr(v.recordType)}" data-full-url="${attr(v.fullUrl)}" data-title="${attr(v.title)}"></${tag}>`;
}

function twitterLinks(s: string): string {
  return s.replace(/(https?:\/\/\S+)|@(\w+)|#(\w+)/g, (m, url?: string, user?: string, tag?: string) => {
    if (url !== undefined) return `<a target="new" href="${url}">${url}</a>`;
    if (user !== undefined) return `<a target="new" href="https://twitter.com/${user}/">@${user}</a>`;
    if (tag !== undefined) return `<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`;
    return m;
  });
}

function words(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => toOutput(x)) : [];
}

/** The answer of one form field, as HTML (text escaped: form answers are visitors' input). */
function formAnswer(f: Record<string, unknown>): string {
  const values = isObject(f.values) ? f.values : {};
  const part = (k: string, fallback = ''): string => {
    const s = toOutput(values[k]);
    return escapeHtml(s === '' ? fallback : s);
  };
  switch (f.type) {
    case 'name':
      return `${part('First')} ${part('Last')}`;
    case 'address': {
      const line2 = part('Line2');
      return `<div style="padding-left:5px;">\n  <div>${part('Line1')}</div>\n${line2 === '' ? '' : `  <div>${line2}</div>\n`}  <div>${part('City')}, ${part('State')} ${part('Zip')} ${part('Country')}</div>\n</div>`;
    }
    case 'date':
      return `${part('Month')}/${part('Day')}/${part('Year')}`;
    case 'phone': {
      const country = part('Country');
      return `${country === '' ? '' : `+${country} `}${part('Areacode')}-${part('Prefix')}-${part('Line')}`;
    }
    case 'time':
      return `${part('Hour', '00')}:${part('Minute', '00')}:${part('Second', '00')} ${part('Ampm')}`;
    case 'likert': {
      if (!isObject(f.values)) break;
      const rows = Object.entries(f.values).map(
        ([q, a]) =>
          `  <div><span style="font-weight:bold;">${escapeHtml(q)}:</span> ${LIKERT_LABELS[toOutput(a)] ?? LIKERT_LABELS['0']}</div>\n`,
      );
      return `<div style="padding-left:5px;">\n${rows.join('')}</div>`;
    }
    case 'checkbox':
      if (f.values !== undefined) return `${Array.isArray(f.values) ? escapeHtml(f.values.map((x) => toOutput(x)).join(', ')) : ''}\n`;
      if (f.value !== undefined && f.value !== '') return escapeHtml(toOutput(f.value));
      break;
    default:
      if ((typeof f.value === 'string' && f.value !== '') || typeof f.value === 'number') return escapeHtml(String(f.value));
  }
  return UNANSWERED;
}

export const referenceSocialFormatters: Record<string, FormatterFn> = {
  'comment-link': (v, _call, c) => {
    const item = isObject(v) ? v : {};
    const id = attr(item.id);
    if (disqus(v, c)) return `\n  <a href="${attr(item.fullUrl)}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
    const n = item.publicCommentCount;
    const count = n === 0 ? 'No' : toOutput(n);
    const noun = n === 1 ? 'Comment' : 'Comments';
    return `\n  <a href="${attr(item.fullUrl)}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${count}\n  ${noun}\n  </a>\n`;
  },
  comments: (v, _call, c) => {
    if (disqus(v, c)) return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
    const item = isObject(v) ? v : {};
    // The data attributes describe `item` as seen from the value (its own, else the page's item).
    // ... or, without one, the collection in scope.
    const page = lookupFrom(c, v, 'item');
    const coll = isTruthy(page) ? undefined : lookupFrom(c, v, 'collection');
    const counts = (o: unknown): string =>
      ` data-public-comment-count="${attr(getPath(o, ['publicCommentCount']))}" data-comment-state="${attr(getPath(o, ['commentState']))}"`;
    const state = isTruthy(page)
      ? ` data-item-id="${attr(getPath(page, ['id']))}"${counts(page)}`
      : isTruthy(coll)
        ? ` data-collection-id="${attr(getPath(coll, ['id']))}"${counts(coll)}`
        : '';
    return `\n  <div class="squarespace-comments" id="comments-${attr(item.id)}"${state}></div>\n`;
  },
  /** The like button, when the website has simple liking on. */
  'like-button': (v, _call, c) => {
    if (v === undefined || !isTruthy(lookupFrom(c, v, 'websiteSettings.simpleLikingEnabled'))) return '';
    return `\n  <span class="sqs-simple-like" data-item-id="${attr(getPath(v, ['id']))}" data-like-count="${attr(getPath(v, ['likeCount']))}">\n    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n`;
  },
  'social-button': (v, _call, c) => shareButtons(v, c.rootPath(['website']), 'button-style', 'div'),
  'social-button-inline': (v, _call, c) => shareButtons(v, c.rootPath(['website']), 'inline-style', 'span'),
  'twitter-follow-button': (v) => {
    let user = '';
    if (isObject(v)) {
      user = toOutput(v.userName);
      if (user === '') user = toOutput(v.profileUrl).split('/').pop() ?? '';
    }
    return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeAttr(user)}"></div>`;
  },
  'activate-twitter-links': (v) => (typeof v === 'string' ? twitterLinks(v) : ''),
  'audio-player': (v) => {
    const item = isObject(v) ? v : {};
    const id = attr(item.id);
    return `${AUDIO_SCRIPT}\n<div class="squarespace-audio-player" data-audio-asset-url="${attr(getPath(item, ['structuredContent', 'audioAssetUrl']))}" data-item-id="${id}" id="audio-player-${id}"></div>`;
  },
  video: (v, call) => {
    const oembed = getPath(v, ['oembed']);
    const load = call.args.includes('load-false') ? '  data-load="false"' : '';
    return `<div class="sqs-video-wrapper"${load} data-html="${escapeAttr(toOutput(getPath(oembed, ['html'])))}" data-provider-name="${attr(getPath(oembed, ['providerName']))}"></div>`;
  },
  /** One form answer in the inline-styled block of a form-submission summary (the field's rawTitle and answer). */
  'summary-form-field': (v) => {
    const f = isObject(v) ? v : {};
    return `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${escapeHtml(toOutput(f.rawTitle))}:</span> ${formAnswer(f)}\n</div>`;
  },
  'item-classes': (v, _call, c) => {
    const item = isObject(v) ? v : {};
    const classes = ['hentry'];
    if (isTruthy(item.promotedBlockType)) classes.push('promoted', `promoted-block-${slugify(toOutput(item.promotedBlockType))}`);
    for (const cat of words(item.categories)) classes.push(`category-${slugify(cat)}`);
    for (const tag of words(item.tags)) classes.push(`tag-${slugify(tag)}`);
    const author = toOutput(getPath(item, ['author', 'displayName']));
    if (author !== '') classes.push(`author-${slugify(author)}`);
    classes.push(`post-type-${escapeHtml(toOutput(item.recordTypeLabel))}`);
    const i = c.index0();
    if (i >= 0) classes.push(`article-index-${i + 1}`);
    if (isTruthy(item.starred)) classes.push('featured');
    if (item.recordType === STORE_ITEM) {
      if (isSoldOut(item)) classes.push('sold-out');
      else if (isOnSale(item)) classes.push('on-sale');
    }
    return classes.join(' ');
  },
};
