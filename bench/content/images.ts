// Benchmark (issue 22): the image pipeline. Three figures, all measured in this run:
// 1. variant creation: 1000w variants of a 3000x2000 photo per second, WebP and AVIF, with the
//    pipeline's queue at the machine's cores (CPU per variant beside it);
// 2. a cached variant (`?format=500w`, WebP) through the content service's route, in requests per
//    second, as a ratio of the same bytes served as a static file (stat + stream, as a static
//    server does) from the same directory; goal ≥ 0.8×;
// 3. peak RSS while 50 large uploads (4000x3000 JPEG, decoded whole, stripped, stored) and then
//    50 variants of them are made at once: bounded by the queue, not by the 50.
// Run: node --conditions=@sc/source --import tsx bench/content/images.ts
// Options (env): BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 8).
import { createReadStream, mkdtempSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { IN_MEMORY_DATA_DIR, createLogger, loadConfig, serviceEnv } from '@sc/platform';
import { buildApp } from '../../services/content/src/app.js';
import { DirectoryAssetStorage } from '../../services/content/src/assets/asset-storage.js';
import { AssetService } from '../../services/content/src/assets/assets.service.js';
import { ImagePipeline } from '../../services/content/src/assets/image-pipeline.js';
import { cpuMsOf } from '../lib/cpu.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const cores = availableParallelism();
const dir = mkdtempSync(path.join(tmpdir(), 'sc-bench-images-'));
const storage = new DirectoryAssetStorage(dir);
const pipeline = new ImagePipeline({ maxPixels: 100_000_000, concurrency: cores, maxQueued: 1_000, avif: true });
const assets = new AssetService(storage, pipeline, createLogger('bench', 'silent'));
const site = 'bench';

/** A photo-like JPEG: a gradient with noise, so encoders work as hard as on a photograph. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 110 + seed, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .blur(1.2)
    .modulate({ hue: seed * 7 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

// 1. Variant creation.
const original = await photo(3000, 2000, 1);
for (const format of ['webp', 'avif'] as const) {
  const count = cores * 4;
  const cpuBefore = cpuMsOf(process.pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, () => pipeline.variant(original, 1000, format)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMsOf(process.pid) - cpuBefore;
  console.log(
    `variant creation (3000x2000 → 1000w ${format}): ${(count / elapsed).toFixed(1)} variants/s, ${(cpu / count).toFixed(0)} ms CPU per variant (${cores} at once)`,
  );
}

// 2. A cached variant through the route vs the same bytes as a static file.
const stored = await assets.store(site, original, 'jpeg');
const variantPath = `${stored.path}?format=500w`;
const config = loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'silent' });
const content = await buildApp({ config, relay: { autoStart: false }, assets: storage });
const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
const first = await fetch(`${contentUrl}${variantPath}`, { headers: { accept: 'image/webp' } });
if (first.status !== 200 || first.headers.get('content-type') !== 'image/webp') throw new Error(`the variant answered ${first.status}`);
const variantBytes = (await first.arrayBuffer()).byteLength;
const variantFile = path.join(dir, site, `${stored.id}.500w.webp`);

const staticServer = createServer((request, response) => {
  void stat(variantFile).then((info) => {
    response.writeHead(200, {
      'content-type': 'image/webp',
      'content-length': info.size,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${info.size}-${info.mtimeMs}"`,
    });
    createReadStream(variantFile).pipe(response);
  });
});
await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
const staticAddress = staticServer.address();
const staticUrl = `http://127.0.0.1:${typeof staticAddress === 'object' && staticAddress ? staticAddress.port : 0}`;

async function load(url: string): Promise<{ rps: number; cpuUs: number }> {
  await autocannon({ url, connections, duration: 1, headers: { accept: 'image/webp' } });
  const cpuBefore = cpuMsOf(process.pid);
  const result = await autocannon({ url, connections, duration: seconds, headers: { accept: 'image/webp' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: ((cpuMsOf(process.pid) - cpuBefore) * 1000) / result.requests.total };
}
// Alternate the two, twice, so a neighbour's load falls on both.
const runs = { route: [] as number[], file: [] as number[], routeCpu: [] as number[], fileCpu: [] as number[] };
for (let round = 0; round < 2; round++) {
  const route = await load(`${contentUrl}${variantPath}`);
  const file = await load(`${staticUrl}/file.webp`);
  runs.route.push(route.rps);
  runs.file.push(file.rps);
  runs.routeCpu.push(route.cpuUs);
  runs.fileCpu.push(file.cpuUs);
}
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const ratio = mean(runs.route) / mean(runs.file);
console.log(
  `cached variant (${variantBytes} bytes): route ${mean(runs.route).toFixed(0)} req/s (${mean(runs.routeCpu).toFixed(0)} µs CPU/req, load generator included), ` +
    `static file ${mean(runs.file).toFixed(0)} req/s (${mean(runs.fileCpu).toFixed(0)} µs CPU/req): ratio ${ratio.toFixed(2)}× (goal ≥ 0.8×)`,
);
await content.close();
staticServer.close();

// 3. Peak RSS with 50 large uploads at once, then a variant of each asked at once.
// Four distinct photos, each uploaded many times: every upload is still decoded whole and stored.
const distinct = await Promise.all([2, 3, 4, 5].map((seed) => photo(4000, 3000, seed)));
const uploads = Array.from({ length: 50 }, (_, i) => distinct[i % distinct.length]!);
const uploadBytes = uploads.reduce((sum, bytes) => sum + bytes.length, 0);
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const started = performance.now();
const done = await Promise.all(
  uploads.map((bytes, i) => assets.upload(site, { filename: `photo-${i}.jpg`, bytes }, 'http://bench.example')),
);
const variants = await Promise.all(
  done.map(async (asset) => {
    const wanted = assets.describe(site, `${asset.id}.jpg`, 1500, 'image/webp');
    return wanted ? assets.read(wanted) : undefined;
  }),
);
clearInterval(sampler);
const decoded = 4000 * 3000 * 3;
console.log(
  `50 uploads of 4000x3000 (${(uploadBytes / 50 / 1e6).toFixed(1)} MB each, held in memory by the bench) then their 1500w variants (one per distinct photo: the rest wait for it), ${cores} at once: ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${(peak / 1e6).toFixed(0)} MB (${((peak - baseline) / 1e6).toFixed(0)} MB above the ${(baseline / 1e6).toFixed(0)} MB before; ` +
    `50 decoded at once would need ${((50 * decoded) / 1e6).toFixed(0)} MB), ${variants.filter(Boolean).length} variants`,
);
