// The web app builds, and the gateway serves it: the admin app's page for every /config path
// (client-side routes survive a reload) and its hashed assets with a long cache.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { ROOT } from './helpers.js';

describe('web app through the gateway', () => {
  it('builds, and /config/* serves the admin page whose script is served from /assets', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'sc-web-'));
    // `vite build` as a developer runs it (Vite's native bundler cannot run inside Jest's VM).
    const web = path.join(ROOT, 'web');
    const built = spawnSync(
      process.execPath,
      [path.join(web, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: web, encoding: 'utf8' },
    );
    expect({ status: built.status, errors: built.stderr.split('\n').filter((line) => /error/i.test(line)) }).toEqual({
      status: 0,
      errors: [],
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const script = manifest['config.html']?.file;
    expect(script).toMatch(/^assets\/config-[\w-]+\.js$/);

    const gateway = await buildGateway({ config: GatewayEnv.parse({ LOG_LEVEL: 'silent', WEB_DIST: outDir }) });
    await gateway.ready();
    try {
      for (const url of ['/config', '/config/store/products']) {
        const page = await request(gateway.server).get(url).expect(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.text).toContain(`src="/${script}"`);
      }
      const asset = await request(gateway.server).get(`/${script}`).expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.text).toContain('/auth/session');
      await request(gateway.server).get('/assets/missing-file.js').expect(404);
    } finally {
      await gateway.close();
    }
  }, 60_000);

  it('calls the API only through web/src/api/client.ts: no /api/ string literal elsewhere', () => {
    // A route renamed in a contract then fails `pnpm typecheck` (apiPath and the typed client take
    // only the routes of web/src/api/schema.d.ts). Tests may name the URLs they expect.
    const src = path.join(ROOT, 'web/src');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`api${path.sep}`))
      .flatMap((file) =>
        readFileSync(path.join(src, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (/['"`]\/api\//.test(line) ? [`${file}:${index + 1}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
