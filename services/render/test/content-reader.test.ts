// Render's reader of the content service against a content that misbehaves at the HTTP level: an
// answer whose body stalls past the timeout, or is cut off, is content being unavailable (the
// caller answers 503 with the error page), never an unexplained failure of render (500).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@sc/platform/test-kit';
import { ContentUnavailableError, HttpContentReader } from '../src/content/content-reader.js';

describe('HttpContentReader', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url?.endsWith('/site'))
        response.write('{"site":'); // headers and a start, then nothing
      else response.end('{"site": {"id"'); // cut off
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports a body that stalls past the timeout as content unavailable', async () => {
    const reader = new HttpContentReader(base, 300);
    const failure = await reader.site('w1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentUnavailableError);
    expect((failure as Error).message).toBe("content's answer to /api/content-service/public/1.0/site did not arrive whole");
  });

  it('reports a cut-off body as content unavailable', async () => {
    const reader = new HttpContentReader(base, 2_000);
    const failure = await reader.popup('w1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentUnavailableError);
  });

  it("asks content's next replica when one cannot be reached (CONTENT_URL as a comma list)", async () => {
    const seen: string[] = [];
    const live = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
    try {
      const dead = `http://127.0.0.1:${await freePort()}`;
      const reader = new HttpContentReader(`${dead},http://127.0.0.1:${(live.address() as AddressInfo).port}`, 2_000);
      for (let i = 0; i < 4; i++) expect(await reader.layout('w1')).toEqual({ layout: [] });
      expect(seen).toHaveLength(4);
      // With no replica reachable it is content being unavailable, as before.
      await expect(new HttpContentReader(dead, 2_000).layout('w1')).rejects.toBeInstanceOf(ContentUnavailableError);
    } finally {
      await new Promise((resolve) => live.close(resolve));
    }
  });
});
