// Uploading images: multipart, one file, the SPEC 5 and SPEC 8 messages word for word (unsupported
// file, too large with the maximum size, processing and upload failures), nothing stored on a
// refusal, the stored file served back from its URL at every SPEC 9 width in the negotiated
// format (made once, kept next to the original, immutable with an ETag), and who may upload.
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityMessages, MAX_UPLOAD_BYTES, Role, type UploadedAsset } from '@sc/contracts';
import { pngImage } from '@sc/platform/test-kit';
import sharp from 'sharp';
import { DirectoryAssetStorage, type AssetStorage } from '../src/assets/asset-storage.js';
import { contentId } from '../src/assets/assets.service.js';
import { setup, type Caller, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const png = pngImage;

const BOUNDARY = '----sc-test-boundary-7d1f';
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** The directory store, counting what is written to it (to see a variant made once). */
class CountingStorage extends DirectoryAssetStorage {
  readonly puts: string[] = [];
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    this.puts.push(key);
    return super.put(key, bytes);
  }
}

/** A multipart/form-data body with one file part (and its headers), optionally cut short. */
function multipart(
  file: { name: string; type: string; bytes: Buffer } | undefined,
  options: { truncate?: boolean; field?: string } = {},
): { body: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  if (options.field) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${options.field}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(options.truncate ? file.bytes.subarray(0, Math.floor(file.bytes.length / 2)) : file.bytes);
    if (!options.truncate) parts.push(Buffer.from('\r\n'));
  }
  if (!options.truncate) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, host: 'shop.example.test' },
  };
}

describe('image uploads', () => {
  let kit: Kit;
  let failing: Kit;
  let site: string;
  let storageDir: string;
  let storage: CountingStorage;
  const stored = () => (existsSync(path.join(storageDir, site)) ? readdirSync(path.join(storageDir, site)) : []);

  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(tmpdir(), 'sc-assets-test-'));
    storage = new CountingStorage(storageDir);
    kit = await setup({ assets: storage });
    const broken: AssetStorage = {
      put: async () => {
        throw new Error('disk full');
      },
      get: async () => undefined,
      delete: async () => undefined,
      deleteWebsite: async () => undefined,
    };
    failing = await setup({ assets: broken });
    site = await kit.newWebsite();
  }, KIT_START_TIMEOUT_MS);

  afterAll(async () => {
    await kit?.close();
    await failing?.close();
  });

  const upload = (
    file: Parameters<typeof multipart>[0],
    caller: Partial<Caller> = {},
    options: Parameters<typeof multipart>[1] = {},
    on: Kit = kit,
    websiteId = site,
  ) => {
    const { body, headers } = multipart(file, options);
    return on.call(
      'POST',
      `/api/content-service/1.0/websites/${websiteId}/assets`,
      { websiteId, roles: [Role.ADMIN], ...caller, headers: { ...headers, ...caller.headers } },
      body,
    );
  };

  it('stores an image and serves it back from a stable URL with its size in pixels', async () => {
    const bytes = png(3, 2);
    const response = await upload({ name: 'tote.png', type: 'image/png', bytes });
    expect(response.statusCode).toBe(201);
    const asset = response.json<UploadedAsset>();
    expect(asset).toEqual({
      // The content's hash: the same bytes always get the same name, so the URL is immutable.
      id: contentId(bytes),
      // The public origin (PUBLIC_URL, default http://localhost:8080, with a domain of the website), never the request's Host.
      assetUrl: `http://localhost:8080/api/content-service/public/1.0/assets/${site}/${asset.id}.png`,
      filename: 'tote.png',
      contentType: 'image/png',
      size: bytes.length,
      originalSize: '3x2',
    });
    expect(stored()).toEqual([`${asset.id}.png`]);

    // Public: any visitor on any host reads it, cached for good (the name never gets other bytes).
    for (const query of ['', '?format=original']) {
      const served = await kit.call('GET', new URL(asset.assetUrl).pathname + query, {
        websiteId: 'another-site',
        headers: { accept: CHROME_ACCEPT },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(`"${asset.id}"`);
      expect(served.headers.vary).toBeUndefined();
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const unknownSize = await kit.call('GET', new URL(asset.assetUrl).pathname + '?format=301w', { websiteId: site });
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.json<{ error: { message: string } }>().error.message).toBe(
      "format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w or 'original'",
    );

    const missing = await kit.call('GET', `/api/content-service/public/1.0/assets/${site}/${'a'.repeat(22)}.png`, { websiteId: site });
    expect(missing.statusCode).toBe(404);
    const traversal = await kit.call('GET', `/api/content-service/public/1.0/assets/${site}/..%2F..%2Fetc%2Fpasswd`, { websiteId: site });
    expect(traversal.statusCode).toBe(400);
  });

  it('answers ?format=300w an image 300 pixels wide, WebP for a browser that accepts it, made once and then revalidated with a 304', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2f5d50' } })
      .jpeg()
      .toBuffer();
    const asset = (await upload({ name: 'bowl.jpg', type: 'image/jpeg', bytes: photo })).json<UploadedAsset>();
    expect(asset).toMatchObject({ contentType: 'image/jpeg', originalSize: '1200x900' });
    const path300 = `${new URL(asset.assetUrl).pathname}?format=300w`;
    const writes = storage.puts.length;
    // Five browsers ask at once for the variant nobody asked for before: it is made once.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => kit.call('GET', path300, { websiteId: site, headers: { accept: 'image/webp,*/*' } })),
    );
    expect(storage.puts.slice(writes)).toEqual([`${site}/${asset.id}.300w.webp`]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.headers.vary).toBe('Accept');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.etag).toBe(`"${asset.id}-300w-webp-p1"`);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    const meta = await sharp(answers[0]!.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 225]);
    expect(stored()).toContain(`${asset.id}.300w.webp`);

    // Served again from the store, and a revalidation reads nothing.
    const again = await kit.call('GET', path300, { websiteId: site, headers: { accept: 'image/webp' } });
    expect(again.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const notModified = await kit.call('GET', path300, {
      websiteId: site,
      headers: { accept: 'image/webp', 'if-none-match': `"${asset.id}-300w-webp-p1"` },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(storage.puts.slice(writes)).toHaveLength(1);

    // AVIF for Chrome; JPEG for a client that takes neither.
    const avif = await kit.call('GET', path300, { websiteId: site, headers: { accept: CHROME_ACCEPT } });
    expect(avif.headers['content-type']).toBe('image/avif');
    const plain = await kit.call('GET', path300, { websiteId: site, headers: { accept: '*/*' } });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(300);
    // Never enlarged: 2500w of a 1200-pixel image is 1200 wide.
    const widest = await kit.call('GET', `${new URL(asset.assetUrl).pathname}?format=2500w`, {
      websiteId: site,
      headers: { accept: 'image/webp' },
    });
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(1200);
  });

  it("refuses a file that is not a supported image: 'does not appear to be a supported file'", async () => {
    const before = stored();
    const text = await upload({ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('just some notes') });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: {
        code: 'UNPROCESSABLE',
        message: 'The file notes.txt does not appear to be a supported file',
        fields: { file: 'The file notes.txt does not appear to be a supported file' },
      },
    });
    // A name that says PNG is not enough: the bytes decide.
    const disguised = await upload({
      name: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<{ error: { message: string } }>().error.message).toBe(
      'The file photo.png does not appear to be a supported file',
    );
    // And image bytes under a name of another kind are refused too.
    const renamed = await upload({ name: 'tote.svg', type: 'image/svg+xml', bytes: png(2, 2) });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json<{ error: { message: string } }>().error.message).toBe('The file tote.svg does not appear to be a supported file');
    expect(stored()).toEqual(before);
  });

  it("refuses a file over the maximum: 'is too large. The maximum allowed file size is 20 MB.'", async () => {
    const before = stored();
    const big = Buffer.concat([png(4, 4), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png(4, 4).length)]);
    expect(big.length).toBe(20_000_001);
    const response = await upload({ name: 'big.png', type: 'image/png', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file big.png is too large. The maximum allowed file size is 20 MB.',
        fields: { file: 'The file big.png is too large. The maximum allowed file size is 20 MB.' },
      },
    });
    expect(stored()).toEqual(before);

    // Exactly the maximum is allowed.
    const largest = Buffer.concat([png(4, 4), Buffer.alloc(MAX_UPLOAD_BYTES - png(4, 4).length)]);
    const ok = await upload({ name: 'largest.png', type: 'image/png', bytes: largest });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<UploadedAsset>()).toMatchObject({ size: 20_000_000, originalSize: '4x4' });
  }, 30_000);

  it("refuses a corrupt image (a header that cannot be read, or pixels cut short) with 400 'File processing failed'", async () => {
    const before = stored();
    const broken = Buffer.concat([png(2, 2).subarray(0, 8), Buffer.from('not an IHDR chunk at all')]);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c96f3b' } })
      .jpeg()
      .toBuffer();
    for (const [name, bytes] of [
      ['broken.png', broken],
      ['cut.jpg', photo.subarray(0, Math.floor(photo.length * 0.6))],
    ] as const) {
      const response = await upload({ name, type: 'image/png', bytes });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'File processing failed', fields: { file: 'File processing failed' } },
      });
    }
    expect(stored()).toEqual(before);
  });

  it("refuses a JPEG whose pixel data is damaged (a decoder warning, not only an error) with 400 'File processing failed'", async () => {
    const before = stored();
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    // Whole header, whole file length, end marker in place: only the entropy-coded data is garbled.
    const damaged = Buffer.from(photo).fill(0, Math.floor(photo.length / 2), Math.floor(photo.length / 2) + 4_000);
    const response = await upload({ name: 'damaged.jpg', type: 'image/jpeg', bytes: damaged });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'File processing failed', fields: { file: 'File processing failed' } },
    });
    expect(stored()).toEqual(before);
  });

  it('refuses an image over 50 megapixels before decoding it, with 413 naming the limit', async () => {
    const before = stored();
    // A PNG whose header says 10000×10000 (100 megapixels): refused on the header alone.
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([head, Buffer.from(type), data, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(10_000, 0);
    header.writeUInt32BE(10_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const huge = Buffer.concat([
      png(1, 1).subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(10_001))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const response = await upload({ name: 'huge.png', type: 'image/png', bytes: huge });
    const message = 'The file huge.png is too large. The maximum allowed image size is 50 megapixels.';
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message, fields: { file: message } } });
    expect(stored()).toEqual(before);
  });

  it("answers 'File upload failed to complete' when the upload is cut short, has no file, or cannot be stored", async () => {
    const before = stored();
    const cut = await upload({ name: 'cut.png', type: 'image/png', bytes: png(40, 40) }, {}, { truncate: true });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'File upload failed to complete' } });
    const noFile = await upload(undefined, {}, { field: 'only a note' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'File upload failed to complete' } });
    const notMultipart = await kit.call(
      'POST',
      `/api/content-service/1.0/websites/${site}/assets`,
      { websiteId: site, roles: [Role.ADMIN] },
      { file: 'tote.png' },
    );
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'File upload failed to complete' } });
    expect(stored()).toEqual(before);

    const other = await failing.newWebsite();
    const unstored = await upload({ name: 'tote.png', type: 'image/png', bytes: png(2, 2) }, {}, {}, failing, other);
    expect(unstored.statusCode).toBe(503);
    expect(unstored.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'File upload failed to complete' } });
  });

  it("asks for the file's name: 'Please enter a file name'", async () => {
    const response = await upload({ name: '', type: 'image/png', bytes: png(2, 2) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe('Please enter a file name');
  });

  it('lets editors and store managers upload; viewers, visitors and other websites may not', async () => {
    const file = { name: 'tote.png', type: 'image/png', bytes: png(2, 2) };
    expect((await upload(file, { roles: [Role.EDITOR] })).statusCode).toBe(201);
    expect((await upload(file, { roles: [Role.STORE_MANAGER] })).statusCode).toBe(201);
    const viewer = await upload(file, { roles: [Role.VIEWER] });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ error: { code: 'FORBIDDEN', message: IdentityMessages.forbidden } });
    const { body, headers } = multipart(file);
    const visitor = await kit.call('POST', `/api/content-service/1.0/websites/${site}/assets`, { websiteId: site, headers }, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: IdentityMessages.signInRequired } });
    const elsewhere = await upload(file, { identityWebsiteId: 'someone-else' });
    expect(elsewhere.statusCode).toBe(401);
  });
});
