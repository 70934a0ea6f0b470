// The site's default icon (issue 36: /favicon.ico answered 404 on every page): the first letter
// or digit of the site's title, white on its accent colour (the theme's green otherwise), drawn
// here as a 32 × 32 PNG inside an ICO file (every browser reads PNG entries in an ICO). No image
// library: the letters are a 5 × 7 pixel font drawn 4× (20 × 28 px, centred); PNG is RGBA,
// deflated by node:zlib, with its CRC-32s computed below.
import { deflateSync } from 'node:zlib';
import { colourProblem, type ColourValue } from '@sc/contracts';

const SIZE = 32;
const SCALE = 4;
export const DEFAULT_ICON_COLOUR = '#2f5d50';

// 5 × 7 glyphs, one string of 5 bits per row.
const FONT: Readonly<Record<string, readonly string[]>> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

/** The letter an icon shows: the title's first letter or digit (accents dropped), else none. */
export function iconLetter(title: string): string | null {
  for (const char of title.normalize('NFD').toUpperCase()) if (FONT[char]) return char;
  return null;
}

/** An owner's colour as RGB: "#abc", "#aabbcc", {r, g, b} or {h, s, l} (s and l from 0 to 1); the theme's when none or invalid. */
export function rgbOf(colour: ColourValue | null | undefined): [number, number, number] {
  if (colour !== null && colour !== undefined && !colourProblem(colour)) {
    if (typeof colour === 'string') {
      const short = colour.replace(/^#/, '');
      const hex = short.length === 3 ? [...short].map((c) => c + c).join('') : short;
      if (/^[0-9a-f]{6}$/i.test(hex)) return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
    } else if ('r' in colour) return [colour.r, colour.g, colour.b];
    else {
      const h = (((colour.h ?? 0) % 360) + 360) % 360;
      const sat = colour.s ?? 0;
      const light = colour.l ?? 0;
      const k = (n: number) => (n + h / 30) % 12;
      const a = sat * Math.min(light, 1 - light);
      const f = (n: number) => Math.round(255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
      return [f(0), f(8), f(4)];
    }
  }
  return rgbOf(DEFAULT_ICON_COLOUR);
}

/** The icon's RGBA pixels: a rounded square of the colour, the letter in white. */
export function iconPixels(letter: string | null, colour: ColourValue | null | undefined): Uint8Array {
  const [r, g, b] = rgbOf(colour);
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  const radius = 6;
  const inside = (x: number, y: number): boolean => {
    const cx = Math.min(Math.max(x + 0.5, radius), SIZE - radius);
    const cy = Math.min(Math.max(y + 0.5, radius), SIZE - radius);
    return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius * radius;
  };
  const glyph = letter ? FONT[letter] : undefined;
  const left = (SIZE - 5 * SCALE) / 2;
  const top = (SIZE - 7 * SCALE) / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const at = (y * SIZE + x) * 4;
      if (!inside(x, y)) continue;
      const gx = Math.floor((x - left) / SCALE);
      const gy = Math.floor((y - top) / SCALE);
      const ink = glyph !== undefined && x >= left && y >= top && gx < 5 && gy < 7 && glyph[gy]?.[gx] === '1';
      pixels.set(ink ? [255, 255, 255, 255] : [r, g, b, 255], at);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of square RGBA pixels. */
export function png(pixels: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** An ICO file holding one PNG image of this size. */
export function ico(image: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size, 6);
  head.writeUInt8(size, 7);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

/** The default icon of a site with this title and accent colour, as favicon.ico. */
export function defaultSiteIcon(title: string, accent: ColourValue | null | undefined): Buffer {
  return ico(png(iconPixels(iconLetter(title), accent), SIZE), SIZE);
}
