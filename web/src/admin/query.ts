// The admin's server state, held by TanStack Query: one QueryClient for the app, queries keyed by
// the API path they GET, and mutations that name the paths they change. A failure for a passing
// reason (the network, 5xx, 429) is asked for again with a growing delay; a 4xx answer is final.
// The admin cannot know every consequence of a change on the server (a product's stock shows in
// the inventory, an order under its customer), so every successful mutation marks all cached
// answers stale (each is asked for again when next shown) and refetches at once the active
// queries under the paths it names.
import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api.js';

/** Retries after the first failure, at most. */
export const MAX_RETRIES = 3;

/** Whether a failure may pass if asked again: the network (status 0), 429 and 5xx; not 4xx, not a bug. */
export function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** TanStack's retry: `failureCount` failures so far (0 on the first). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isPassingFailure(error);
}

/** Backoff before retry n (0-based): 0.5 s, 1 s, 2 s, … at most 4 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(500 * 2 ** failureCount, 4000);
}

/** How long an answer counts as fresh: a screen shown again within it is not asked for again. */
export const STALE_MS = 5000;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { invalidates?: readonly QueryKey[] };
  }
}

/** The query key of an API path (as apiPath() makes it): its segments, then its query string, if any. */
export function queryKeyOf(path: string): string[] {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = at < 0 ? '' : path.slice(at);
  const key = pathname.split('/').filter(Boolean);
  return search.length > 1 ? [...key, search] : key;
}

/** A new client with the admin's defaults (one per app; tests make their own). */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: STALE_MS,
        // An owner editing a form does not want it refreshed under their hands.
        refetchOnWindowFocus: false,
        // Offline, a call fails with the SPEC's network message instead of waiting silently.
        networkMode: 'always',
      },
      // A change is never sent twice by itself (money moves, items are created).
      mutations: { retry: false, networkMode: 'always' },
    },
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        markAllStale(client);
        for (const queryKey of mutation.meta?.invalidates ?? []) void client.invalidateQueries({ queryKey });
      },
    }),
  });
  return client;
}

/** Every cached answer asked for again when next shown (after a change the admin made). */
export function markAllStale(client: QueryClient): void {
  void client.invalidateQueries({ refetchType: 'none' });
}

/** The admin app's client. */
export const adminQueryClient = createAdminQueryClient();
