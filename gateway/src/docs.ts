// The API reference. GET /api/openapi.json: the OpenAPI documents of every service merged into one
// (paths and schemas), fetched live so the document always matches what is running; a service
// that is down is named under x-unavailable instead of failing the whole document. GET /api/docs:
// Swagger UI over that document, served from the gateway's own files (no CDN: it works offline).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_NAMES, useSecurityHeaders, type SecurityHeaderOptions, type ServiceName } from '@sc/platform';
import { serviceUrl, type GatewayEnv } from './config.js';
import { ADMIN_HELMET } from './security-headers.js';

/** The part of an OpenAPI document the merge reads. */
export interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

async function fetchDocument(url: string): Promise<OpenApiDocument | undefined> {
  try {
    const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3_000) });
    return response.ok ? ((await response.json()) as OpenApiDocument) : undefined;
  } catch {
    return undefined;
  }
}

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An example made of the examples inside a schema, for a JSON body whose schema has none of its
 * own: a body a route wraps around contracts (`{ items: [Collection] }`) shows them as they are.
 * Objects take their properties' examples (a required one without any makes no example), arrays
 * one example item, enumerations their first value, nullable values null, a page's hasNextPage
 * false. Undefined when a required part has no example (nothing is made up).
 */
export function composeExample(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (!isObject(schema) || depth > 12) return undefined;
  if (typeof schema.$ref === 'string') return composeExample(components[schema.$ref.split('/').pop() ?? ''], components, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const value = composeExample(branch, components, depth + 1);
      if (value !== undefined) return value;
    }
  }
  if (schema.type === 'array') {
    const item = composeExample(schema.items, components, depth + 1);
    return item === undefined ? (schema.nullable === true ? null : undefined) : [item];
  }
  if (schema.type === 'object' && isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const value: Record<string, unknown> = {};
    let found = false;
    for (const [name, property] of Object.entries(schema.properties)) {
      // A page (@sc/platform's pageSchema) is shown as the last one.
      const example =
        name === 'hasNextPage' && isObject(property) && property.type === 'boolean'
          ? false
          : composeExample(property, components, depth + 1);
      if (example === undefined) {
        if (required.has(name)) return schema.nullable === true ? null : undefined;
        continue;
      }
      value[name] = example;
      found = true;
    }
    return found ? value : undefined;
  }
  return schema.nullable === true ? null : undefined;
}

/** The operation with an example on each JSON body (request, 2xx answers) that has none yet. */
function withComposedExamples(operation: Record<string, unknown>, components: Record<string, unknown>): Record<string, unknown> {
  const exemplified = (content: unknown): unknown => {
    if (!isObject(content) || !isObject(content['application/json'])) return content;
    const media = content['application/json'];
    if (media.example !== undefined || media.examples !== undefined || composeExample(media.schema, components) === undefined)
      return content;
    const resolved =
      isObject(media.schema) && typeof media.schema.$ref === 'string' ? components[media.schema.$ref.split('/').pop() ?? ''] : media.schema;
    if (isObject(resolved) && resolved.example !== undefined) return content;
    return { ...content, 'application/json': { ...media, example: composeExample(media.schema, components) } };
  };
  const result: Record<string, unknown> = { ...operation };
  if (isObject(operation.requestBody))
    result.requestBody = { ...operation.requestBody, content: exemplified(operation.requestBody.content) };
  if (isObject(operation.responses)) {
    result.responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) =>
        status.startsWith('2') && isObject(response) && response.content !== undefined
          ? [status, { ...response, content: exemplified(response.content) }]
          : [status, response],
      ),
    );
  }
  return result;
}

/**
 * Merges service documents; an operation without a tag of its own is tagged with its service, and
 * a JSON body without an example gets one made of the examples inside it (composeExample).
 */
export function mergeDocuments(documents: Partial<Record<ServiceName, OpenApiDocument>>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const unavailable: string[] = [];
  for (const service of SERVICE_NAMES) {
    const document = documents[service];
    if (!document) {
      unavailable.push(service);
      continue;
    }
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      const tagged: Record<string, unknown> = {};
      for (const [method, operation] of Object.entries(operations as Record<string, Record<string, unknown>>)) {
        const tags = Array.isArray(operation.tags) && operation.tags.length > 0 ? operation.tags : [service];
        tagged[method] = { ...operation, tags };
      }
      paths[path] = { ...paths[path], ...tagged };
    }
    Object.assign(schemas, document.components?.schemas ?? {});
  }
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations))
      operations[method] = withComposedExamples(operation as Record<string, unknown>, schemas);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Site builder API', version: '0.1.0', description: 'Every service behind the gateway, merged.' },
    tags: SERVICE_NAMES.map((name) => ({ name })),
    paths,
    components: { schemas },
    ...(unavailable.length > 0 ? { 'x-unavailable': unavailable } : {}),
  };
}

/**
 * Headers of the reference page: the admin app's (security-headers.ts), narrowed to what Swagger UI
 * needs: its own scripts, inline styles it sets from them, images of this origin; it frames nothing.
 */
const adminCsp = ADMIN_HELMET.contentSecurityPolicy as { directives: Record<string, string[]> };
export const DOCS_HELMET: SecurityHeaderOptions = {
  ...ADMIN_HELMET,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...adminCsp.directives, imgSrc: ["'self'", 'data:'], mediaSrc: ["'none'"], frameSrc: ["'none'"] },
  },
};

export async function registerDocs(app: FastifyInstance, config: GatewayEnv): Promise<void> {
  const merged = async (): Promise<Record<string, unknown>> => {
    const fetched = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await fetchDocument(serviceUrl(config, name))] as const));
    return mergeDocuments(Object.fromEntries(fetched.filter(([, document]) => document !== undefined)));
  };
  app.get(OPENAPI_PATH, { schema: { hide: true } }, merged);
  await app.register(async (scope) => {
    useSecurityHeaders(scope, DOCS_HELMET);
    // Swagger UI needs @fastify/swagger in its scope; that document (of this scope's hidden routes)
    // is replaced below by the merged one, fetched in the UI's preHandler for its JSON route.
    await scope.register(swagger, { openapi: { info: { title: 'Site builder API', version: '0.1.0' } } });
    const documents = new WeakMap<FastifyRequest, Record<string, unknown>>();
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { deepLinking: true, docExpansion: 'none', filter: true, tryItOutEnabled: false },
      uiHooks: {
        preHandler: (request, _reply, done) => {
          if (!/\/(json|yaml)$/.test(request.url.split('?')[0] ?? '')) return done();
          merged().then((document) => {
            documents.set(request, document);
            done();
          }, done);
        },
      },
      transformSpecificationClone: false,
      transformSpecification: (own, request) => documents.get(request) ?? own,
    });
  });
}
