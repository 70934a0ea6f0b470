// A real PNG (solid colour, or noise that does not compress, any size) made in memory, for tests
// that upload or probe images: genuine bytes a browser could send, with valid chunk CRCs and
// compressed pixel data.
import { crc32, deflateSync } from 'node:zlib';

/** A PNG of these rows of RGB pixels (each row `width * 3` bytes). */
function encodePng(width: number, height: number, row: (y: number) => Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits per channel, truecolour, default compression, filter and interlace.
  header.set([8, 2, 0, 0, 0], 8);
  // Each row starts with its filter type (0: none).
  const pixels = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), row(y)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngImage(width: number, height: number, rgb: readonly [number, number, number] = [200, 80, 40]): Buffer {
  const row = Buffer.from(Array.from({ length: width }, () => [...rgb]).flat());
  return encodePng(width, height, () => row);
}

/** A PNG of pseudo-random pixels (about 3 bytes a pixel: big uploads from small sizes); each `seed` gives other bytes. */
export function noisyPngImage(width: number, height: number, seed: number): Buffer {
  let state = seed >>> 0;
  return encodePng(width, height, () => {
    const row = Buffer.alloc(width * 3);
    for (let i = 0; i < row.length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      row[i] = state >>> 24;
    }
    return row;
  });
}
