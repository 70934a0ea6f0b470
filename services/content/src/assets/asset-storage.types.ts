// The port of the asset store (asset-storage.ts keeps files in a directory, s3-storage.ts in an
// S3-compatible bucket): its own file so the features handed a store (export, website deletion)
// import only what a store is, not the assets feature's code.
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  stream: Readable;
}

export interface AssetStorage {
  /** Stores the bytes under the key. Keys are content hashes: writing one twice writes the same bytes. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under the key, or undefined. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under the key; a missing file is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file of the website (a deleted website's purge); none is no error. */
  deleteWebsite(websiteId: string): Promise<void>;
}
