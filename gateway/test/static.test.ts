// The gateway's static files: /assets compressed once for browsers that take brotli or gzip,
// with a year's cache for hashed names, ETag revalidation, and nothing outside the assets folder.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { chooseEncoding, isHashed, registerStatic } from '../src/static.js';

const SCRIPT = `export const greeting = ${JSON.stringify('Hello from the storefront. '.repeat(200))};\n`;

describe('static assets', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'sc-gateway-static-'));
    mkdirSync(path.join(dist, 'assets', 'installments'), { recursive: true });
    writeFileSync(path.join(dist, 'assets', 'product-form-Bc3dE_fG.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'tiny-AbCdEf12.js'), 'export {};\n');
    writeFileSync(path.join(dist, 'assets', 'installments', 'afterpay-en_US.html'), `<!doctype html><p>${'Pay in 4. '.repeat(300)}</p>`);
    writeFileSync(path.join(dist, 'secret.txt'), 'outside the assets folder');
    app = Fastify();
    await registerStatic(app, dist);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends a script brotli-compressed when asked, the same bytes as the file, cached for a year', async () => {
    const response = await get('/assets/product-form-Bc3dE_fG.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SCRIPT);
    // Compressed once: the second answer is the same bytes.
    const again = await get('/assets/product-form-Bc3dE_fG.js', { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/product-form-Bc3dE_fG.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);
    const plain = await get('/assets/product-form-Bc3dE_fG.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // Each representation has its own validator.
    expect(new Set([gz.headers.etag, plain.headers.etag]).size).toBe(2);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/assets/product-form-Bc3dE_fG.js', { 'accept-encoding': 'br' });
    const revalidated = await get('/assets/product-form-Bc3dE_fG.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('leaves tiny files as they are, and caches unhashed files for an hour', async () => {
    const tiny = await get('/assets/tiny-AbCdEf12.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    const page = await get('/assets/installments/afterpay-en_US.html', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for missing files and for paths outside the assets folder', async () => {
    expect((await get('/assets/nope.js')).statusCode).toBe(404);
    expect((await get('/assets/..%2Fsecret.txt')).statusCode).toBe(404);
    expect((await get('/assets/installments')).statusCode).toBe(404);
  });

  it('chooses the encoding from Accept-Encoding, and knows hashed names', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(isHashed('/x/assets/react-D4f_9aZ1.js')).toBe(true);
    expect(isHashed('/x/assets/installments/afterpay-en_US.html')).toBe(false);
  });
});
