// The API reference. GET /api/openapi.json: the OpenAPI documents of every service merged into one
// (paths and schemas), fetched live so the document always matches what is running; a service
// that is down is named under x-unavailable instead of failing the whole document. GET /api/docs:
// Swagger UI over that document, served from the gateway's own files (no CDN: it works offline).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@sc/platform';
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

/** Merges service documents; an operation without a tag of its own is tagged with its service. */
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
export const DOCS_HELMET: FastifyHelmetOptions = {
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
    await scope.register(helmet, DOCS_HELMET);
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
