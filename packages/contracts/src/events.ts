// Every event crossing the bus: the envelope { id, type, websiteId, occurredAt, data } and, per
// subject (<domain>.<entity>.<event>), the schema of its data.
import { z } from 'zod';
import { SiteUserSessionEnded, SiteUserSessionStarted } from './identity.js';
import { ContentEventSchemas } from './content-events.js';
import { CommerceEventSchemas } from './commerce-events.js';
import { FormsEventSchemas } from './forms.js';
import { RestockEventSchemas } from './restock.js';
import { PrivacyEventSchemas } from './privacy.js';

export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z-]+\.[a-z-]+$/),
  websiteId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

export const CartCreated = z.object({ cartId: z.string(), websiteId: z.string() }).strict();
export type CartCreated = z.infer<typeof CartCreated>;

/** Subject → schema of the event's data. A publisher can only enqueue what is listed here. */
export const EventSchemas = {
  'commerce.cart.created': CartCreated,
  ...CommerceEventSchemas,
  'identity.session.started': SiteUserSessionStarted,
  'identity.session.ended': SiteUserSessionEnded,
  ...ContentEventSchemas,
  ...FormsEventSchemas,
  ...RestockEventSchemas,
  ...PrivacyEventSchemas,
} as const;
export type EventType = keyof typeof EventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof EventSchemas)[T]>;

/** The domain of an event type is its first subject token; each domain is one JetStream stream. */
export const eventDomain = (type: string): string => type.slice(0, type.indexOf('.'));
