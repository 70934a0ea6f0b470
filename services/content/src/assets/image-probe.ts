// Which image a file is, by its first bytes (never by its name or declared type): the gate in
// front of the decoder, so libvips only ever parses JPEG, PNG, GIF and WebP from owners (its SVG,
// PDF, TIFF and other loaders never see their bytes). Sizes come from sharp after this.
import type { UploadImageType } from '@sc/contracts';

/** The image type the file's first bytes announce, or undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | undefined {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}
