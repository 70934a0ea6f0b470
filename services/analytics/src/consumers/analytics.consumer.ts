// What analytics reads from the bus, each event applied once to the rollups (rollups/):
// - commerce: entries added to and removed from carts, placed orders;
// - forms: saved submissions (form conversion);
// - content: products and site settings.
import type { SubscribeOptions } from '@sc/platform';
import type { AnalyticsModule } from '../module.js';

export const COMMERCE_CONSUMER = 'analytics-commerce';
export const FORMS_CONSUMER = 'analytics-forms';
export const CONTENT_CONSUMER = 'analytics-content';

export const CONSUMED_SUBJECTS = {
  [COMMERCE_CONSUMER]: ['commerce.cart.entry-added', 'commerce.cart.entry-removed', 'commerce.order.placed'],
  [FORMS_CONSUMER]: ['forms.submission.saved'],
  [CONTENT_CONSUMER]: ['content.product.upserted', 'content.product.deleted', 'content.settings.updated'],
} as const;

/** How the consumers subscribe; tests give theirs a durable of their own that starts now. */
export interface ConsumerOptions {
  durableSuffix?: string;
  newOnly?: boolean;
  forgetAfterIdleMs?: number;
}

/** The durable consumers of the service (handled ids are kept per consumer name, without the suffix). */
export function analyticsConsumers(
  parts: Pick<AnalyticsModule, 'rollups'> & Partial<Pick<AnalyticsModule, 'settings'>>,
  options: ConsumerOptions = {},
): SubscribeOptions[] {
  return (Object.keys(CONSUMED_SUBJECTS) as Array<keyof typeof CONSUMED_SUBJECTS>).map((consumer) => ({
    durable: `${consumer}${options.durableSuffix ?? ''}`,
    subjects: [...CONSUMED_SUBJECTS[consumer]],
    ...(options.newOnly === undefined ? {} : { newOnly: options.newOnly }),
    ...(options.forgetAfterIdleMs === undefined ? {} : { forgetAfterIdleMs: options.forgetAfterIdleMs }),
    // The content consumer keeps the dimensions (product names and skus, site settings), a read
    // model: version-checked upserts, so a replay (pnpm read-models rebuild) restores it, and
    // /readyz says when it stayed empty. The commerce and forms consumers add to counters: not
    // read models, a replay would count twice. A test's suffixed durable records its events
    // under the plain name, which the empty check (by durable) would not find.
    ...(consumer === CONTENT_CONSUMER && !options.durableSuffix ? { readModel: 'analytics dimensions' } : {}),
    handler: async (event) => {
      await parts.rollups.apply(consumer, event);
      // The mirrored site settings changed: every replica's settings cache follows (SettingsCache).
      if (event.type === 'content.settings.updated') await parts.settings?.changed(event.websiteId);
    },
  }));
}
