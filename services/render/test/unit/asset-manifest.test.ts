// Island scripts from the web app's Vite manifest: entries by island, their imports and CSS, none
// without a manifest, and a manifest written later picked up.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { AssetManifest } from '../../src/theme/asset-manifest.js';

const dirs: string[] = [];
function webDist(manifest?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'render-assets-'));
  dirs.push(dir);
  if (manifest !== undefined) writeManifest(dir, manifest);
  return dir;
}
function writeManifest(dir: string, manifest: unknown): void {
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

const MANIFEST = {
  'src/islands/product-form.tsx': {
    file: 'assets/product-form-a1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/product-form-a1.css'],
  },
  'src/islands/cart-pill.tsx': { file: 'assets/cart-pill-b2.js', isEntry: true, imports: ['_react.js'] },
  'src/search.tsx': { file: 'assets/search-c3.js', name: 'search', isEntry: true },
  '_react.js': { file: 'assets/react-d4.js', css: ['assets/base.css'] },
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe(AssetManifest.name, () => {
  it('gives no tags without a manifest', () => {
    const assets = new AssetManifest(webDist());
    expect(assets.digest()).toBe('none');
    expect(assets.forIslands(['product-form'])).toEqual({ scripts: [], preloads: [], styles: [] });
  });

  it('gives each island’s entry once, the chunks they import to preload, and their CSS', () => {
    const assets = new AssetManifest(webDist(MANIFEST));
    expect(assets.forIslands(['product-form', 'cart-pill', 'search', 'restock-form'])).toEqual({
      scripts: ['/assets/product-form-a1.js', '/assets/cart-pill-b2.js', '/assets/search-c3.js'],
      preloads: ['/assets/react-d4.js'],
      styles: ['/assets/product-form-a1.css', '/assets/base.css'],
    });
    expect(assets.digest()).toMatch(/^[0-9a-f]{12}$/);
  });

  it('picks up a manifest written after start', () => {
    const dir = webDist();
    const assets = new AssetManifest(dir);
    expect(assets.digest()).toBe('none');
    writeManifest(dir, MANIFEST);
    expect(assets.digest(Date.now() + 10_000)).not.toBe('none');
    expect(assets.forIslands(['cart-pill']).scripts).toEqual(['/assets/cart-pill-b2.js']);
  });
});
