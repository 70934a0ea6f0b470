// Render's reader of the content service against a content that misbehaves at the HTTP level: an
// answer whose body stalls past the timeout, or is cut off, is content being unavailable (the
// caller answers 503 with the error page), never an unexplained failure of render (500).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContentUnavailableError, HttpContentReader } from '../src/content/content-reader.js';

describe('HttpContentReader', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url?.endsWith('/site')) response.write('{"site":'); // headers and a start, then nothing
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
});
