// The default site icon (seo/site-icon.ts): a valid ICO holding a valid 32 × 32 PNG, the title's
// first letter in white on the accent colour.
import { describe, expect, it } from '@jest/globals';
import { crc32, inflateSync } from 'node:zlib';
import { defaultSiteIcon, iconLetter, rgbOf } from '../../src/seo/site-icon.js';

function decode(icon: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 1]);
  const length = icon.readUInt32LE(14);
  const offset = icon.readUInt32LE(18);
  const image = icon.subarray(offset, offset + length);
  expect(offset + length).toBe(icon.length);
  expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  const chunks: Record<string, Buffer> = {};
  while (at < image.length) {
    const size = image.readUInt32BE(at);
    const type = image.toString('ascii', at + 4, at + 8);
    const data = image.subarray(at + 8, at + 8 + size);
    expect(image.readUInt32BE(at + 8 + size)).toBe(crc32(image.subarray(at + 4, at + 8 + size)));
    chunks[type] = data;
    at += 12 + size;
  }
  const width = chunks.IHDR!.readUInt32BE(0);
  const height = chunks.IHDR!.readUInt32BE(4);
  const rows = inflateSync(chunks.IDAT!);
  expect(rows.length).toBe(height * (width * 4 + 1));
  return { width, height, pixel: (x, y) => [...rows.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)] };
}

describe('default site icon', () => {
  it('is an ICO with a 32 × 32 PNG: "H" in white on the accent colour, transparent corners', () => {
    const { width, height, pixel } = decode(defaultSiteIcon('Harbour & Pine', '#c98a2b'));
    expect([width, height]).toEqual([32, 32]);
    expect(pixel(0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(16, 2)).toEqual([0xc9, 0x8a, 0x2b, 255]);
    // H: the left stem at glyph column 0 (x 6..9), the bar at row 3 (y 14..17); the gap above it.
    expect(pixel(7, 10)).toEqual([255, 255, 255, 255]);
    expect(pixel(16, 15)).toEqual([255, 255, 255, 255]);
    expect(pixel(16, 8)).toEqual([0xc9, 0x8a, 0x2b, 255]);
  });

  it('takes the first letter or digit (accents dropped), the theme colour without an accent', () => {
    expect([iconLetter('  émile’s bakery'), iconLetter('9 Lives'), iconLetter('★★'), iconLetter('')]).toEqual(['E', '9', null, null]);
    const { pixel } = decode(defaultSiteIcon('★', null));
    expect(pixel(16, 16)).toEqual([0x2f, 0x5d, 0x50, 255]);
  });

  it('reads the owner’s colour in each of its forms', () => {
    expect([
      rgbOf('#c98a2b'),
      rgbOf('abc'),
      rgbOf({ r: 1, g: 2, b: 3 }),
      rgbOf({ h: 0, s: 1, l: 0.5 }),
      rgbOf({ h: 120, s: 1, l: 0.25 }),
      rgbOf('nonsense'),
      rgbOf(null),
    ]).toEqual([
      [0xc9, 0x8a, 0x2b],
      [0xaa, 0xbb, 0xcc],
      [1, 2, 3],
      [255, 0, 0],
      [0, 128, 0],
      [0x2f, 0x5d, 0x50],
      [0x2f, 0x5d, 0x50],
    ]);
  });
});
