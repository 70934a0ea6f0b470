// Helmet's headers on what the gateway serves itself: the admin app may not be framed by anyone,
// loads scripts from this origin only, and is not sniffed; routes outside the static scope (the
// proxied services) get none of them from here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticWithHeaders } from '../src/security-headers.js';

describe(registerStaticWithHeaders.name, () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sc-gateway-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'config-AbCdEf12.js'), 'export {};\n');
    writeFileSync(
      path.join(dist, 'config.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/config-AbCdEf12.js"></script>',
    );
    app = Fastify();
    await registerStaticWithHeaders(app, dist);
    app.get('/shop', async () => 'a page from render');
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the admin app with a CSP that forbids framing and foreign or inline scripts', async () => {
    for (const url of ['/config', '/config/store/products']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('sends the asset files with nosniff too, and leaves other routes alone', async () => {
    expect((await app.inject({ url: '/assets/config-AbCdEf12.js' })).headers['x-content-type-options']).toBe('nosniff');
    const page = await app.inject({ url: '/shop' });
    expect(page.body).toBe('a page from render');
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBeUndefined();
  });
});
