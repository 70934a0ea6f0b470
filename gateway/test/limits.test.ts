// The gateway's guards in front of the services (issue 19, items 3, 5 and 6): body limits answered
// with 413 and a closed connection, bodies read whole before they go upstream (a slow client holds
// only its own socket), a bound on requests in flight to each service, the client address inside
// the signed identity, and the crumb on every unsafe route but the documented beacons.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { CartMessages, GenericErrorMessages, IDENTITY_HEADER } from '@sc/contracts';
import { verifyIdentity } from '@sc/platform';
import { waitFor } from '@sc/platform/test-kit';
import { buildGateway, GatewayEnv } from '../src/index.js';

const KEY = 'gateway-limits-signing-key-0123456789abcdef';

/** Sends raw bytes on a new socket and collects everything the gateway answers until it closes or `ms` pass. */
function raw(port: number, send: (socket: Socket) => void, ms = 5_000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => send(socket));
    let text = '';
    let closed = false;
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve({ text, closed });
    });
    setTimeout(() => {
      socket.destroy();
      resolve({ text, closed });
    }, ms).unref();
  });
}

describe('gateway limits', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  let port: number;
  const seen: Array<{ url: string; headers: Record<string, unknown>; length: number }> = [];
  let releaseHeld: () => void = () => undefined;
  /** Held requests that reached the service (and so are under way at the gateway). */
  let holding = 0;

  const build = async (env: Record<string, string>) => {
    const app = await buildGateway({
      config: GatewayEnv.parse({ ...process.env, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', IDENTITY_SIGNING_KEY: KEY, ...env }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };

  beforeAll(async () => {
    upstream = Fastify();
    upstream.removeAllContentTypeParsers();
    upstream.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 50 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    upstream.all('/*', async (request) => {
      if (request.url.includes('hold')) {
        holding += 1;
        await held;
      }
      const length = Buffer.isBuffer(request.body) ? request.body.length : 0;
      // The gateway's own lookups (the website of a Host) are not forwarded requests.
      if (request.url.startsWith('/internal/')) return { websiteId: 'demo' };
      seen.push({ url: request.url, headers: request.headers, length });
      return { ok: true, length };
    });
    const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const services = Object.fromEntries(
      ['CART', 'FORMS', 'RESTOCK', 'IDENTITY', 'ANALYTICS', 'CONTENT', 'RENDER'].map((name) => [`${name}_URL`, url]),
    );
    gateway = await build({ ...services, MAX_IN_FLIGHT_PER_SERVICE: '3' });
    port = (gateway.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    releaseHeld();
    await gateway?.close();
    await upstream?.close();
  });

  const crumbed = { cookie: 'crumb=abcdefghijklmnopqrstuv', 'x-csrf-token': 'abcdefghijklmnopqrstuv', 'content-type': 'application/json' };

  it('answers a 3 MB JSON body with 413 in the JSON error shape and closes that connection', async () => {
    const body = `{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`;
    const before = seen.length;
    const answer = await raw(port, (socket) => {
      socket.write(
        `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nCookie: ${crumbed.cookie}\r\nX-CSRF-Token: ${crumbed['x-csrf-token']}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.slice(0, 1024));
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(answer.text).toContain(JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: GenericErrorMessages.bodyTooLarge } }));
    expect(answer.closed).toBe(true);
    expect(seen.length).toBe(before);
    // Everything else goes on as before.
    const next = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
    expect(next.status).toBe(200);
  });

  it('answers an over-limit chunked body with 413 too, without forwarding any of it', async () => {
    const before = seen.length;
    const chunk = 'a'.repeat(64 * 1024);
    const response = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers: crumbed,
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i += 1) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(seen.length).toBe(before);
  });

  it('forwards a body within the limit whole, with its length', async () => {
    const body = JSON.stringify({ x: 'b'.repeat(500_000) });
    const response = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart/entries`, { method: 'POST', headers: crumbed, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, length: body.length });
  });

  it('keeps slow bodies at the gateway: 50 clients that never finish theirs do not reach the service or slow a read', async () => {
    const before = seen.length;
    const sockets: Socket[] = [];
    for (let i = 0; i < 50; i += 1) {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: localhost\r\nCookie: ${crumbed.cookie}\r\nX-CSRF-Token: ${crumbed['x-csrf-token']}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"x":`,
        ),
      );
      socket.on('error', () => undefined);
      sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const read = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
    expect(read.status).toBe(200);
    expect(seen.slice(before).filter((s) => s.url.includes('entries'))).toEqual([]);
    for (const socket of sockets) socket.destroy();
  });

  it('answers 503 with Retry-After once a service has too many requests under way', async () => {
    const held = [1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/api/form/hold`));
    // Until all three are under way (a fixed pause was too short on a loaded machine).
    await waitFor(() => holding >= 3, 10_000, 'the held requests to reach the service');
    const refused = await fetch(`http://127.0.0.1:${port}/api/form/other`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: GenericErrorMessages.busy } });
    // Other services are not affected by one being full.
    expect((await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`)).status).toBe(200);
    releaseHeld();
    for (const response of await Promise.all(held)) expect(response.status).toBe(200);
  });

  it('signs the client address it saw into the identity and ignores X-Forwarded-For from a client', async () => {
    await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart?who=direct`, {
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-website-id': 'someone-else' },
    });
    const forwarded = seen.find((s) => s.url.endsWith('who=direct'))!;
    const identity = verifyIdentity(forwarded.headers as Record<string, string>, {
      key: KEY,
      requestId: forwarded.headers['x-request-id'] as string,
    });
    expect(identity?.clientAddress).toBe('127.0.0.1');
    expect(identity?.websiteId).not.toBe('someone-else');
    expect(forwarded.headers[IDENTITY_HEADER]).toBeDefined();
  });

  it('takes the address from X-Forwarded-For when TRUSTED_PROXIES names the peer', async () => {
    const services = Object.fromEntries(
      ['CART', 'FORMS', 'RESTOCK', 'IDENTITY', 'ANALYTICS', 'CONTENT', 'RENDER'].map((name) => [
        `${name}_URL`,
        `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`,
      ]),
    );
    const behindProxy = await build({ ...services, TRUSTED_PROXIES: 'loopback' });
    try {
      const url = `http://127.0.0.1:${(behindProxy.server.address() as { port: number }).port}/api/commerce/shopping-cart?who=proxied`;
      await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      const forwarded = seen.find((s) => s.url.endsWith('who=proxied'))!;
      expect(
        verifyIdentity(forwarded.headers as Record<string, string>, { key: KEY, requestId: forwarded.headers['x-request-id'] as string })
          ?.clientAddress,
      ).toBe('198.51.100.7');
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    ['PUT', '/api/census/settings'],
    ['POST', '/api/census/RecordHit/../settings'],
    ['DELETE', '/api/1/performance/settings'],
    ['POST', '/api/events/RecordEvent'],
  ])('refuses %s %s without the crumb', async (method, url) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ crumbFail: true, message: CartMessages.sessionExpired });
  });

  it.each([
    ['/api/census/RecordHit'],
    ['/api/census/RecordQuickView/abc'],
    ['/api/1/performance/records'],
    ['/api/commerce/payments/stripe/webhook'],
  ])('lets the beacon or webhook POST %s through without a crumb', async (url) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(response.status).toBe(200);
  });
});
