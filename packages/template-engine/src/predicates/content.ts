// Content predicates: record types, collection and navigation kinds, promoted blocks, comments,
// images, locations and background sources. Each looks at the current value (an item, a
// collection or a navigation entry); the numbers are SPEC 3's enumerations.
import type { Ctx } from '../context.js';
import type { PredicateFn } from '../context.js';
import { getPath, isBlankText, isObject, isTruthy, stripTags, toNumber } from '../values.js';

const RECORD_TYPES: Record<string, number> = {
  'text?': 1,
  'image?': 2,
  'quote?': 4,
  'link?': 5,
  'audio?': 7,
  'video?': 8,
  'store-item?': 11,
  'event?': 12,
  'gallery?': 14,
  'binary?': 15,
  'css-asset?': 16,
  'tweak-asset?': 17,
  'digital-good?': 18,
  'attachment?': 19,
  'wordpress-export?': 20,
  'json-export?': 21,
  'site-search?': 30,
  'active-time?': 31,
  'tweet?': 50,
  'checkin?': 52,
  'kbarticle?': 54,
};

/** SPEC 3 block type numbers of the promotable blocks, keyed by the name after "promoted". */
const PROMOTED: Record<string, number> = {
  CODE: 23,
  EMBED: 22,
  FORM: 9,
  FOURSQUARE: 24,
  IMAGE: 5,
  INSTAGRAM: 25,
  LINK: 13,
  MAP: 4,
  QUOTE: 31,
  TWITTER: 6,
  VIDEO: 32,
};

const BACKGROUND: Record<string, number | null> = { upload: 1, instagram: 2, video: 3, none: 4, undefined: null };

function field(c: Ctx, key: string): unknown {
  const n = c.node();
  return isObject(n) ? n[key] : undefined;
}

/** The collection in scope: the current value's `collection`, the value itself when it is one, or the page's. */
function collection(c: Ctx): unknown {
  const n = c.node();
  if (isObject(n)) {
    if (isObject(n.collection)) return n.collection;
    if (n.typeName !== undefined || n.type !== undefined) return n;
  }
  return c.rootPath(['collection']);
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isObject(v) && typeof v.html === 'string') return v.html;
  return '';
}

const recordPredicates: Record<string, PredicateFn> = {};
for (const [name, type] of Object.entries(RECORD_TYPES)) {
  recordPredicates[name] = (c) => toNumber(field(c, 'recordType')) === type;
}
for (const [name, type] of Object.entries(PROMOTED)) {
  // promotedBlockType may be the SPEC block number or its lower-case name (only lower case).
  recordPredicates[`promoted${name}?`] = (c) => {
    const t = field(c, 'promotedBlockType');
    return t === type || t === name.toLowerCase();
  };
}
for (const [name, value] of Object.entries(BACKGROUND)) {
  recordPredicates[`background-source-${name}?`] = (c) => {
    const v = field(c, 'backgroundSource');
    if (value === null) return toNumber(v) === -1;
    return toNumber(v) === value;
  };
}

export const contentPredicates: Record<string, PredicateFn> = {
  ...recordPredicates,
  // disqus? and index?: the reference answers no for every page, collection and item shape we
  // tried (see the README). The others below are as measured with the oracle.
  /** `calendarView` in scope is true, a non-zero number or the text 'true'. */
  'calendar-view?': (c) => {
    const v = c.lookup('calendarView');
    return v === true || v === 'true' || (typeof v === 'number' && v !== 0 && !Number.isNaN(v));
  },
  /** The current value's first item has an image (a mainImageId or a systemDataId). */
  'child-images?': (c) => {
    const items = field(c, 'items');
    const first: unknown = Array.isArray(items) ? items[0] : undefined;
    return isObject(first) && (isTruthy(first.mainImageId) || isTruthy(first.systemDataId));
  },
  /** `folderBehavior` in scope is absent, or index (1) or redirect (2). */
  'clickable?': (c) => {
    const b = c.lookup('folderBehavior');
    if (b === undefined) return true;
    const n = toNumber(b);
    return n === 1 || n === 2;
  },
  /** The current value's `collection` is truthy. */
  'collection?': (c) => isTruthy(field(c, 'collection')),
  /** The collection is a page (type 10). */
  'collection-page?': (c) => toNumber(getPath(collection(c), ['type'])) === 10,
  /** The collection is a template page (type 7). */
  'collection-template-page?': (c) => toNumber(getPath(collection(c), ['type'])) === 7,
  /** `{.collectionTypeNameEquals? blog}`: the collection's typeName is the argument. */
  'collectionTypeNameEquals?': (c, call) => {
    const a = call.refs[0];
    const want = a ? (a.ref ? (c.argValue(a) ?? a.raw) : a.literal) : undefined;
    // The reference reads the current value's own typeName, not its collection's.
    return want !== undefined && getPath(c.node(), ['typeName']) === want;
  },
  /** The reference answers no for every collection, item and argument shape we tried. */
  'current-type?': () => false,
  /**
   * Comments are on for the website (its settings' commentsEnabled, or no settings at all) and the
   * current item has public comments or is open to them (commentState 1).
   */
  'comments?': (c) => {
    const settings = c.lookup('websiteSettings');
    if (settings !== undefined && !isTruthy(getPath(settings, ['commentsEnabled']))) return false;
    return toNumber(field(c, 'publicCommentCount')) > 0 || toNumber(field(c, 'commentState')) === 1;
  },
  /** The site theme's SPEC 4 rule: commentState 1 or public comments, off when the site disables comments. */
  'site-comments?': (c) => {
    if (c.rootPath(['websiteSettings', 'commentsEnabled']) === false) return false;
    return toNumber(field(c, 'commentState')) === 1 || toNumber(field(c, 'publicCommentCount')) > 0;
  },
  'disqus?': () => false,
  /** The item has an excerpt with visible text (SPEC 5: whitespace and zero-width characters are empty). */
  'excerpt?': (c) => !isBlankText(stripTags(textOf(field(c, 'excerpt')))),
  /** A navigation entry or item that points to an external link. */
  'external-link?': (c) => {
    const l = field(c, 'externalLink');
    return typeof l === 'string' && !isBlankText(l);
  },
  /** A video item whose video is hosted elsewhere (an oEmbed or external URL is present). */
  'external-video?': (c) => field(c, 'promotedBlockType') === 'video',
  /** A folder (navigation entry or collection). */
  'folder?': (c) => {
    const n = c.node();
    return isObject(n) && isTruthy(getPath(n, ['collection', 'folder']));
  },
  /** The current value has more than one element (array items or object keys). */
  'has-multiple?': (c) => {
    const n = c.node();
    return Array.isArray(n) ? n.length > 1 : isObject(n) && Object.keys(n).length > 1;
  },
  /** A folder that behaves as an index (folder behaviour 1), or an index collection. */
  'index?': () => false,
  /** The item has a location with an address or map coordinates. */
  'location?': (c) => {
    const l = field(c, 'location');
    return isObject(l) && typeof l.mapLat === 'number' && typeof l.mapLng === 'number';
  },
  /** The collection or item has a main image. */
  'main-image?': (c) => isTruthy(field(c, 'mainImageId')),
  /** The site theme's rule: a main image object or an asset URL (the reference reads mainImageId). */
  'site-main-image?': (c) => {
    const n = c.node();
    return isTruthy(getPath(n, ['mainImage'])) || (typeof getPath(n, ['assetUrl']) === 'string' && getPath(n, ['assetUrl']) !== '');
  },
  /** The item passes through to its source URL. */
  'passthrough?': (c) => isTruthy(field(c, 'passthrough')) && isTruthy(field(c, 'sourceUrl')),
  /** A folder that redirects (folder behaviour 2). */
  'redirect?': (c) => {
    const n = c.node();
    const target = isObject(n) && isObject(n.collection) ? n.collection : n;
    return toNumber(getPath(target, ['folderBehavior'])) === 2;
  },
  /** A connected account of the email service. */
  'serviceNameEmail?': (c) => field(c, 'serviceName') === 'email',
  /** The events collection is set to show past events. */
  'show-past-events?': (c) => field(c, 'showPastOrUpcomingEvents') === 'past',
};
