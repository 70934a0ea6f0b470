// The gateway's question, once per request with credentials (and cached by it): what do these
// session tokens and this API key stand for on this website? Not under /api, so the gateway never
// routes it from outside; hidden from the API document.
import { IDENTITY_RESOLVE_PATH, ResolveCredentials, ResolvedCredentials } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import type { ResolveService } from './resolve.service.js';

/** POST /internal/identity/resolve, for the gateway only. */
export function resolveRoutes(app: ZodApp, resolver: ResolveService): void {
  app.post(
    IDENTITY_RESOLVE_PATH,
    { schema: { hide: true, body: ResolveCredentials, response: { 200: ResolvedCredentials } } },
    async (request) => resolver.resolve(request.body),
  );
}
