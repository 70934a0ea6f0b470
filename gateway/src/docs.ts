// GET /api/docs: the OpenAPI documents of every service, merged into one (paths and schemas),
// fetched live so the document always matches what is running. A service that is down is named
// under x-unavailable instead of failing the whole document.
import type { FastifyInstance } from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@sc/platform';
import { serviceUrl, type GatewayEnv } from './config.js';

interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

async function fetchDocument(url: string): Promise<OpenApiDocument | undefined> {
  try {
    const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3_000) });
    return response.ok ? ((await response.json()) as OpenApiDocument) : undefined;
  } catch {
    return undefined;
  }
}

/** Merges service documents; each operation is tagged with its service. */
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
        tagged[method] = { ...operation, tags: [service] };
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

export function registerDocs(app: FastifyInstance, config: GatewayEnv): void {
  app.get('/api/docs', async () => {
    const fetched = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await fetchDocument(serviceUrl(config, name))] as const));
    return mergeDocuments(Object.fromEntries(fetched.filter(([, document]) => document !== undefined)));
  });
}
