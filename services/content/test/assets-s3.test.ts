// The S3 store against a real S3-protocol server on this machine: @20minutes/s3rver (a dev
// dependency, so `pnpm install` gives CI and every checkout the server; it checks SigV4
// signatures of object requests, keeps objects on disk with MD5 ETags and answers NoSuchKey like
// S3). With S3_TEST_ENDPOINT (and S3_TEST_BUCKET, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) the
// same tests run against that store instead, e.g. the MinIO of docker-compose.yml.
//
// Two content apps share one bucket, one built from the environment exactly as in production
// (S3_BUCKET, S3_ENDPOINT, the SDK's credential chain), one with a store that counts its writes:
// uploads, variants made once (also under concurrent requests), ETag and 304, each app serving
// the other's images, deleting an image with its variants, a wrong secret refused, and a deleted
// website's purge: content lists the website's keys (ListObjectsV2) and deletes them
// (DeleteObjects), leaving every other website's files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OwnerUiMessages, type UploadedAsset } from '@sc/contracts';
import { pngImage } from '@sc/platform/test-kit';
import sharp from 'sharp';
import { assetsSettings, type S3Settings } from '../src/assets/assets.config.js';
import { contentId } from '../src/assets/assets.service.js';
import { S3AssetStorage } from '../src/assets/s3-storage.js';
import type { ContentParts } from '../src/module.js';
import { imageUpload } from './upload-kit.js';
import { ADMIN, setup, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

interface LocalS3 {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type LocalS3Class = new (options: Record<string, unknown>) => LocalS3;

const SERVER_PACKAGE = '@20minutes/s3rver';
const external = process.env.S3_TEST_ENDPOINT;
/** The local server's class, or why there is none (the only reason these tests skip). */
let LocalServer: LocalS3Class | undefined;
let absent = '';
if (!external) {
  try {
    LocalServer = ((await import(SERVER_PACKAGE)) as { default: LocalS3Class }).default;
  } catch (error) {
    absent = `${SERVER_PACKAGE} is not installed (${(error as Error).message}); run pnpm install, or set S3_TEST_ENDPOINT to an S3-compatible store`;
    console.warn(`S3 store tests skipped: ${absent}`);
  }
}

const BUCKET = process.env.S3_TEST_BUCKET ?? 'sc-assets-test';
const KEY_ID = external ? (process.env.AWS_ACCESS_KEY_ID ?? '') : 'S3RVER';
const SECRET = external ? (process.env.AWS_SECRET_ACCESS_KEY ?? '') : 'S3RVER';
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** The S3 store, counting the keys it writes (to see a variant made once). */
class CountingS3 extends S3AssetStorage {
  readonly puts: string[] = [];
  override async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    this.puts.push(key);
    return super.put(key, bytes, contentType);
  }
}

(LocalServer || external ? describe : describe.skip)(
  `image storage in an S3-compatible store${absent ? ` (skipped: ${absent})` : ''}`,
  () => {
    let server: LocalS3 | undefined;
    let endpoint: string;
    let settings: S3Settings;
    let raw: S3Client;
    let counted: CountingS3;
    /** Built from the environment, as a deployment builds it. */
    let fromEnv: Kit;
    /** The same bucket through the counting store. */
    let counting: Kit;
    let site: string;
    const saved: Record<string, string | undefined> = {};
    const prefix = `run-${Date.now().toString(36)}/`;

    const setEnv = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) {
        if (!(name in saved)) saved[name] = process.env[name];
        process.env[name] = value;
      }
    };

    beforeAll(async () => {
      if (external) {
        endpoint = external;
      } else {
        // Port 0: the system picks a free one.
        server = new LocalServer!({
          address: '127.0.0.1',
          port: 0,
          silent: true,
          directory: mkdtempSync(path.join(tmpdir(), 'sc-s3rver-')),
          configureBuckets: [{ name: BUCKET }],
        });
        endpoint = `http://127.0.0.1:${(await server.run()).port}`;
      }
      setEnv({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_PREFIX: prefix,
        AWS_ACCESS_KEY_ID: KEY_ID,
        AWS_SECRET_ACCESS_KEY: SECRET,
      });
      settings = assetsSettings(mkdtempSync(path.join(tmpdir(), 'sc-s3-data-'))).s3!;
      expect(settings).toEqual({ bucket: BUCKET, endpoint, region: 'us-east-1', forcePathStyle: true, prefix });
      raw = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
      });
      counted = new CountingS3(settings);
      fromEnv = await setup();
      counting = await setup({ assets: counted });
      site = await fromEnv.newWebsite();
      // Both apps use one database in both modes (the file's embedded PGlite, or DATABASE_URL's).
    }, KIT_START_TIMEOUT_MS);

    afterAll(async () => {
      await fromEnv?.close();
      await counting?.close();
      counted?.close();
      raw?.destroy();
      await server?.close();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    const upload = async (on: Kit, name: string, bytes: Buffer): Promise<UploadedAsset> => {
      const { body, headers } = imageUpload(name, bytes);
      const response = await on.call(
        'POST',
        `/api/content-service/1.0/websites/${site}/assets`,
        { websiteId: site, roles: ADMIN, headers },
        body,
      );
      expect(response.statusCode).toBe(201);
      return response.json<UploadedAsset>();
    };
    const pathOf = (asset: UploadedAsset) => new URL(asset.assetUrl).pathname;
    const get = (on: Kit, url: string, headers: Record<string, string> = {}) =>
      on.call('GET', url, { websiteId: site, headers: { accept: CHROME_ACCEPT, ...headers } });
    const object = async (key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | undefined> => {
      try {
        const found = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}${key}` }));
        return { bytes: Buffer.from(await found.Body!.transformToByteArray()), contentType: found.ContentType };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    };

    it('stores an upload in the bucket under its content hash and serves it back', async () => {
      const bytes = pngImage(640, 480, [30, 140, 90]);
      const asset = await upload(fromEnv, 'field.png', bytes);
      const stored = await object(`${site}/${asset.id}.png`);
      expect(stored?.contentType).toBe('image/png');
      expect(stored?.bytes.equals(bytes)).toBe(true);
      const served = await get(fromEnv, pathOf(asset));
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });

    it('makes a variant once, keeps it in the bucket, and answers its ETag with a 304', async () => {
      const asset = await upload(counting, 'lake.png', pngImage(900, 600, [20, 60, 180]));
      const first = await get(counting, `${pathOf(asset)}?format=300w`, { accept: 'image/webp,*/*' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(first.rawPayload).metadata()).width).toBe(300);
      const key = `${site}/${asset.id}.300w.webp`;
      expect((await object(key))?.bytes.equals(first.rawPayload)).toBe(true);
      const revalidated = await get(counting, `${pathOf(asset)}?format=300w`, {
        accept: 'image/webp,*/*',
        'if-none-match': String(first.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      await get(counting, `${pathOf(asset)}?format=300w`, { accept: 'image/webp,*/*' });
      expect(counted.puts.filter((k) => k === key)).toHaveLength(1);
    });

    it('makes a variant asked for by many requests at once only once', async () => {
      const asset = await upload(counting, 'crowd.png', pngImage(1600, 1000, [200, 160, 20]));
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(counting, `${pathOf(asset)}?format=750w`)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      const format = String(answers[0]!.headers['content-type']).slice('image/'.length);
      expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
      expect(counted.puts.filter((k) => k.startsWith(`${site}/${asset.id}.750w.`))).toEqual([`${site}/${asset.id}.750w.${format}`]);
    });

    it("lets two content instances on one bucket serve each other's images and variants", async () => {
      const asset = await upload(fromEnv, 'shared.png', pngImage(1200, 900, [120, 20, 120]));
      // The other instance has never seen it: the original and a variant it makes come from the bucket.
      const original = await get(counting, pathOf(asset));
      expect(original.statusCode).toBe(200);
      const made = await get(counting, `${pathOf(asset)}?format=500w`, { accept: 'image/webp' });
      expect(made.statusCode).toBe(200);
      expect(counted.puts).toContain(`${site}/${asset.id}.500w.webp`);
      // ...and the first instance serves that variant as stored, byte for byte.
      const again = await get(fromEnv, `${pathOf(asset)}?format=500w`, { accept: 'image/webp' });
      expect(again.rawPayload.equals(made.rawPayload)).toBe(true);
      // The other way round: a variant made by the first instance is not made again by the second.
      const byFirst = await get(fromEnv, `${pathOf(asset)}?format=1000w`, { accept: 'image/webp' });
      const before = counted.puts.length;
      const bySecond = await get(counting, `${pathOf(asset)}?format=1000w`, { accept: 'image/webp' });
      expect(bySecond.rawPayload.equals(byFirst.rawPayload)).toBe(true);
      expect(counted.puts.length).toBe(before);
    });

    it('deletes an image and every variant from the bucket; neither instance serves it afterwards', async () => {
      const asset = await upload(fromEnv, 'gone.png', pngImage(800, 800, [10, 10, 10]));
      expect((await get(fromEnv, `${pathOf(asset)}?format=500w`, { accept: 'image/webp' })).statusCode).toBe(200);
      expect((await get(fromEnv, `${pathOf(asset)}?format=300w`, { accept: 'image/png' })).statusCode).toBe(200);
      expect(await object(`${site}/${asset.id}.500w.webp`)).toBeDefined();
      const deleted = await fromEnv.call('DELETE', `/api/content-service/1.0/websites/${site}/media/${asset.id}`, {
        websiteId: site,
        roles: ADMIN,
      });
      expect(deleted.statusCode).toBe(204);
      for (const key of [`${asset.id}.png`, `${asset.id}.500w.webp`, `${asset.id}.300w.png`])
        expect(await object(`${site}/${key}`)).toBeUndefined();
      // The other instance never kept it in memory: the bucket's answer is final there.
      expect((await get(counting, pathOf(asset))).statusCode).toBe(404);
      expect((await get(counting, `${pathOf(asset)}?format=750w`)).statusCode).toBe(404);
    });

    it("purges a deleted website's files from the bucket, and no file of another website", async () => {
      const DAY = 86_400_000;
      const doomed = await fromEnv.newWebsite();
      // A website whose id starts with the purged one's: its folder is another prefix.
      const neighbour = `${doomed}-b`;
      await fromEnv.websites.create({
        id: neighbour,
        title: neighbour,
        templateId: 'harbour',
        domains: [`${neighbour.replaceAll('_', '-')}.example.com`],
      });
      const uploadTo = async (websiteId: string, name: string, bytes: Buffer): Promise<UploadedAsset> => {
        const { body, headers } = imageUpload(name, bytes);
        const response = await fromEnv.call(
          'POST',
          `/api/content-service/1.0/websites/${websiteId}/assets`,
          { websiteId, roles: ADMIN, headers },
          body,
        );
        expect(response.statusCode).toBe(201);
        return response.json<UploadedAsset>();
      };
      const mine = await uploadTo(doomed, 'doomed.png', pngImage(700, 500, [200, 30, 30]));
      expect(
        (await fromEnv.call('GET', `${pathOf(mine)}?format=300w`, { websiteId: doomed, headers: { accept: 'image/webp' } })).statusCode,
      ).toBe(200);
      const theirs = await uploadTo(neighbour, 'kept.png', pngImage(300, 300, [30, 30, 200]));
      const ours = await upload(fromEnv, 'kept-too.png', pngImage(320, 240, [30, 200, 30]));
      // A couple of hundred more files of the doomed website. (One listing page: s3rver cannot make a
      // continuation token on Node 24, whose OpenSSL has no DES, so a truncated listing fails there;
      // the purge does not use tokens, it lists from the front again after each page's deletion.)
      const extra = Array.from({ length: 200 }, (_, i) => `${doomed}/f${String(i).padStart(4, '0')}.png`);
      for (let i = 0; i < extra.length; i += 25) {
        await Promise.all(
          extra.slice(i, i + 25).map((key) => raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}${key}`, Body: 'x' }))),
        );
      }
      const lister = new S3AssetStorage(settings);
      const keysUnder = async (folder: string): Promise<string[]> => {
        const keys: string[] = [];
        const page = await lister.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}${folder}/` }));
        expect(page.IsTruncated).toBe(false);
        keys.push(...(page.Contents ?? []).map((o) => o.Key!.slice(prefix.length)));
        return keys.sort();
      };
      try {
        const before = await keysUnder(doomed);
        expect(before).toHaveLength(202);
        expect(before).toEqual(expect.arrayContaining([`${doomed}/${mine.id}.png`, `${doomed}/${mine.id}.300w.webp`]));
        const keptBefore = { theirs: await keysUnder(neighbour), ours: await keysUnder(site) };
        expect(keptBefore.theirs).toEqual([`${neighbour}/${theirs.id}.png`]);
        expect(keptBefore.ours).toContain(`${site}/${ours.id}.png`);

        const deleted = await fromEnv.call(
          'DELETE',
          `/api/content-service/1.0/websites/${doomed}`,
          { websiteId: doomed, roles: ADMIN },
          { confirm: `Site ${doomed}` },
        );
        expect(deleted.statusCode).toBe(200);
        const { deletion } = (fromEnv.app as unknown as { serviceParts: ContentParts }).serviceParts;
        // Within the 30 days nothing goes; after them, the website's files go with its rows.
        await deletion.purgeDue(Date.now());
        expect(await keysUnder(doomed)).toHaveLength(202);
        expect(await deletion.purgeDue(Date.now() + 31 * DAY)).toBe(1);
        expect(await keysUnder(doomed)).toEqual([]);
        expect(await object(`${doomed}/${mine.id}.png`)).toBeUndefined();
        expect(await keysUnder(neighbour)).toEqual(keptBefore.theirs);
        expect(await keysUnder(site)).toEqual(keptBefore.ours);
        expect((await get(fromEnv, pathOf(ours))).statusCode).toBe(200);
      } finally {
        lister.close();
      }
    }, 120_000);

    it("refuses to store with a wrong secret (the server checks signatures): 'File upload failed to complete', nothing stored", async () => {
      const wrong = new S3AssetStorage(
        settings,
        new S3Client({
          region: 'us-east-1',
          endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: KEY_ID, secretAccessKey: `${SECRET}-wrong` },
          requestChecksumCalculation: 'WHEN_REQUIRED',
          maxAttempts: 1,
        }),
      );
      const kit = await setup({ assets: wrong });
      try {
        const other = await kit.newWebsite();
        const bytes = pngImage(50, 50, [1, 200, 3]);
        const { body, headers } = imageUpload('secret.png', bytes);
        const response = await kit.call(
          'POST',
          `/api/content-service/1.0/websites/${other}/assets`,
          { websiteId: other, roles: ADMIN, headers },
          body,
        );
        expect(response.statusCode).toBe(503);
        expect(response.json().error.message).toBe(OwnerUiMessages.fileUploadIncomplete);
        expect(await object(`${other}/${contentId(bytes)}.png`)).toBeUndefined();
      } finally {
        await kit.close();
        wrong.close();
      }
    }, 30_000);
  },
);
