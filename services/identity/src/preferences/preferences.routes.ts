// GET/PUT /api/auth/owner/preferences/:key: the signed-in owner's own admin preferences on this
// website (issue 35: a table's columns and sort). No permission of a role: every owner with a role
// here has their own; API keys, site users and visitors have none.
import { OwnerPreference, OwnerPreferenceBody, OwnerPreferenceParams } from '@sc/contracts';
import { identityOf, type ZodApp } from '@sc/platform';
import type { PreferenceService } from './preferences.service.js';

export function preferenceRoutes(app: ZodApp, preferences: PreferenceService): void {
  app.get(
    '/api/auth/owner/preferences/:key',
    {
      schema: {
        summary: "One of the signed-in owner's admin preferences on this website (null until set)",
        params: OwnerPreferenceParams,
        response: { 200: OwnerPreference },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return preferences.get(identityOf(request), request.params.key);
    },
  );

  app.put(
    '/api/auth/owner/preferences/:key',
    {
      schema: {
        summary: "Keep one of the signed-in owner's admin preferences (at most 4096 bytes of JSON)",
        params: OwnerPreferenceParams,
        body: OwnerPreferenceBody,
        response: { 200: OwnerPreference },
      },
    },
    async (request) => preferences.put(identityOf(request), request.params.key, request.body.value),
  );
}
