// SPEC 5 "Other": session replay only for US sites in an America/* time zone with the feature
// toggle and the experiment flag on, on browsers with more than 2 cores; everyone else, and
// automated clients, get 'automated-mock-id' (the page then skips replay).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { REPLAY_SKIP_ID, Role } from '@sc/contracts';
import { unique } from '@sc/platform/test-kit';
import { applyEvent, CONTENT_CONSUMER } from '../src/index.js';
import { suite, type Kit } from './kit.js';

describe('session replay id', () => {
  const kit = suite();

  const getId = async (site: string, query = '', options: Parameters<Kit['call']>[3] = {}) => {
    const response = await kit.call('GET', `/api/commerce/fullstory/getId${query}`, undefined, { site, ...options });
    expect(response.statusCode).toBe(200);
    return response.json().id as string;
  };
  const settle = (site: string, country: string, timeZone: string) =>
    applyEvent(kit.ctx, CONTENT_CONSUMER, {
      id: randomUUID(),
      type: 'content.settings.updated',
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data: { changed: ['country', 'timeZone'], currency: 'USD', locale: 'en-US', timeZone, country },
    });
  const turnOn = (site: string, sessionReplay: { enabled?: boolean; experiment?: boolean }) =>
    kit.call('PUT', '/api/census/settings', { sessionReplay }, { site, roles: [Role.ADMIN] });

  it('skips by default: the feature toggle and the experiment flag are off', async () => {
    expect(await getId(unique('replay'))).toBe(REPLAY_SKIP_ID);
  });

  it('gives a replay id only when every condition holds', async () => {
    const site = unique('replay');
    await turnOn(site, { enabled: true });
    expect(await getId(site)).toBe(REPLAY_SKIP_ID);
    await turnOn(site, { experiment: true });
    const id = await getId(site, '?cores=8');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await getId(site, '?cores=8')).not.toBe(id);
    // The page does not always tell its cores; then it checks them itself.
    expect(await getId(site)).not.toBe(REPLAY_SKIP_ID);
    expect(await getId(site, '?cores=2')).toBe(REPLAY_SKIP_ID);
    expect(await getId(site, '?cores=8', { userAgent: 'Mozilla/5.0 HeadlessChrome/120.0' })).toBe(REPLAY_SKIP_ID);
    expect(await getId(site, '?cores=8', { roles: [Role.ADMIN] })).toBe(REPLAY_SKIP_ID);
    expect((await kit.call('GET', '/api/commerce/fullstory/getId?cores=many', undefined, { site })).statusCode).toBe(400);
  });

  it('skips sites outside the US or outside America/* time zones', async () => {
    const canada = unique('replay');
    await turnOn(canada, { enabled: true, experiment: true });
    await settle(canada, 'CA', 'America/Toronto');
    expect(await getId(canada, '?cores=8')).toBe(REPLAY_SKIP_ID);
    const hawaii = unique('replay');
    await turnOn(hawaii, { enabled: true, experiment: true });
    await settle(hawaii, 'US', 'Pacific/Honolulu');
    expect(await getId(hawaii, '?cores=8')).toBe(REPLAY_SKIP_ID);
    const chicago = unique('replay');
    await turnOn(chicago, { enabled: true, experiment: true });
    await settle(chicago, 'US', 'America/Chicago');
    expect(await getId(chicago, '?cores=4')).not.toBe(REPLAY_SKIP_ID);
  });
});
