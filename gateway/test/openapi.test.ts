// The API reference as the gateway serves it (/api/openapi.json and Swagger UI's /api/docs/json),
// over every service built in this process: every operation has a summary and a tag, and every
// JSON body it takes or answers with (2xx) shows an example: its schema's (the contracts' examples,
// packages/contracts/src/examples) or one the gateway composes from the examples inside it.
// Operations without a JSON body (CSV exports, HTML pages, file uploads, empty answers) need none;
// the ones left without an example are listed by name, and the test fails on any other.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { SERVICE_NAMES, type ServiceName } from '@sc/platform';
import { testConfig } from '@sc/platform/test-kit';
import { SERVICES } from '../../scripts/services.js';
import { buildGateway, composeExample, GatewayEnv } from '../src/index.js';

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  'x-unavailable'?: string[];
}

/** JSON bodies without an example, each with why (none now: every body's schema is a contract with one). */
const WITHOUT_EXAMPLE: Record<string, string> = {};

const resolve = (schema: Schema | undefined, document: Document): Schema | undefined =>
  typeof schema?.$ref === 'string' ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;

/** Each JSON body of each operation ("METHOD /path body" or "... <status>"), with its example if it has one. */
function jsonBodies(document: Document): Array<{ at: string; example: unknown }> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const media: Array<[string, Media | undefined]> = [
        ['body', operation.requestBody?.content?.['application/json']],
        ...Object.entries(operation.responses ?? {})
          .filter(([status]) => status.startsWith('2'))
          .map(([status, response]): [string, Media | undefined] => [status, response.content?.['application/json']]),
      ];
      return media
        .filter((entry): entry is [string, Media] => entry[1] !== undefined)
        .map(([part, json]) => ({
          at: `${method.toUpperCase()} ${path} ${part}`,
          example: json.example ?? resolve(json.schema, document)?.example,
        }));
    }),
  );
}

describe('the API reference of every service, through the gateway', () => {
  const services = new Map<ServiceName, FastifyInstance>();
  let gateway: FastifyInstance;
  let document: Document;

  beforeAll(async () => {
    const urls: Record<string, string> = {};
    for (const name of SERVICE_NAMES) {
      const app = await SERVICES[name]({ config: testConfig(), relay: { autoStart: false } });
      services.set(name, app);
      urls[`${name.toUpperCase()}_URL`] = await app.listen({ port: 0, host: '127.0.0.1' });
      // Made once and kept: the gateway's fetch of it (3 s at most) does not wait for the first
      // making of a large document on a busy machine.
      app.swagger();
    }
    gateway = await buildGateway({ config: GatewayEnv.parse({ ...process.env, LOG_LEVEL: 'silent', ...urls }) });
    await gateway.ready();
    document = (await request(gateway.server).get('/api/openapi.json').expect(200)).body as Document;
  }, 180_000);

  afterAll(async () => {
    await gateway?.close();
    for (const app of services.values()) await app.close();
  }, 120_000);

  it('merges every service, as OpenAPI 3.0', () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document['x-unavailable']).toBeUndefined();
    expect(Object.values(document.paths).flatMap((operations) => Object.keys(operations)).length).toBeGreaterThan(200);
  });

  it('gives every operation a summary and a tag', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ at }) => at)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.tags?.length).map(({ at }) => at)).toEqual([]);
  });

  it('shows an example of every JSON body an operation takes or answers with', () => {
    const bodies = jsonBodies(document);
    const missing = bodies.filter(({ example }) => example === undefined).map(({ at }) => at);
    // The counts, for whoever reads the run: bodies, with an example, without one.
    const operations = new Set(bodies.map(({ at }) => at.split(' ').slice(0, 2).join(' ')));
    const short = new Set(missing.map((at) => at.split(' ').slice(0, 2).join(' ')));
    process.stdout.write(
      `OpenAPI: ${operations.size} operations with a JSON body, ${operations.size - short.size} with every example; ` +
        `${bodies.length} JSON bodies, ${bodies.length - missing.length} with an example, without: ${missing.join(', ') || 'none'}\n`,
    );
    expect(missing.filter((at) => !(at in WITHOUT_EXAMPLE))).toEqual([]);
    // A listed body that has an example now comes off the list.
    expect(Object.keys(WITHOUT_EXAMPLE).filter((at) => !missing.includes(at))).toEqual([]);
  });

  it("uses only OpenAPI 3.0's `example` (an `examples` array is not valid in a 3.0 schema)", () => {
    expect(JSON.stringify(document)).not.toMatch(/"examples":\[/);
  });

  it('serves the same document to Swagger UI', async () => {
    const json = await request(gateway.server).get('/api/docs/json').expect(200);
    expect(jsonBodies(json.body as Document).filter(({ example }) => example !== undefined).length).toBe(
      jsonBodies(document).filter(({ example }) => example !== undefined).length,
    );
  });
});

describe('composeExample', () => {
  const components = { Money: { type: 'object', properties: { value: { type: 'string' } }, example: { value: '89.00', currency: 'USD' } } };

  it('wraps the examples inside a schema: objects, arrays, $refs, enumerations, nullables and pages', () => {
    const page = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/Money' } },
        status: { type: 'string', enum: ['paid', 'refunded'] },
        note: { type: 'string', nullable: true },
        hasNextPage: { type: 'boolean' },
        nextPageCursor: { type: 'string', nullable: true },
      },
      required: ['items', 'status', 'note', 'hasNextPage', 'nextPageCursor'],
    };
    expect(composeExample(page, components)).toEqual({
      items: [{ value: '89.00', currency: 'USD' }],
      status: 'paid',
      note: null,
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('makes up nothing: a required part without an example leaves the whole without one', () => {
    expect(
      composeExample({ type: 'object', properties: { deleted: { type: 'boolean' } }, required: ['deleted'] }, components),
    ).toBeUndefined();
    expect(
      composeExample(
        {
          type: 'object',
          properties: { deleted: { type: 'boolean' }, money: { $ref: '#/components/schemas/Money' } },
          required: ['money'],
        },
        components,
      ),
    ).toEqual({ money: { value: '89.00', currency: 'USD' } });
  });
});
