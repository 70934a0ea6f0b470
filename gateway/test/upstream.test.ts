// The gateway's upstream pools over real HTTP servers standing for a service's replicas: requests
// are spread over the replicas; a replica that is down (connection refused) is routed around for
// every method, since nothing reached it; a connection that breaks after the request was sent is
// retried elsewhere only for GET/HEAD/OPTIONS and writes with an Idempotency-Key to routes that
// answer once per key (a POST that may have been applied is otherwise never sent twice), and the
// replica is passed over for a moment; a replica shutting down (503, Connection: close) hands its
// GETs to the next.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { freePort } from '@sc/platform/test-kit';
import { CART_KEYED_WRITES } from '../src/proxy.js';
import { UpstreamPool, type UpstreamOptions } from '../src/upstream.js';

interface Replica {
  url: string;
  seen: string[];
  server: Server;
}

const servers: Server[] = [];
const pools: UpstreamPool[] = [];

async function replica(name: string, handle?: (request: IncomingMessage, response: ServerResponse) => boolean): Promise<Replica> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.push(`${request.method} ${request.url}`);
      if (handle?.(request, response)) return;
      response.setHeader('content-type', 'text/plain');
      response.end(name);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/** A replica that breaks the connection of every request it receives. */
const breakingReplica = () =>
  replica('broken', (request) => {
    request.socket.destroy();
    return true;
  });

function pool(urls: string[], options: UpstreamOptions = {}): UpstreamPool {
  const made = new UpstreamPool(urls, { connections: 8, pipelining: 1, connectTimeout: 2_000 }, options);
  pools.push(made);
  return made;
}

const text = async (upstream: UpstreamPool, method: 'GET' | 'POST', path = '/x') => {
  const response = await upstream.request({ method, path, ...(method === 'POST' ? { body: Buffer.from('{}') } : {}) });
  return `${response.statusCode} ${await response.body.text()}`;
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe(UpstreamPool.name, () => {
  it('spreads requests over the replicas in turn', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const upstream = pool([a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await text(upstream, 'GET'));
    expect(answers.filter((x) => x === '200 a')).toHaveLength(5);
    expect(answers.filter((x) => x === '200 b')).toHaveLength(5);
  });

  it('routes every method around a replica that refuses connections', async () => {
    const a = await replica('a');
    const dead = `http://127.0.0.1:${await freePort()}`;
    const upstream = pool([dead, a.url]);
    for (let i = 0; i < 6; i++) {
      expect(await text(upstream, 'GET')).toBe('200 a');
      expect(await text(upstream, 'POST')).toBe('200 a');
    }
    expect(a.seen).toHaveLength(12);
    // Only the first call of each turn found the dead replica; after that it is passed over.
    expect(upstream.stats.retried.refused).toBeGreaterThanOrEqual(1);
    expect(upstream.stats.retried.refused).toBeLessThanOrEqual(2);
  });

  it('sends a GET whose connection broke to another replica, but never a POST again', async () => {
    const breaking = await breakingReplica();
    const b = await replica('b');
    const upstream = pool([breaking.url, b.url]);
    await expect(text(upstream, 'POST')).rejects.toThrow();
    expect(breaking.seen).toEqual(['POST /x']);
    expect(b.seen).toEqual([]);
    const again = pool([breaking.url, b.url]);
    expect(await text(again, 'GET')).toBe('200 b');
    expect(breaking.seen).toEqual(['POST /x', 'GET /x']);
    expect(again.stats.retried.broken).toBe(1);
  });

  it('passes over a replica whose connection broke for a moment, as one that refused (issue 39: a killed replica)', async () => {
    const breaking = await breakingReplica();
    const b = await replica('b');
    const upstream = pool([breaking.url, b.url]);
    await expect(text(upstream, 'POST')).rejects.toThrow();
    // The turn comes back to the broken replica on the 3rd and 5th request: it is passed over.
    for (let i = 0; i < 4; i++) expect(await text(upstream, i % 2 ? 'GET' : 'POST')).toBe('200 b');
    expect(breaking.seen).toEqual(['POST /x']);
    expect(upstream.stats.retried.broken).toBe(0);
  });

  it('sends a write with an Idempotency-Key whose connection broke to another replica, only on the routes that answer once per key (issue 39)', async () => {
    const breaking = await breakingReplica();
    const b = await replica('b');
    const keyed = (path: string) => path === '/api/commerce/checkout';
    const post = (upstream: UpstreamPool, path: string, headers: Record<string, string>) =>
      upstream
        .request({ method: 'POST', path, headers, body: Buffer.from('{}') })
        .then(async (r) => `${r.statusCode} ${await r.body.text()}`);
    const key = { 'idempotency-key': 'k-1' };
    expect(await post(pool([breaking.url, b.url], { keyedWrites: keyed }), '/api/commerce/checkout?x=1', key)).toBe('200 b');
    expect(b.seen).toEqual(['POST /api/commerce/checkout?x=1']);
    // Without a key, or on a route that ignores the header, the write is never sent twice.
    await expect(post(pool([breaking.url, b.url], { keyedWrites: keyed }), '/api/commerce/checkout', {})).rejects.toThrow();
    await expect(post(pool([breaking.url, b.url], { keyedWrites: keyed }), '/api/commerce/shopping-cart/entries', key)).rejects.toThrow();
    await expect(post(pool([breaking.url, b.url]), '/api/commerce/checkout', key)).rejects.toThrow();
    expect(b.seen).toEqual(['POST /api/commerce/checkout?x=1']);
    expect(breaking.seen).toHaveLength(4);
  });

  it("knows the cart's keyed writes", () => {
    for (const path of [
      '/api/commerce/checkout',
      '/api/commerce/donations',
      '/api/commerce/store/gift-cards',
      '/api/commerce/store/orders/o-1/refunds',
    ])
      expect(CART_KEYED_WRITES.test(path)).toBe(true);
    for (const path of ['/api/commerce/shopping-cart/entries', '/api/commerce/checkout/x', '/api/census/RecordHit'])
      expect(CART_KEYED_WRITES.test(path)).toBe(false);
  });

  it('hands a GET to the next replica when one is shutting down (503, Connection: close), not a POST', async () => {
    const draining = await replica('draining', (_request, response) => {
      response.writeHead(503, { connection: 'close', 'content-type': 'text/plain' });
      response.end('closing');
      return true;
    });
    const b = await replica('b');
    const upstream = pool([draining.url, b.url]);
    expect(await text(upstream, 'GET')).toBe('200 b');
    expect(upstream.stats.retried.draining).toBe(1);
    expect(await text(upstream, 'POST')).toBe('200 b');
    expect(await text(upstream, 'POST')).toBe('503 closing');
  });
});
