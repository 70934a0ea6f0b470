// GET /api/google-maps/places/autocomplete and /details (SPEC 7). Providers are asked in order:
// the hosted service when configured, then the offline one when it is unavailable, so checkout
// never loses address entry to an outage. Details expect the tracking context (productPage and
// productSection); a missing one is logged, not refused.
import {
  PlaceDetailsResponse,
  PlacesAutocompleteQuery,
  PlacesAutocompleteResponse,
  PlacesDetailsQuery,
  PlacesMessages,
} from '@sc/contracts';
import { AppError, type ZodApp } from '@sc/platform';
import { addressProblems } from './address.js';
import { PlacesUnavailableError } from './hosted-provider.js';
import type { PlacesProvider } from './provider.js';

/** The tracking-context fields a details request lacks (logged, never refused). */
export function missingTrackingContext(query: { productPage?: string; productSection?: string }): string[] {
  return [query.productPage ? '' : 'productPage', query.productSection ? '' : 'productSection'].filter(Boolean);
}

export function placesRoutes(app: ZodApp, providers: PlacesProvider[]): void {
  /** The first provider's answer that is not an outage. */
  async function ask<T>(log: { warn: (o: object, m: string) => void }, call: (p: PlacesProvider) => Promise<T>): Promise<T> {
    for (const provider of providers) {
      try {
        return await call(provider);
      } catch (error) {
        if (!(error instanceof PlacesUnavailableError)) throw error;
        log.warn({ provider: provider.name, reason: error.message }, 'places provider unavailable; trying the next');
      }
    }
    throw new AppError('SERVICE_UNAVAILABLE', PlacesMessages.unavailable);
  }

  app.get(
    '/api/google-maps/places/autocomplete',
    {
      schema: {
        summary: 'Address suggestions for what the buyer typed (places autocomplete)',
        querystring: PlacesAutocompleteQuery,
        response: { 200: PlacesAutocompleteResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=60');
      return { predictions: await ask(request.log, (p) => p.autocomplete(request.query)) };
    },
  );

  app.get(
    '/api/google-maps/places/details',
    {
      schema: {
        summary: 'The full address of a suggested place',
        querystring: PlacesDetailsQuery,
        response: { 200: PlaceDetailsResponse },
      },
    },
    async (request) => {
      const { placeId, sessionToken, productPage, productSection } = request.query;
      const missing = missingTrackingContext({ productPage, productSection });
      if (missing.length > 0) request.log.warn({ missing }, 'places details without its tracking context');
      // A place id belongs to the provider that made it: offline ids never go to the hosted service.
      const own = placeId.startsWith('offline:') ? providers.filter((p) => p.name === 'offline') : providers;
      let details;
      for (const provider of own) {
        try {
          details = await provider.details(placeId, sessionToken);
          break;
        } catch (error) {
          if (!(error instanceof PlacesUnavailableError)) throw error;
          request.log.warn({ provider: provider.name, reason: error.message }, 'places provider unavailable');
          throw new AppError('SERVICE_UNAVAILABLE', PlacesMessages.unavailable);
        }
      }
      if (!details) throw new AppError('NOT_FOUND', PlacesMessages.expiredPlace);
      return { result: { ...details, problems: addressProblems(details.address) } };
    },
  );
}
