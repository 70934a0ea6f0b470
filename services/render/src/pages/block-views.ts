// What the theme needs of each block type the page editor makes (heading, image, button, video,
// quote, line, spacer, code, embed, social links, search, accordion, chart, product, gallery and
// summary designs) and of a layout's sections. Every owner-written field reaches the template as
// data: text is printed through `html`, URLs are limited to safe schemes here and printed through
// `htmlattr`, and HTML (text and code blocks) goes through the sanitiser. Numbers that end up in
// style attributes are clamped numbers, never owner text. Pure functions.
import { ASSET_FILES_PATH, type GALLERY_DESIGNS, type Layout } from '@sc/contracts';
import { imageSrcset, parseSize } from '@sc/template-engine';
import { sanitizeHtml } from '../html/sanitize.js';

type Data = Record<string, unknown>;

const text = (data: Data, key: string, max = 2_000): string => (typeof data[key] === 'string' ? data[key].slice(0, max) : '');
const num = (value: unknown, min: number, max: number, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
};
const oneOf = <T extends string>(value: unknown, values: readonly T[], fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** An image the content service stores (served at every SPEC width with `?format=`): '/api/…/assets/site/ID.jpg', here or on an origin. */
const STORED_IMAGE = new RegExp(
  `^(?:https?://[^/?#]+)?${ASSET_FILES_PATH.replace(/[.]/g, '\\.')}/[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{22}\\.(?:jpg|png|gif|webp)$`,
);

/**
 * An image block's picture: one of ours gets the SPEC widths as srcset (up to its size when the
 * block knows it) and a 1000w src; its width and height when the block carries 'WxH'.
 */
function blockPicture(src: string, originalSize: unknown): { src: string; srcset: string; size?: { width: number; height: number } } {
  const size = typeof originalSize === 'string' ? parseSize(originalSize) : null;
  const stored = STORED_IMAGE.test(src);
  return {
    src: stored ? `${src}?format=1000w` : src,
    srcset: stored ? imageSrcset({ assetUrl: src, ...(size ? { originalSize } : {}) }) : '',
    ...(size ? { size: { width: Math.round(size.w), height: Math.round(size.h) } } : {}),
  };
}

/** A link or media address an owner typed: http(s), mailto, tel, a site path or an anchor; anything else is ''. */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  if (url.length > 2_000 || /\s/.test(url) || [...url].some((c) => c.charCodeAt(0) < 32)) return '';
  if (/^(?:https?:\/\/|mailto:|tel:)/i.test(url)) return url;
  if (/^\/(?!\/)/.test(url) || /^#[\w-]*$/.test(url)) return url;
  return '';
}

/** A URL that may also stand inside a CSS url(): no quotes, parentheses or backslashes. */
function cssSafeUrl(value: unknown): string {
  const url = safeUrl(value);
  return /^(?:https?:\/\/|\/)[^"'()\\<>]+$/.test(url) ? url : '';
}

/** A YouTube or Vimeo address as the privacy-friendly player the page's CSP allows, else ''. */
export function videoEmbed(url: string): string {
  const youtube = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch\?(?:.*&)?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,20})/i.exec(url);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1] ?? ''}`;
  const vimeo = /^https?:\/\/(?:www\.)?(?:player\.)?vimeo\.com\/(?:video\/)?(\d{4,12})/i.exec(url);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1] ?? ''}`;
  return '';
}

const SOCIAL_NETWORKS = [
  'instagram',
  'facebook',
  'x',
  'youtube',
  'tiktok',
  'pinterest',
  'linkedin',
  'mastodon',
  'email',
  'website',
] as const;

/** A chart dataset typed as comma-separated lines, the first naming the columns. */
function chartView(data: Data): Record<string, unknown> | undefined {
  const lines = text(data, 'dataset', 20_000)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [header, ...rows] = lines;
  if (!header) return undefined;
  const columns = header.split(',').map((c) => c.trim());
  const parsed = rows.slice(0, 100).map((row) => {
    const cells = row.split(',').map((c) => c.trim());
    return { label: cells[0] ?? '', value: Number(cells[1]) };
  });
  const max = Math.max(1, ...parsed.map((r) => (Number.isFinite(r.value) ? Math.abs(r.value) : 0)));
  return {
    kind: oneOf(data.chartType, ['bar', 'line', 'pie'] as const, 'bar'),
    labelColumn: columns[0] ?? '',
    valueColumn: columns[1] ?? '',
    rows: parsed.map((r) => ({
      label: r.label,
      value: Number.isFinite(r.value) ? r.value : 0,
      percent: Number.isFinite(r.value) ? Math.round((Math.abs(r.value) / max) * 100) : 0,
    })),
  };
}

/** The fields the theme's layout-block partial reads for one block, by its SPEC type name. */
export function editorBlockView(typeName: string, data: Data): Data {
  const align = oneOf(data.align, ['left', 'center', 'right'] as const, 'left');
  switch (typeName) {
    case 'html':
      return data.variant === 'heading'
        ? { heading: { text: text(data, 'text', 500), level: num(data.level, 1, 4, 2) }, align }
        : { align };
    case 'image': {
      const src = safeUrl(data.src);
      if (src === '') return {};
      return {
        image: {
          ...blockPicture(src, data.originalSize),
          alt: text(data, 'alt', 500),
          caption: text(data, 'caption', 1_000),
          link: safeUrl(data.link),
          // The focal point, as percentages for object-position.
          focalX: Math.round(num(data.focalX, 0, 1, 0.5) * 100),
          focalY: Math.round(num(data.focalY, 0, 1, 0.5) * 100),
        },
        align,
      };
    }
    case 'button': {
      const label = text(data, 'label', 200);
      return label === ''
        ? {}
        : {
            button: {
              label,
              link: safeUrl(data.link) || '#',
              style: oneOf(data.style, ['primary', 'secondary', 'outline'] as const, 'primary'),
            },
            align,
          };
    }
    case 'video': {
      const url = safeUrl(data.url);
      return url === '' ? {} : { video: { url, embed: videoEmbed(url), caption: text(data, 'caption', 500) } };
    }
    case 'quote':
      return { quote: { text: text(data, 'text', 2_000), source: text(data, 'source', 200) }, align };
    case 'spacer':
      return { spacer: { height: Math.round(num(data.height, 8, 400, 48)) } };
    case 'code':
      return data.mode === 'code' ? { codeText: text(data, 'code', 20_000) } : { codeHtml: sanitizeHtml(text(data, 'code', 20_000)) };
    case 'embed': {
      const url = safeUrl(data.url);
      return url === '' ? {} : { embed: { url, title: text(data, 'title', 200) || url } };
    }
    case 'sociallinks':
    case 'socialaccountlinks-v2': {
      const links = (Array.isArray(data.links) ? data.links : [])
        .slice(0, 20)
        .map((link) => (typeof link === 'object' && link !== null ? (link as Data) : {}))
        .map((link) => ({ network: oneOf(link.network, SOCIAL_NETWORKS, 'website'), url: safeUrl(link.url) }))
        .filter((link) => link.url !== '')
        .map((link) => ({ ...link, label: link.network === 'x' ? 'X' : link.network.charAt(0).toUpperCase() + link.network.slice(1) }));
      return { socialLinks: links, align };
    }
    case 'search':
      return { search: { placeholder: text(data, 'placeholder', 100) || 'Search' } };
    case 'accordion': {
      const entries = (Array.isArray(data.items) ? data.items : [])
        .slice(0, 50)
        .map((entry) => (typeof entry === 'object' && entry !== null ? (entry as Data) : {}))
        .map((entry) => ({ title: text(entry, 'title', 300), body: text(entry, 'body', 5_000) }))
        .filter((entry) => entry.title !== '' || entry.body !== '');
      return { accordion: entries };
    }
    case 'chart': {
      const chart = chartView(data);
      return chart ? { chart: { ...chart, title: text(data, 'title', 200) } } : {};
    }
    case 'map':
      return { address: text(data, 'address', 300) };
    default:
      return {};
  }
}

/** A gallery block's design (SPEC variant names: grid, slideshow, carousel, stack) as the gallery options' design. */
export function galleryDesign(value: unknown): (typeof GALLERY_DESIGNS)[number] | undefined {
  const named: Record<string, (typeof GALLERY_DESIGNS)[number]> = {
    grid: 'grid',
    slideshow: 'slideshow',
    carousel: 'slider',
    slider: 'slider',
    stack: 'stacked',
    stacked: 'stacked',
  };
  return typeof value === 'string' ? named[value] : undefined;
}

/** A summary block's design: wall, carousel, list or grid. */
export const summaryDesign = (value: unknown): string => oneOf(value, ['wall', 'carousel', 'list', 'grid'] as const, 'grid');

/** The sections of a layout with their blocks; a layout without sections is one plain section. */
export function sectionViews(layout: Layout | null, blocks: ReadonlyArray<Data>): Data[] {
  const sections = layout?.sections && layout.sections.length > 0 ? layout.sections : [{ id: 'main', blocks: blocks.length }];
  let at = 0;
  const views = sections.map((section, index) => {
    const own = blocks.slice(at, at + section.blocks);
    at += section.blocks;
    const s: Partial<NonNullable<Layout['sections']>[number]> = section;
    const image = cssSafeUrl(s.backgroundImage);
    return {
      index,
      id: section.id,
      width: s.width ?? 'normal',
      spacing: s.spacing ?? 'medium',
      ...(s.background ? { background: s.background } : {}),
      ...(image ? { backgroundImage: image } : {}),
      blocks: own,
    };
  });
  // Blocks past the sections' counts (a layout written before its sections) are never lost.
  const last = views[views.length - 1];
  if (last && at < blocks.length) last.blocks = [...last.blocks, ...blocks.slice(at)];
  return views;
}
