// A schema-driven fuzzing pass over every route of the API document (issue 40): fast-check makes
// path parameters, queries and bodies from each operation's own JSON schema (values of the right
// shape, near misses, and arbitrary JSON), sends them through the gateway as the demo's owner, and
// every answer must come within 10 s and below 500. Bounded for CI (FUZZ_RUNS per operation,
// default 4, a fixed seed unless FUZZ_SEED is set); `FUZZ_RUNS=200 npx jest test/fuzz-api.test.ts`
// is the longer run (bench/README.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_OWNER } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import fc from 'fast-check';
import { startProcess, waitForHttp, type Running } from './helpers.js';

const START_WAIT_MS = 180_000;
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 40);
const ANSWER_WITHIN_MS = 10_000;

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  maxLength?: number;
};
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  'x-unavailable'?: string[];
};

/** An arbitrary of values of `schema`'s shape, with a near miss or arbitrary JSON now and then. */
function arbitraryOf(schema: Schema | undefined, document: Document, depth = 0): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 4) return anyJson;
  if (schema.$ref) return arbitraryOf(document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], document, depth + 1);
  const shaped = (): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryOf(v, document, depth + 1)));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type ?? 'any') {
      case 'string':
        return fc.oneof(
          fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) }),
          fc.constantFrom('', 'a'.repeat(300), '%00', '../x', 'x@example.com', '2026-01-01T00:00:00Z', '1e308'),
        );
      case 'integer':
        return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
      case 'number':
        return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1e308));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(arbitraryOf(schema.items, document, depth + 1), { maxLength: 3 });
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
        return fc.record(Object.fromEntries(properties.map(([name, s]) => [name, arbitraryOf(s, document, depth + 1)])), {
          requiredKeys: (schema.required ?? []).filter((k) => schema.properties?.[k]),
        });
      }
      default:
        return anyJson;
    }
  };
  return depth === 0 ? fc.oneof({ weight: 8, arbitrary: shaped() }, { weight: 1, arbitrary: anyJson }) : shaped();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

describe('fuzzing every route of the API document', () => {
  let run: Running;
  let base: string;
  let document: Document;
  let owner: { cookie: string; crumb: string };

  beforeAll(async () => {
    const port = await freePort();
    run = startProcess('scripts/start-embedded.ts', {
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-fuzz-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/healthz`, START_WAIT_MS);
    for (;;) {
      document = (await (await fetch(`${base}/api/openapi.json`)).json()) as Document;
      if (!document['x-unavailable']) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Pages hand out no cookie: the crumb comes from GET /api/crumb, as the web client gets it.
    const crumb = ((await (await fetch(`${base}/api/crumb`)).json()) as { crumb: string }).crumb;
    const signIn = await fetch(`${base}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
    });
    expect(signIn.status).toBe(200);
    owner = {
      cookie: `crumb=${crumb}; ${signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ')}`,
      crumb,
    };
  }, START_WAIT_MS + 60_000);

  afterAll(async () => {
    run?.child.kill('SIGINT');
    await run?.exited;
  });

  it('answers every generated request below 500 and within 10 s', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // Signing out, or closing the owner's account, would end the walk's session.
        if (method === 'delete' && /\/api\/auth\/(session|owners)/.test(route)) continue;
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const request = fc.record({
          path: fc.record(Object.fromEntries(params.map((p) => [p.name, arbitraryOf(p.schema, document, 1)]))),
          query: fc.record(Object.fromEntries(query.map((p) => [p.name, arbitraryOf(p.schema, document, 1)])), { requiredKeys: [] }),
          body: bodySchema ? arbitraryOf(bodySchema, document) : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ path: values, query: search, body }) => {
            const url = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(values[name]) || 'x'));
            const qs = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, text(v)])).toString();
            const headers: Record<string, string> = { accept: 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.crumb };
            if (body !== undefined) headers['content-type'] = 'application/json';
            const line = `${method.toUpperCase()} ${url}${qs ? `?${qs}` : ''} ${body === undefined ? '' : JSON.stringify(body).slice(0, 200)}`;
            sent++;
            try {
              const response = await fetch(`${base}${url}${qs ? `?${qs}` : ''}`, {
                method: method.toUpperCase(),
                headers,
                ...(body === undefined ? {} : { body: JSON.stringify(body) }),
                redirect: 'manual',
                signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
              });
              await response.arrayBuffer();
              if (response.status >= 500) failures.push(`${response.status} ${line}`);
            } catch (error) {
              failures.push(`no answer (${(error as Error).name}) ${line}`);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }
    expect(sent).toBeGreaterThan(100 * Math.min(RUNS, 1));
    expect(failures).toEqual([]);
  }, 600_000);
});
