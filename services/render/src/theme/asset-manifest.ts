// The script and style tags that hydrate a page's islands, from the web app's Vite manifest
// (web/dist/.vite/manifest.json). When there is no manifest (web/ not built), pages get no script
// tags and stay readable without JavaScript. The file is looked at again at most every few seconds,
// so a build made while the service runs is picked up; its digest is part of the page cache key.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
}

const NONE: PageAssets = Object.freeze({ scripts: [], preloads: [], styles: [] });
const RECHECK_MS = 5_000;

/** An island's entry: `src/islands/{name}.{tsx,ts,jsx,js}`, or the entry whose `name` is the island's. */
function entryFor(manifest: Manifest, island: string): [string, ManifestChunk] | undefined {
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    if (/^src\/islands\/([^/]+)\.[jt]sx?$/.exec(key)?.[1] === island || chunk.name === island) return [key, chunk];
  }
  return undefined;
}

const asset = (file: string): string => `/${file.replace(/^\/+/, '')}`;

export class AssetManifest {
  readonly #file: string;
  #manifest: Manifest | null = null;
  #digest = 'none';
  #mtimeMs = -1;
  #checkedAt = -Infinity;
  // Keyed by the islands of a page: a handful of combinations, bounded all the same.
  readonly #memo = new LRUCache<string, PageAssets>({ max: 512 });

  constructor(webDist: string) {
    this.#file = path.resolve(webDist, '.vite', 'manifest.json');
    this.#refresh(Date.now());
  }

  /** Identifies the manifest's content ('none' without one): pages rendered with another are stale. */
  digest(now = Date.now()): string {
    if (now - this.#checkedAt >= RECHECK_MS) this.#refresh(now);
    return this.#digest;
  }

  /** The tags for these islands (entries, the chunks they import, their CSS), each once. */
  forIslands(islands: readonly string[]): PageAssets {
    const manifest = this.#manifest;
    if (!manifest) return NONE;
    const key = islands.join(',');
    const known = this.#memo.get(key);
    if (known) return known;
    const scripts: string[] = [];
    const preloads = new Set<string>();
    const styles = new Set<string>();
    const visit = (chunkKey: string, seen: Set<string>) => {
      const chunk = manifest[chunkKey];
      if (!chunk || seen.has(chunkKey)) return;
      seen.add(chunkKey);
      for (const css of chunk.css ?? []) styles.add(asset(css));
      for (const imported of chunk.imports ?? []) {
        const file = manifest[imported]?.file;
        if (file) preloads.add(asset(file));
        visit(imported, seen);
      }
    };
    const seen = new Set<string>();
    for (const island of islands) {
      const entry = entryFor(manifest, island);
      if (!entry) continue;
      const src = asset(entry[1].file);
      if (!scripts.includes(src)) scripts.push(src);
      visit(entry[0], seen);
    }
    const result = { scripts, preloads: [...preloads].filter((p) => !scripts.includes(p)), styles: [...styles] };
    this.#memo.set(key, result);
    return result;
  }

  #refresh(now: number): void {
    this.#checkedAt = now;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.#file).mtimeMs;
    } catch {
      this.#set(null, 'none', -1);
      return;
    }
    if (mtimeMs === this.#mtimeMs) return;
    try {
      const text = readFileSync(this.#file, 'utf8');
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      this.#set(parsed as Manifest, createHash('sha1').update(text).digest('hex').slice(0, 12), mtimeMs);
    } catch {
      // A manifest being written or broken: no scripts until a good one is there.
      this.#set(null, 'invalid', mtimeMs);
    }
  }

  #set(manifest: Manifest | null, digest: string, mtimeMs: number): void {
    this.#manifest = manifest;
    this.#digest = digest;
    this.#mtimeMs = mtimeMs;
    this.#memo.clear();
  }
}
