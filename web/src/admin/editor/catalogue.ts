// The blocks an owner can put on a page: each with its icon, name, SPEC block type and the data a
// new one starts with. A text and a heading are both HTML blocks (type 2): a heading keeps its
// text and level as data, not as markup. Blocks of a type this list does not name (made by an
// import, or by an older version) are still shown and edited field by field.
import { BlockType } from '@sc/contracts';

export type BlockKind =
  | 'text'
  | 'heading'
  | 'image'
  | 'gallery'
  | 'summary'
  | 'product'
  | 'button'
  | 'video'
  | 'quote'
  | 'line'
  | 'spacer'
  | 'code'
  | 'embed'
  | 'form'
  | 'newsletter'
  | 'social'
  | 'search'
  | 'map'
  | 'accordion'
  | 'chart'
  | 'donation'
  | 'member-area'
  | 'markdown';

export interface KindInfo {
  label: string;
  /** A glyph for the picker and the outline (decorative: the label names the block). */
  icon: string;
  type: number;
  initial: () => Record<string, unknown>;
  /** Offered in the block picker (the others are kept editable when a page has them). */
  offered: boolean;
}

export const KINDS: Readonly<Record<BlockKind, KindInfo>> = {
  text: { label: 'Text', icon: '¶', type: BlockType.HTML, initial: () => ({ html: '<p>Write something here.</p>' }), offered: true },
  heading: {
    label: 'Heading',
    icon: 'H',
    type: BlockType.HTML,
    initial: () => ({ variant: 'heading', text: 'A new heading', level: 2 }),
    offered: true,
  },
  image: {
    label: 'Image',
    icon: '▣',
    type: BlockType.IMAGE,
    initial: () => ({ src: '', alt: '', focalX: 0.5, focalY: 0.5 }),
    offered: true,
  },
  gallery: { label: 'Gallery', icon: '▦', type: BlockType.GALLERY, initial: () => ({ collectionId: '', design: 'grid' }), offered: true },
  summary: {
    label: 'Summary',
    icon: '☰',
    type: BlockType.SUMMARY_V2,
    initial: () => ({ collectionId: '', design: 'grid', limit: 6 }),
    offered: true,
  },
  product: { label: 'Product', icon: '◈', type: BlockType.PRODUCT, initial: () => ({ collectionId: '', itemId: '' }), offered: true },
  button: {
    label: 'Button',
    icon: '⬭',
    type: BlockType.BUTTON,
    initial: () => ({ label: 'Learn more', link: '/', style: 'primary' }),
    offered: true,
  },
  video: { label: 'Video', icon: '▶', type: BlockType.VIDEO, initial: () => ({ url: '', caption: '' }), offered: true },
  quote: {
    label: 'Quote',
    icon: '❝',
    type: BlockType.QUOTE,
    initial: () => ({ text: 'A few words worth repeating.', source: '' }),
    offered: true,
  },
  line: { label: 'Line', icon: '―', type: BlockType.HORIZONTALRULE, initial: () => ({}), offered: true },
  spacer: { label: 'Spacer', icon: '↕', type: BlockType.SPACER, initial: () => ({ height: 48 }), offered: true },
  code: { label: 'Code', icon: '</>', type: BlockType.CODE, initial: () => ({ code: '', mode: 'html' }), offered: true },
  embed: { label: 'Embed', icon: '⧉', type: BlockType.EMBED, initial: () => ({ url: '', title: '' }), offered: true },
  form: { label: 'Form', icon: '✎', type: BlockType.FORM, initial: () => ({ formId: '' }), offered: true },
  newsletter: {
    label: 'Newsletter',
    icon: '✉',
    type: BlockType.NEWSLETTER,
    initial: () => ({ title: 'Newsletter', description: '', formId: '' }),
    offered: true,
  },
  social: { label: 'Social links', icon: '☍', type: BlockType.SOCIALLINKS, initial: () => ({ links: [] }), offered: true },
  search: { label: 'Search', icon: '⌕', type: BlockType.SEARCH, initial: () => ({ placeholder: 'Search' }), offered: true },
  map: {
    label: 'Map',
    icon: '⌖',
    type: BlockType.MAP,
    initial: () => ({ lat: 43.6591, lng: -70.2568, zoom: 15, address: '' }),
    offered: true,
  },
  accordion: {
    label: 'Accordion',
    icon: '▤',
    type: BlockType.ACCORDION,
    initial: () => ({ items: [{ title: 'A question', body: 'Its answer.' }] }),
    offered: true,
  },
  chart: {
    label: 'Chart',
    icon: '▮',
    type: BlockType.CHART,
    initial: () => ({ chartType: 'bar', title: '', dataset: 'Month,Visitors\nJanuary,120\nFebruary,180' }),
    offered: true,
  },
  donation: {
    label: 'Donation',
    icon: '♥',
    type: BlockType.DONATION,
    initial: () => ({ title: 'Donate', description: '' }),
    offered: true,
  },
  'member-area': { label: 'Member area', icon: '⚿', type: BlockType.MEMBER_AREA, initial: () => ({ memberAreaId: '' }), offered: false },
  markdown: { label: 'Markdown', icon: 'M', type: BlockType.MARKDOWN, initial: () => ({ html: '' }), offered: false },
};

const BY_TYPE = new Map<number, BlockKind>();
for (const [kind, info] of Object.entries(KINDS) as Array<[BlockKind, KindInfo]>) if (!BY_TYPE.has(info.type)) BY_TYPE.set(info.type, kind);
BY_TYPE.set(BlockType.SUMMARY, 'summary');
BY_TYPE.set(BlockType.SOCIALACCOUNTLINKS_V2, 'social');

/** The kind of a stored block; undefined for a type this editor has no form for. */
export function kindOf(block: { type: number; data: Record<string, unknown> }): BlockKind | undefined {
  if (block.type === BlockType.HTML) return block.data.variant === 'heading' ? 'heading' : 'text';
  return BY_TYPE.get(block.type);
}

/** A block's name for the outline, the toolbar and screen readers. */
export function blockLabel(block: { type: number; data: Record<string, unknown> }): string {
  const kind = kindOf(block);
  return kind ? KINDS[kind].label : `Block type ${block.type}`;
}

/** Ready-made sections an owner starts from. */
export const SECTION_TEMPLATES: ReadonlyArray<{
  id: string;
  label: string;
  kinds: BlockKind[];
  style: { background?: string; width?: 'narrow' | 'normal' | 'wide' | 'full'; spacing?: 'small' | 'medium' | 'large' };
}> = [
  { id: 'empty', label: 'Empty section', kinds: [], style: {} },
  { id: 'intro', label: 'Heading and text', kinds: ['heading', 'text'], style: { width: 'narrow' } },
  { id: 'feature', label: 'Image, text and button', kinds: ['image', 'text', 'button'], style: {} },
  { id: 'banner', label: 'Coloured banner', kinds: ['heading', 'button'], style: { background: '#f4efe6', spacing: 'large' } },
  { id: 'shop', label: 'Products', kinds: ['heading', 'summary'], style: { width: 'wide' } },
];
