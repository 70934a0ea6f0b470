// The asset store's configuration, read once when the app is built: where files are kept
// (ASSETS_DIR, default DATA_DIR/assets; a throw-away directory when the database is in memory)
// and the public base of their URLs (ASSETS_PUBLIC_URL, e.g. a CDN in front of the gateway;
// default: the origin the owner uploaded through).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IN_MEMORY_DATA_DIR, httpUrl, loadConfig, optional } from '@sc/platform';
import { z } from 'zod';

export const AssetsEnv = z.object({
  ASSETS_DIR: optional(z.string().min(1)),
  ASSETS_PUBLIC_URL: optional(httpUrl),
});

export interface AssetsSettings {
  directory: string;
  /** Without a trailing slash; undefined: the request's own origin. */
  publicUrl: string | undefined;
}

export function assetsSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env): AssetsSettings {
  const parsed = loadConfig(AssetsEnv, env);
  const directory =
    parsed.ASSETS_DIR ?? (dataDir === IN_MEMORY_DATA_DIR ? mkdtempSync(path.join(tmpdir(), 'sc-assets-')) : path.join(dataDir, 'assets'));
  return { directory: path.resolve(directory), publicUrl: parsed.ASSETS_PUBLIC_URL?.replace(/\/+$/, '') };
}
