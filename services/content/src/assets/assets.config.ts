// The asset store's configuration, read once when the app is built: where files are kept (with
// S3_BUCKET an S3-compatible store, otherwise ASSETS_DIR, default DATA_DIR/assets; a throw-away
// directory when the database is in memory), the public base of their URLs (ASSETS_PUBLIC_URL,
// e.g. a CDN in front of the gateway; default: the origin the owner uploaded through) and the
// image pipeline's bounds (pixels per image, images at once, AVIF on or off).
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { IN_MEMORY_DATA_DIR, httpUrl, loadConfig, optional } from '@sc/platform';
import { z } from 'zod';
import { DEFAULT_MAX_PIXELS, type PipelineOptions } from './image-pipeline.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const AssetsEnv = z.object({
  ASSETS_DIR: optional(z.string().min(1)),
  ASSETS_PUBLIC_URL: optional(httpUrl),
  /** Largest image decoded, in megapixels (default 50); a larger upload is refused with a message naming it. */
  ASSETS_MAX_MEGAPIXELS: optional(z.coerce.number().int().min(1).max(1_000)),
  /** Images resized at once (default: the cores). */
  ASSETS_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
  /** AVIF for browsers that accept it (default true; false keeps to WebP, which is quicker to make). */
  ASSETS_AVIF: optional(flag),
  /** With a bucket, files go to an S3-compatible store (AWS S3, MinIO) instead of the directory. */
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  /** The store's endpoint (MinIO: http://minio:9000); unset for AWS. */
  S3_ENDPOINT: optional(httpUrl),
  S3_REGION: optional(z.string().min(1)),
  /** Path-style URLs (bucket in the path), as MinIO and most S3-compatible stores want (default true with an endpoint). */
  S3_FORCE_PATH_STYLE: optional(flag),
  /** A prefix for every key, so one bucket can hold several platforms' files. */
  S3_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_./-]{0,200}$/, 'must be a key prefix')),
  // Credentials: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role).
});

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  prefix: string;
}

export interface AssetsSettings {
  directory: string;
  /** Without a trailing slash; undefined: the request's own origin. */
  publicUrl: string | undefined;
  s3: S3Settings | undefined;
  pipeline: PipelineOptions;
}

export function assetsSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env): AssetsSettings {
  const parsed = loadConfig(AssetsEnv, env);
  const directory =
    parsed.ASSETS_DIR ?? (dataDir === IN_MEMORY_DATA_DIR ? mkdtempSync(path.join(tmpdir(), 'sc-assets-')) : path.join(dataDir, 'assets'));
  return {
    directory: path.resolve(directory),
    publicUrl: parsed.ASSETS_PUBLIC_URL?.replace(/\/+$/, ''),
    s3: parsed.S3_BUCKET
      ? {
          bucket: parsed.S3_BUCKET,
          endpoint: parsed.S3_ENDPOINT,
          region: parsed.S3_REGION ?? 'us-east-1',
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? parsed.S3_ENDPOINT !== undefined,
          prefix: parsed.S3_PREFIX ?? '',
        }
      : undefined,
    pipeline: {
      maxPixels: parsed.ASSETS_MAX_MEGAPIXELS ? parsed.ASSETS_MAX_MEGAPIXELS * 1_000_000 : DEFAULT_MAX_PIXELS,
      concurrency: parsed.ASSETS_CONCURRENCY ?? availableParallelism(),
      maxQueued: 500,
      avif: parsed.ASSETS_AVIF ?? true,
    },
  };
}
