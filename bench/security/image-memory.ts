// bench/security/image-memory (issue 40): resident memory while two very large images are uploaded
// at once. The row: two 285 kB PNGs of 10000×10000 at once took the process from 438 to
// 869 MB (each decoded whole). Goal: at most 150 MB added. The uploads go through the content
// service's AssetService (the code behind POST .../assets: checked, decoded, stripped, stored) in
// this process; the bench makes its pictures first, then measures the peak RSS above the RSS
// before the uploads (sampled every 5 ms). Rows:
//  1. two 10000×10000 PNGs under the default limit (50 megapixels): refused on their header (413);
//  2. the same two with the limit raised to 100 megapixels (ASSETS_MAX_MEGAPIXELS=100): decoded;
//  3. two 7000×7000 JPEGs (49 megapixels) carrying EXIF, so both are decoded and re-encoded.
// Run: node --conditions=@sc/source --import tsx bench/security/image-memory.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLogger } from '@sc/platform';
import { DirectoryAssetStorage } from '../../services/content/src/assets/asset-storage.js';
import { AssetService } from '../../services/content/src/assets/assets.service.js';
import { defaultPipelineOptions, ImagePipeline } from '../../services/content/src/assets/image-pipeline.js';
import { report } from './lib.js';

const GOAL_MB = 150;
const mb = (bytes: number) => Math.round(bytes / 1e6);
const picture = (side: number, colour: string) => sharp({ create: { width: side, height: side, channels: 3, background: colour } });
const pngs = [await picture(10_000, '#2f5d50').png().toBuffer(), await picture(10_000, '#5d2f50').png().toBuffer()];
const jpegs = [
  await picture(7_000, '#c96f3b')
    .withMetadata({ exif: { IFD0: { Artist: 'bench' } } })
    .jpeg()
    .toBuffer(),
  await picture(7_000, '#3bc96f')
    .withMetadata({ exif: { IFD0: { Artist: 'bench' } } })
    .jpeg()
    .toBuffer(),
];
const logger = createLogger('bench', 'silent');

async function twoAtOnce(maxPixels: number, files: Buffer[], name: string): Promise<{ added: number; before: number; outcomes: string[] }> {
  const assets = new AssetService(
    new DirectoryAssetStorage(mkdtempSync(path.join(tmpdir(), 'sc-bench-image-memory-'))),
    new ImagePipeline({ ...defaultPipelineOptions(), maxPixels }),
    logger,
  );
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const settled = await Promise.allSettled(
    files.map((bytes, i) => assets.upload('bench', { filename: `${i}-${name}`, bytes }, 'http://bench.example')),
  );
  clearInterval(sampler);
  const outcomes = settled.map((s) =>
    s.status === 'fulfilled' ? 'stored' : `${(s.reason as { status?: number }).status ?? '?'} ${(s.reason as Error).message}`,
  );
  return { added: mb(peak - before), before: mb(before), outcomes };
}

const refused = await twoAtOnce(defaultPipelineOptions().maxPixels, pngs, 'huge.png');
report(
  refused.added <= GOAL_MB && refused.outcomes.every((o) => o.startsWith('413')),
  `two 10000×10000 PNGs (${mb(pngs[0]!.length * 1e3) / 1e3} MB each) at once, default limit`,
  `+${refused.added} MB above ${refused.before} MB; ${refused.outcomes.join(' | ')}`,
);
const decoded = await twoAtOnce(100_000_000, pngs, 'huge.png');
report(
  decoded.added <= GOAL_MB && decoded.outcomes.every((o) => o === 'stored'),
  'two 10000×10000 PNGs at once, limit raised to 100 megapixels',
  `+${decoded.added} MB above ${decoded.before} MB; ${decoded.outcomes.join(' | ')}`,
);
const reencoded = await twoAtOnce(defaultPipelineOptions().maxPixels, jpegs, 'photo.jpg');
report(
  reencoded.added <= GOAL_MB && reencoded.outcomes.every((o) => o === 'stored'),
  'two 7000×7000 JPEGs with EXIF (decoded and re-encoded) at once',
  `+${reencoded.added} MB above ${reencoded.before} MB; ${reencoded.outcomes.join(' | ')}`,
);
