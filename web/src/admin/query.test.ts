// The admin's TanStack Query defaults: which failures are asked for again, how long it waits,
// how paths become keys, and what a successful mutation invalidates.
import { describe, expect, it } from '@jest/globals';
import { MutationObserver } from '@tanstack/react-query';
import { ApiError } from '../lib/api.js';
import { createAdminQueryClient, MAX_RETRIES, queryKeyOf, retryDelay, shouldRetry, STALE_MS } from './query.js';

describe('retries', () => {
  it('retries the network, 429 and 5xx, never 4xx nor a bug', () => {
    expect(shouldRetry(0, new ApiError('Network error', 0))).toBe(true);
    expect(shouldRetry(0, new ApiError('Busy', 429))).toBe(true);
    expect(shouldRetry(0, new ApiError('Broken', 500))).toBe(true);
    expect(shouldRetry(0, new ApiError('Unavailable', 503))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetry(0, new ApiError('No', status))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('stops after the last retry', () => {
    expect(shouldRetry(MAX_RETRIES - 1, new ApiError('Unavailable', 503))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, new ApiError('Unavailable', 503))).toBe(false);
  });

  it('waits longer each time, within a bound', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('asks again after a 503 and answers, and gives up at once on a 404', async () => {
    const client = createAdminQueryClient();
    let calls = 0;
    const answer = await client.fetchQuery({
      queryKey: ['flaky'],
      queryFn: async () => {
        calls++;
        if (calls === 1) throw new ApiError('Unavailable', 503);
        return 'ok';
      },
    });
    expect(answer).toBe('ok');
    expect(calls).toBe(2);
    let misses = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['missing'],
        queryFn: async () => {
          misses++;
          throw new ApiError('Not found', 404);
        },
      }),
    ).rejects.toThrow('Not found');
    expect(misses).toBe(1);
  });
});

describe('the client', () => {
  it('keeps answers fresh a few seconds, does not refetch on focus, and never retries a change', () => {
    const defaults = createAdminQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: STALE_MS, refetchOnWindowFocus: false, networkMode: 'always' });
    expect(defaults.mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('keys a path by its segments, then its query string', () => {
    expect(queryKeyOf('/api/commerce/coupons')).toEqual(['api', 'commerce', 'coupons']);
    expect(queryKeyOf('/api/commerce/store/gift-cards?limit=200&q=a%20b')).toEqual([
      'api',
      'commerce',
      'store',
      'gift-cards',
      '?limit=200&q=a%20b',
    ]);
  });

  it('refetches the queries a mutation names and marks the others stale', async () => {
    const client = createAdminQueryClient();
    const list = queryKeyOf('/api/commerce/coupons?limit=200');
    const one = queryKeyOf('/api/commerce/coupons/SPRING');
    const other = queryKeyOf('/api/commerce/inventory');
    for (const key of [list, one, other]) client.setQueryData(key, { key });
    const invalidated = () => [list, one, other].map((key) => client.getQueryState(key)?.isInvalidated);
    expect(invalidated()).toEqual([false, false, false]);
    const mutation = new MutationObserver(client, {
      mutationFn: async () => 'saved',
      meta: { invalidates: [queryKeyOf('/api/commerce/coupons')] },
    });
    await mutation.mutate();
    expect(invalidated()).toEqual([true, true, true]);
    expect(client.getQueryCache().findAll({ queryKey: queryKeyOf('/api/commerce/coupons') })).toHaveLength(2);
  });
});
