// Which image a file is, by its bytes (never by its name or declared type), and its size in pixels
// from its header: JPEG (SOF segments), PNG (IHDR), GIF (logical screen) and WebP (VP8, VP8L,
// VP8X). Pure: the upload route decides what an unknown or unreadable file means.
import type { UploadImageType } from '@sc/contracts';

export interface ProbedImage {
  type: UploadImageType;
  width: number;
  height: number;
}

/** The image type the file's first bytes announce, or undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | undefined {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, o: number) => u16le(b, o) | ((b[o + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, o: number) => ((b[o] ?? 0) * 2 ** 24) + (((b[o + 1] ?? 0) << 16) | ((b[o + 2] ?? 0) << 8) | (b[o + 3] ?? 0));

function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1] ?? 0;
    // Fill bytes, and markers without a length (restart markers, TEM).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = u16be(b, offset + 2);
    if (length < 2) return undefined;
    // Start-of-frame markers (baseline, progressive, lossless, …), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, offset + 5), width: u16be(b, offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

/** The image's type and size; undefined when the bytes are no supported image or its header cannot be read. */
export function probeImage(bytes: Uint8Array): ProbedImage | undefined {
  const type = sniffImageType(bytes);
  if (!type) return undefined;
  let size: { width: number; height: number } | undefined;
  switch (type) {
    case 'image/jpeg':
      size = jpegSize(bytes);
      break;
    case 'image/png':
      // The IHDR chunk must come first.
      size = bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR' ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : undefined;
      break;
    case 'image/gif':
      size = bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : undefined;
      break;
    case 'image/webp':
      size = webpSize(bytes);
      break;
  }
  // SPEC 3 sizes are 'WxH' with up to six digits each.
  if (!size || size.width < 1 || size.height < 1 || size.width > 999_999 || size.height > 999_999) return undefined;
  return { type, ...size };
}
