// The API keys panel (SPEC 1 mentions it): create (the key is in this answer only), list, revoke.
import { ApiKey, ApiKeyCreated, ApiKeyList, ApiKeyParams, CreateApiKey, Permission } from '@sc/contracts';
import { identityOf, ownerRoute, type ZodApp } from '@sc/platform';
import type { ApiKeyService } from './api-key.service.js';

/** GET/POST /api/auth/api-keys, DELETE /api/auth/api-keys/:apiKeyId (api-keys:manage). */
export function apiKeyRoutes(app: ZodApp, keys: ApiKeyService): void {
  app.get(
    '/api/auth/api-keys',
    ownerRoute(Permission.API_KEYS_MANAGE, {
      schema: { summary: "This website's API keys (never the keys themselves)", response: { 200: ApiKeyList } },
    }),
    async (request) => ({ apiKeys: await keys.list(identityOf(request).websiteId) }),
  );

  app.post(
    '/api/auth/api-keys',
    ownerRoute(Permission.API_KEYS_MANAGE, {
      schema: {
        summary: 'Create an API key; the answer is the only time it is shown',
        body: CreateApiKey,
        response: { 201: ApiKeyCreated },
      },
    }),
    async (request, reply) => {
      const identity = identityOf(request);
      const created = await keys.create(identity.websiteId, identity.ownerId ?? '', request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/auth/api-keys/:apiKeyId',
    ownerRoute(Permission.API_KEYS_MANAGE, { schema: { summary: 'Revoke an API key', params: ApiKeyParams, response: { 200: ApiKey } } }),
    async (request) => keys.revoke(identityOf(request).websiteId, request.params.apiKeyId),
  );
}
