// Files in an S3-compatible object store (AWS S3, MinIO, R2, ...) through the AWS SDK: originals
// and variants under the same keys as in a directory, so content can run several replicas with no
// shared volume. Checksums are sent only where the API requires them: stores that implement an
// older S3 (MinIO before 2025, most compatibles) refuse the SDK's newer default trailers.
// Path-style bucket requests (ListObjectsV2, DeleteObjects) go to `/<bucket>?...`, not the SDK's
// `/<bucket>/?...`: S3, MinIO and the AWS CLI take both, but stores that sign the bucket's path
// without the slash (s3rver, which tests the purge) refuse the SDK's signature otherwise.
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, assertWebsiteFolder, type AssetStorage, type StoredFile } from './asset-storage.js';
import type { S3Settings } from './assets.config.js';

export class S3AssetStorage implements AssetStorage {
  readonly client: S3Client;

  constructor(
    readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    if (settings.forcePathStyle) withoutBucketSlash(this.client, settings.bucket);
  }

  #key(key: string): string {
    assertKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.#key(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.#key(key) }));
      return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
      throw error;
    }
  }

  /** One DeleteObject per key (S3 answers 204 for a key that is not there). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.#key(key) }));
  }

  /** Lists the website's keys (a thousand at a time) and deletes each page with one DeleteObjects. */
  async deleteWebsite(websiteId: string): Promise<void> {
    assertWebsiteFolder(websiteId);
    const Prefix = `${this.settings.prefix}${websiteId}/`;
    // Each page's keys are deleted before the next listing, so the listing always starts again at the front.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0)
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (!page.IsTruncated || keys.length === 0) return;
    }
  }

  /** Stops the client's sockets (the service's onClose). */
  close(): void {
    this.client.destroy();
  }
}

/**
 * Sends (and signs) a path-style request for the bucket itself as `/<bucket>` rather than
 * `/<bucket>/`; object requests (`/<bucket>/<key>`) are left alone. Runs before signing.
 */
export function withoutBucketSlash(client: S3Client, bucket: string): void {
  const bucketPath = `/${bucket}/`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: unknown };
      if (request.path === bucketPath) request.path = bucketPath.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'sc-bucket-path-without-slash', override: true },
  );
}
