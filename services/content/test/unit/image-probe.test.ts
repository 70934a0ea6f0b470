// The image header reader: each supported type's size from its header, and anything else refused.
import { describe, expect, it } from '@jest/globals';
import { probeImage, sniffImageType } from '../../src/assets/image-probe.js';

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('probeImage', () => {
  it('reads a JPEG size from its start-of-frame segment, past other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(probeImage(bytes([0xff, 0xd8], app0, sof2))).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
  });

  it('reads PNG, GIF and the three WebP kinds', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0x07, 0x80, 0, 0, 0x04, 0x38]);
    expect(probeImage(png)).toEqual({ type: 'image/png', width: 1920, height: 1080 });
    expect(probeImage(bytes('GIF89a', [0x2c, 0x01, 0xc8, 0x00]))).toEqual({ type: 'image/gif', width: 300, height: 200 });
    const riff = (chunk: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body);
    expect(probeImage(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0x2c, 0x01]))).toEqual({ type: 'image/webp', width: 400, height: 300 });
    // VP8L: width-1 and height-1 in 14 bits each after the 0x2f signature.
    const w = 99;
    const h = 49;
    const bits = w | (h << 14);
    expect(probeImage(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]))).toEqual({ type: 'image/webp', width: 100, height: 50 });
    expect(probeImage(riff('VP8X', [0, 0, 0, 0, 0xff, 0x0f, 0, 0x7f, 0x0b, 0]))).toEqual({ type: 'image/webp', width: 4096, height: 2944 });
  });

  it('knows no other file, and refuses a header it cannot read or a zero size', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(probeImage(bytes('BM', [0, 0, 0, 0]))).toBeUndefined();
    expect(probeImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('image/jpeg');
    expect(probeImage(bytes('GIF89a', [0, 0, 0, 0]))).toBeUndefined();
    expect(probeImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IDAT', [0, 0, 0, 1, 0, 0, 0, 1]))).toBeUndefined();
  });
});
