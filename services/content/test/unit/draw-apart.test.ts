// The demo's drawings are made in a child process (so librsvg's memory leaves with it): the JPEGs
// come back whole and in order, and a drawing the child cannot make fails the seed with a message.
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { drawApart, splitFrames } from '../../src/websites/draw-apart.js';

const square = (size: number, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${color}"/></svg>`;

describe('drawApart', () => {
  it('answers one JPEG per drawing, in order, at each drawing size', async () => {
    const jpegs = await drawApart([square(40, '#c00'), square(64, '#0c0'), square(12, '#00c')], { maxPixels: 1_000_000, quality: 80 });
    const sizes = await Promise.all(
      jpegs.map(async (jpeg) => {
        const m = await sharp(jpeg).metadata();
        return [m.format, m.width, m.height];
      }),
    );
    expect(sizes).toEqual([
      ['jpeg', 40, 40],
      ['jpeg', 64, 64],
      ['jpeg', 12, 12],
    ]);
  });

  it('makes nothing (and starts no process) for no drawings', async () => {
    await expect(drawApart([], { maxPixels: 1, quality: 80 })).resolves.toEqual([]);
  });

  it("fails with the child's reason when a drawing is over the pixel limit", async () => {
    await expect(drawApart([square(40, '#c00')], { maxPixels: 100, quality: 80 })).rejects.toThrow(
      /drawing the demo pictures failed \(exit 1\):.*pixel limit/s,
    );
  });

  it('refuses output that stops inside a picture', () => {
    const frame = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from('abc')]);
    expect(splitFrames(Buffer.concat([frame, frame])).map(String)).toEqual(['abc', 'abc']);
    expect(() => splitFrames(Buffer.concat([frame, Buffer.from([0, 0, 0, 9, 1])]))).toThrow(
      'the drawing process wrote a truncated picture',
    );
  });
});
