// Where uploaded files and their variants live. The service only needs to put a file under a key
// and read it back: the embedded default keeps them in a directory (under DATA_DIR, or ASSETS_DIR);
// with S3_BUCKET they go to an S3-compatible store (s3-storage.ts), so several content replicas
// need no shared volume. A variant sits next to its original: 'site/ID.jpg', 'site/ID.500w.webp'.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AssetStorage, StoredFile } from './asset-storage.types.js';

export type { AssetStorage, StoredFile };

const WEBSITE_FOLDER = /^[A-Za-z0-9_-]{1,64}$/;

export function assertWebsiteFolder(websiteId: string): void {
  if (!WEBSITE_FOLDER.test(websiteId)) throw new Error(`not a website's folder: ${websiteId}`);
}

/**
 * Keys are 'websiteId/name.ext' or 'websiteId/name.variant.ext' of safe characters: no key can
 * leave the storage's directory.
 */
const KEY = /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}(?:\.[a-z0-9]{1,16})?\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not an asset key: ${key}`);
}

/** Files in a directory: one folder per website. Writes go to a temporary name first, so a reader never sees half a file. */
export class DirectoryAssetStorage implements AssetStorage {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertKey(key);
    const target = path.join(this.root, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertKey(key);
    const file = path.join(this.root, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { size: info.size, stream: createReadStream(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await rm(path.join(this.root, key), { force: true });
  }

  async deleteWebsite(websiteId: string): Promise<void> {
    assertWebsiteFolder(websiteId);
    await rm(path.join(this.root, websiteId), { recursive: true, force: true });
  }
}
