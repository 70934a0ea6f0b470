// The demo website's pictures, drawn here: each is an SVG of gradients and simple shapes (a tote,
// a bowl, candles, a harbour at dawn, ...) that sharp renders to a JPEG the first time the demo is
// seeded, stored in the asset store like an upload, and served through the same pipeline. Nothing
// of the demo comes from another host, so it works with the network off. The file's name is the
// hash of its drawing: a second seed finds the file it would write and does nothing.
import { contentId } from '../assets/assets.service.js';

export interface DemoPicture {
  /** The stored file's name: `{hash}.jpg`. */
  file: string;
  width: number;
  height: number;
  svg: string;
  /** The five colour averages of SPEC 3, from the drawing's palette. */
  colors: { topLeftAverage: string; topRightAverage: string; bottomLeftAverage: string; bottomRightAverage: string; centerAverage: string };
}

export type Palette = [sky: string, ground: string, accent: string, shade: string];

const PALETTES: Record<string, Palette> = {
  'tote-olive': ['#e9e2d0', '#c8bc9f', '#6b7345', '#3f4429'],
  'tote-navy': ['#e6e4dc', '#c4c0b2', '#2c3e5c', '#1b2638'],
  throw: ['#efe9df', '#d8cdbd', '#cbbfa8', '#8d8372'],
  bowl: ['#f1ece2', '#d9cfbf', '#b9ab8f', '#f2c230'],
  candles: ['#2d3134', '#4a5054', '#e8c77a', '#f6a53b'],
  'sourdough-guide': ['#f3eee4', '#d6c6a8', '#fbfaf6', '#8a5a2b'],
  workshop: ['#d9cbb8', '#8f7b66', '#b27a54', '#5b4636'],
  'gift-card': ['#2f5d50', '#23473d', '#faf7f2', '#c9a45c'],
  coffee: ['#efe6d8', '#a48b6c', '#4b3526', '#c9a45c'],
  notebook: ['#e8e1d6', '#b9ab96', '#7a4a2a', '#d7b98c'],
  'post-canvas': ['#ddd3c0', '#9f9276', '#6b7345', '#e8c77a'],
  'post-loaf': ['#efe4d0', '#b99c72', '#a0622d', '#f2e3c6'],
  'post-jonah': ['#cfc2ae', '#7d6a58', '#b27a54', '#3e342b'],
  'studio-bench': ['#e2d6c2', '#9c7b58', '#c9b48f', '#5e4a36'],
  'studio-kiln': ['#3a3230', '#5c4a42', '#f08a3c', '#ffd27a'],
  'studio-window': ['#f4efe4', '#cfc5b3', '#fff8e6', '#8e8472'],
  'studio-threads': ['#e5ddd0', '#b8ab96', '#c0503a', '#2f5d50'],
  'studio-shelves': ['#e9e4da', '#b7ab98', '#d9cdb8', '#7d7262'],
  'studio-harbour': ['#f7c59f', '#3d5a6c', '#fbe3c4', '#1f2a27'],
};

/** A small deterministic generator (mulberry32) seeded from the picture's name. */
function random(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The motif of each picture, drawn on a 1600-wide canvas of the given height. */
function motif(name: string, [, ground, accent, shade]: Palette, h: number, rnd: () => number): string {
  const floor = Math.round(h * 0.72);
  const kind = name.replace(/-(olive|navy)$/, '');
  switch (kind) {
    case 'tote':
    case 'coffee':
      return `<path d="M620 ${floor - 520} q180 -260 360 0" fill="none" stroke="${shade}" stroke-width="34"/><rect x="520" y="${floor - 540}" width="560" height="560" rx="40" fill="${accent}"/><rect x="520" y="${floor - 540}" width="560" height="90" fill="${shade}" opacity="0.35"/>`;
    case 'throw':
      return Array.from(
        { length: 6 },
        (_, i) =>
          `<rect x="420" y="${floor - 420 + i * 70}" width="760" height="60" rx="20" fill="${i % 2 ? accent : shade}" opacity="0.9"/>`,
      ).join('');
    case 'bowl':
      return `<ellipse cx="800" cy="${floor - 180}" rx="420" ry="90" fill="${shade}"/><path d="M380 ${floor - 180} a420 330 0 0 0 840 0z" fill="${accent}"/>${Array.from({ length: 5 }, (_, i) => `<circle cx="${600 + i * 100}" cy="${floor - 230 + (i % 2) * 30}" r="55" fill="#f2c230"/>`).join('')}`;
    case 'candles':
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${500 + i * 230}" y="${floor - 300 - i * 80}" width="170" height="${300 + i * 80}" rx="18" fill="${accent}"/><ellipse cx="${585 + i * 230}" cy="${floor - 350 - i * 80}" rx="22" ry="46" fill="${shade}"/>`,
        )
        .join('');
    case 'sourdough-guide':
    case 'notebook':
      return `<rect x="430" y="${floor - 560}" width="740" height="560" rx="14" fill="${accent}"/><rect x="790" y="${floor - 560}" width="20" height="560" fill="${shade}"/>${Array.from({ length: 7 }, (_, i) => `<rect x="480" y="${floor - 500 + i * 60}" width="260" height="12" fill="${shade}" opacity="0.4"/>`).join('')}`;
    case 'gift-card':
      return `<rect x="380" y="${floor - 560}" width="840" height="520" rx="36" fill="${accent}"/><path d="M1000 ${floor - 300} l60 -180 l60 180z" fill="#2f5d50"/><circle cx="600" cy="${floor - 300}" r="90" fill="${shade}"/>`;
    case 'workshop':
    case 'post-jonah':
      return `<ellipse cx="800" cy="${floor}" rx="520" ry="120" fill="${shade}"/><path d="M640 ${floor - 40} q-40 -260 80 -320 h160 q120 60 80 320z" fill="${accent}"/>`;
    case 'studio-harbour':
      return `<circle cx="1150" cy="${floor - 200}" r="140" fill="${accent}"/><rect y="${floor - 60}" width="1600" height="${h - floor + 60}" fill="${ground}"/>${Array.from({ length: 4 }, (_, i) => `<path d="M${250 + i * 330} ${floor + 40} h220 l-40 60 h-140z" fill="${shade}"/><path d="M${350 + i * 330} ${floor + 40} v-${180 + Math.round(rnd() * 80)} l90 ${150}z" fill="#fbfaf6"/>`).join('')}`;
    case 'studio-kiln':
      return `<rect x="450" y="${floor - 600}" width="700" height="600" rx="30" fill="${shade}" opacity="0.25"/><rect x="520" y="${floor - 540}" width="560" height="480" fill="${accent}"/>${Array.from({ length: 6 }, (_, i) => `<ellipse cx="${620 + (i % 3) * 180}" cy="${floor - 420 + Math.floor(i / 3) * 200}" rx="70" ry="45" fill="#2f5d50"/>`).join('')}`;
    case 'studio-window':
      return `<rect x="520" y="${Math.round(h * 0.12)}" width="560" height="${Math.round(h * 0.6)}" fill="${accent}"/><path d="M800 ${Math.round(h * 0.12)} v${Math.round(h * 0.6)} M520 ${Math.round(h * 0.42)} h560" stroke="${shade}" stroke-width="22"/><path d="M520 ${Math.round(h * 0.72)} l-300 ${h} h1160 l-300 -${h}z" fill="#fff8e6" opacity="0.35"/>`;
    case 'studio-threads':
      return Array.from(
        { length: 24 },
        (_, i) =>
          `<circle cx="${330 + (i % 8) * 135}" cy="${220 + Math.floor(i / 8) * 230}" r="52" fill="${[accent, shade, '#e8c77a', '#6b7345'][Math.floor(rnd() * 4)]}"/>`,
      ).join('');
    case 'studio-shelves':
      return [0, 1, 2]
        .map(
          (row) =>
            `<rect x="200" y="${260 + row * 260}" width="1200" height="22" fill="${shade}"/>${Array.from({ length: 6 }, (_, i) => `<ellipse cx="${300 + i * 190}" cy="${228 + row * 260}" rx="${50 + Math.round(rnd() * 20)}" ry="32" fill="${accent}"/>`).join('')}`,
        )
        .join('');
    default: {
      // The journal's pictures and anything else: soft overlapping shapes.
      return Array.from(
        { length: 7 },
        () =>
          `<circle cx="${Math.round(rnd() * 1600)}" cy="${Math.round(rnd() * h)}" r="${120 + Math.round(rnd() * 260)}" fill="${rnd() > 0.5 ? accent : shade}" opacity="0.55"/>`,
      ).join('');
    }
  }
}

/**
 * The drawing of one demo picture (1600 wide; `size` 'WxH' picks its height). `look` draws one of
 * the motifs above in other colours (the starting designs' pictures, designs/design-pictures.ts).
 */
export function demoPicture(name: string, size = '1600x1200', look?: { palette: Palette; motif: string }): DemoPicture {
  const palette = look?.palette ?? PALETTES[name] ?? PALETTES['studio-window']!;
  const [width, height] = size.split('x').map(Number) as [number, number];
  const [sky, ground] = palette;
  const rnd = random(name);
  const floor = Math.round(height * 0.72);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 ${Math.round((height * 1600) / width)}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/></linearGradient>` +
    `<radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1600" height="${height}" fill="url(#sky)"/><rect y="${floor}" width="1600" height="${height - floor}" fill="${ground}" opacity="0.6"/>` +
    motif(look?.motif ?? name, palette, Math.round((height * 1600) / width), rnd) +
    `<rect width="1600" height="${height}" fill="url(#light)"/></svg>`;
  const hex = (c: string) => c.replace('#', '');
  return {
    file: `${contentId(Buffer.from(`demo-picture-v1|${svg}`))}.jpg`,
    width,
    height,
    svg,
    colors: {
      topLeftAverage: hex(palette[0]),
      topRightAverage: hex(palette[0]),
      bottomLeftAverage: hex(palette[1]),
      bottomRightAverage: hex(palette[1]),
      centerAverage: hex(palette[2]),
    },
  };
}
