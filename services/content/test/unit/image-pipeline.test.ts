// The image pipeline on real sharp: magic numbers decide the type, a corrupt or truncated file is
// refused, EXIF orientation is applied and metadata stripped, variants are the asked width (never
// enlarged) in the negotiated format, and the queue refuses work beyond its bound.
import { describe, expect, it } from '@jest/globals';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ImagePipeline, ImageRejected, PipelineBusy, negotiate, parseVariantSize } from '../../src/assets/image-pipeline.js';
import { sniffImageType } from '../../src/assets/image-probe.js';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const jpeg = (width: number, height: number, withExif?: { orientation: number }) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2f5d50' } });
  return (
    withExif
      ? image.withMetadata({ orientation: withExif.orientation, exif: { IFD0: { Copyright: 'Harbour & Pine', Artist: 'Maren' } } })
      : image
  )
    .jpeg()
    .toBuffer();
};

describe(ImagePipeline.name, () => {
  const pipeline = new ImagePipeline({ maxPixels: 4_000_000, concurrency: 2, maxQueued: 10, avif: true });

  it('knows the four types by their first bytes, and nothing else', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('BM\0\0'))).toBeUndefined();
  });

  it('negotiates AVIF, then WebP, then JPEG (or PNG for images that may be transparent)', () => {
    expect(negotiate(CHROME_ACCEPT, 'jpeg', true)).toBe('avif');
    expect(negotiate(CHROME_ACCEPT, 'jpeg', false)).toBe('webp');
    expect(negotiate('image/webp,*/*', 'png', true)).toBe('webp');
    expect(negotiate('image/avif;q=0,image/webp', 'jpeg', true)).toBe('webp');
    expect(negotiate('*/*', 'jpeg', true)).toBe('jpeg');
    expect(negotiate(undefined, 'gif', true)).toBe('png');
    expect(negotiate('image/png,image/*', 'webp', true)).toBe('png');
  });

  it('reads ?format= as a SPEC 9 width or the original', () => {
    expect(parseVariantSize('300w')).toBe(300);
    expect(parseVariantSize('2500w')).toBe(2500);
    expect(parseVariantSize('original')).toBe('original');
    expect(parseVariantSize(undefined)).toBe('original');
    for (const bad of ['301w', '300', 'w', '99999w', '-100w', '']) expect(parseVariantSize(bad)).toBeUndefined();
  });

  it('turns an upload upright and strips its metadata; keeps clean bytes as they came', async () => {
    // Orientation 6: stored 300x200, shown rotated 90° as 200x300.
    const rotated = await jpeg(300, 200, { orientation: 6 });
    expect((await sharp(rotated).metadata()).exif).toBeDefined();
    const prepared = await pipeline.prepareOriginal(rotated, 'image/jpeg');
    expect(prepared).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    const meta = await sharp(prepared.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([200, 300, undefined, undefined]);

    const clean = await jpeg(64, 48);
    const kept = await pipeline.prepareOriginal(clean, 'image/jpeg');
    expect(kept.bytes.equals(clean)).toBe(true);
  });

  it('strips text chunks and comments too: a PNG tEXt, a JPEG COM segment, and APP data sharp does not name', async () => {
    const secret = 'Maren Holt, 51.5072N 0.1276W';
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([length, Buffer.from(type), data, crc]);
    };
    const plainPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    // After the signature (8 bytes) and IHDR (25 bytes).
    const png = Buffer.concat([plainPng.subarray(0, 33), chunk('tEXt', Buffer.from(`Author\0${secret}`)), plainPng.subarray(33)]);
    expect((await sharp(png).metadata()).comments).toEqual([{ keyword: 'Author', text: secret }]);
    const strippedPng = await pipeline.prepareOriginal(png, 'image/png');
    expect(strippedPng.bytes.includes(secret)).toBe(false);
    expect((await sharp(strippedPng.bytes).metadata()).comments).toBeUndefined();

    const plainJpeg = await jpeg(40, 30);
    const segment = (marker: number, data: Buffer) =>
      Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
    for (const marker of [0xfe, 0xec]) {
      const withSegment = Buffer.concat([plainJpeg.subarray(0, 2), segment(marker, Buffer.from(secret)), plainJpeg.subarray(2)]);
      const stripped = await pipeline.prepareOriginal(withSegment, 'image/jpeg');
      expect({ marker, leaked: stripped.bytes.includes(secret), size: [stripped.width, stripped.height] }).toEqual({
        marker,
        leaked: false,
        size: [40, 30],
      });
    }
  });

  it('refuses a truncated file, a file whose bytes are of another type, and one over the pixel limit', async () => {
    const whole = await jpeg(400, 300);
    await expect(pipeline.prepareOriginal(whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg')).rejects.toMatchObject({
      reason: 'corrupt',
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    await expect(pipeline.prepareOriginal(png, 'image/jpeg')).rejects.toMatchObject({ reason: 'unsupported' });
    const huge = await sharp({ create: { width: 2100, height: 2000, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await expect(pipeline.prepareOriginal(huge, 'image/jpeg')).rejects.toBeInstanceOf(ImageRejected);
    await expect(pipeline.prepareOriginal(huge, 'image/jpeg')).rejects.toMatchObject({ reason: 'too-many-pixels' });
  });

  it('makes a variant the asked width in the asked format, never wider than the original', async () => {
    const original = await jpeg(1200, 800);
    const webp = await sharp(await pipeline.variant(original, 300, 'webp')).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 300, 200]);
    const avif = await sharp(await pipeline.variant(original, 500, 'avif')).metadata();
    expect([avif.format, avif.width]).toEqual(['heif', 500]);
    const big = await sharp(await pipeline.variant(original, 2500, 'jpeg')).metadata();
    expect([big.format, big.width]).toEqual(['jpeg', 1200]);
  });

  it('runs at most `concurrency` images at once and refuses work beyond the queue', async () => {
    const small = new ImagePipeline({ maxPixels: 4_000_000, concurrency: 1, maxQueued: 2, avif: false });
    const original = await jpeg(800, 600);
    const jobs = Array.from({ length: 5 }, () =>
      small.variant(original, 500, 'webp').then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    expect(small.load).toEqual({ active: 1, pending: 2 });
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r === 'done')).toHaveLength(3);
    expect(results.filter((r) => r instanceof PipelineBusy)).toHaveLength(2);
  });
});
