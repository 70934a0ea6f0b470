// Bad input is a 4xx on every route (issue 19, item 4), and every state-changing route needs the
// crumb (item 6). The platform runs as `pnpm start` does (real Postgres, NATS and Redis when their
// URLs are set, the embedded parts otherwise: CI runs both), and the walk takes its routes from
// the gateway's merged OpenAPI document, so a route added later is walked without touching this
// file. Each operation gets NUL, a stray '%', '%ZZ', 10,000-character values and wrong types in
// its path, query and body, as a visitor and as the demo's owner.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_OWNER } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { startProcess, waitForHttp, type Running } from './helpers.js';

const START_WAIT_MS = 180_000;
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** Unsafe routes that take no crumb, each with why (the gateway's crumb.ts keeps the same list). */
const CRUMBLESS: Record<string, string> = {
  'post /api/census/RecordHit': 'page-view beacon (SPEC 7 sends event, data and ss_cvr only)',
  'post /api/census/button-click': 'visitor tracking beacon',
  'post /api/census/button-render': 'visitor tracking beacon',
  'post /api/census/form-render': 'visitor tracking beacon',
  'post /api/census/overlay': 'visitor tracking beacon',
  'post /api/census/RecordQuickView/{id}': 'visitor tracking beacon',
  'post /api/1/performance/records': 'performance records by navigator.sendBeacon, which cannot set headers',
  'post /api/events/provider': 'provider events by beacon',
  'post /api/commerce/payments/stripe/webhook': "Stripe's webhook: verified by its signature, never sent by a browser",
};

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
}

const LONG = 'x'.repeat(10_000);
const PATH_VALUES = ['%00', '%', '%ZZ', LONG, '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd'];
const QUERY_VALUES = ['%00', '%', '%ZZ', LONG, '%ED%A0%80', 'a&b'];
const BODY_VALUES: unknown[] = ['\u0000', 'a\u0000b', '\ud800', LONG, 12, true, null, [], { nested: '\u0000' }, -1e308];

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}): Operation[] {
  const out: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      out.push({ method, path: route, query, body: Object.keys(schema?.properties ?? {}) });
    }
  }
  return out;
}

describe('hostile input on every route, through the gateway', () => {
  let run: Running;
  let base: string;
  let operations: Operation[];
  let owner: { cookie: string; crumb: string };

  beforeAll(async () => {
    const port = await freePort();
    run = startProcess('scripts/start-embedded.ts', {
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-hostile-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/healthz`, START_WAIT_MS);
    for (;;) {
      const ready = await fetch(`${base}/api/openapi.json`);
      const document = (await ready.json()) as Parameters<typeof operationsOf>[0] & { 'x-unavailable'?: string[] };
      if (!document['x-unavailable']) {
        operations = operationsOf(document);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const first = await fetch(`${base}/api/crumb`);
    const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const signIn = await fetch(`${base}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
    });
    expect(signIn.status).toBe(200);
    const session = (signIn.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
    owner = { cookie: `crumb=${crumb}; ${session}`, crumb };
  }, START_WAIT_MS + 60_000);

  afterAll(async () => {
    run?.child.kill('SIGINT');
    await run?.exited;
  });

  it('walks a route document that lists every service', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const prefix of ['/api/commerce/', '/api/form', '/api/census/', '/api/auth/', '/api/content-service/']) {
      expect(operations.some((operation) => operation.path.startsWith(prefix))).toBe(true);
    }
  });

  it('answers every malformed path, query and body with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    const send = async (method: string, url: string, body: string | undefined, as: 'visitor' | 'owner') => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (as === 'owner') Object.assign(headers, { cookie: owner.cookie, 'x-csrf-token': owner.crumb });
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${url}`, {
        method: method.toUpperCase(),
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      if (response.status >= 500)
        failures.push(`${response.status} ${as} ${method.toUpperCase()} ${url.slice(0, 120)}${body ? ` ${body.slice(0, 80)}` : ''}`);
    };
    for (const operation of operations) {
      // Signing out would end the walk's owner session; its refusals are covered by identity's tests.
      if (operation.method === 'delete' && operation.path === '/api/auth/session') continue;
      const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const withPath = (value: string) => operation.path.replace(/\{\w+\}/g, value);
      const plainPath = withPath('abc123');
      const urls = [
        ...(params.length > 0 ? PATH_VALUES.map(withPath) : []),
        ...QUERY_VALUES.map(
          (value) => `${plainPath}?${[...operation.query, 'q', 'itemId', 'tag'].map((name) => `${name}=${value}`).join('&')}`,
        ),
      ];
      const bodies: (string | undefined)[] = [undefined];
      if (UNSAFE.has(operation.method)) {
        bodies.push('{"broken":', '"\\u0000"', JSON.stringify({ [LONG]: 1 }));
        for (const value of BODY_VALUES) {
          const fields = operation.body.length > 0 ? operation.body : ['value'];
          bodies.push(JSON.stringify(Object.fromEntries(fields.map((name) => [name, value]))));
        }
      }
      for (const as of ['visitor', 'owner'] as const) {
        for (const url of urls) await send(operation.method, url, undefined, as);
        for (const body of bodies) await send(operation.method, plainPath, body, as);
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('refuses every state-changing route without the crumb (403), but the documented exceptions', async () => {
    const unprotected: string[] = [];
    for (const operation of operations) {
      if (!UNSAFE.has(operation.method)) continue;
      const key = `${operation.method} ${operation.path}`;
      if (CRUMBLESS[key]) continue;
      const url = operation.path.replace(/\{\w+\}/g, 'abc123');
      // The owner's session cookie without the crumb header: exactly what a cross-site form sends.
      const response = await fetch(`${base}${url}`, {
        method: operation.method.toUpperCase(),
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: '{}',
      });
      const body = (await response.json().catch(() => ({}))) as { crumbFail?: boolean };
      if (response.status !== 403 && !(response.status === 401 && body.crumbFail)) unprotected.push(`${key} → ${response.status}`);
    }
    expect(unprotected).toEqual([]);
  }, 300_000);
});
