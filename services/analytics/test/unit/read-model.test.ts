// Which of analytics' consumers feeds a read model (pnpm read-models rebuild replays it, /readyz
// says when it stayed empty): the content consumer's dimensions, version-checked upserts. The
// commerce and forms consumers add to counters, which a replay would count twice.
import { describe, expect, it } from '@jest/globals';
import { analyticsConsumers, COMMERCE_CONSUMER, CONTENT_CONSUMER, FORMS_CONSUMER } from '../../src/consumers/analytics.consumer.js';

const rollups = { apply: async () => true } as unknown as Parameters<typeof analyticsConsumers>[0]['rollups'];

describe('analytics read models', () => {
  it('declares the dimensions (content consumer) a read model, and the counters not', () => {
    const models = Object.fromEntries(analyticsConsumers({ rollups }).map((c) => [c.durable, c.readModel]));
    expect(models).toEqual({ [COMMERCE_CONSUMER]: undefined, [FORMS_CONSUMER]: undefined, [CONTENT_CONSUMER]: 'analytics dimensions' });
  });

  it("leaves a test's suffixed durable without one (it records under the plain name)", () => {
    expect(analyticsConsumers({ rollups }, { durableSuffix: '-t1' }).map((c) => c.readModel)).toEqual([undefined, undefined, undefined]);
  });
});
