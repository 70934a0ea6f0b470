// The event bus seen by services: publish an envelope, subscribe a durable consumer. Two
// implementations behind this one interface: NATS JetStream (distributed) and in-process (embedded).
import type { EventEnvelope } from '@sc/contracts';

/** Message headers; trace context (traceparent) travels here. */
export type Headers = Record<string, string>;

export interface DeliveryInfo {
  headers: Headers;
  /** 1 on first delivery, more on redelivery after a failure or a lost ack. */
  attempt: number;
}

export type EventHandler = (event: EventEnvelope, info: DeliveryInfo) => Promise<void>;

export interface SubscribeOptions {
  /** Durable consumer name: it keeps its position across restarts and is shared by replicas. */
  durable: string;
  /** Subjects or wildcards (`commerce.cart.*`, `forms.>`). */
  subjects: string[];
  handler: EventHandler;
  /** Start with events published from now on instead of every retained one (tests, ad-hoc tools). */
  newOnly?: boolean;
  /** Let the server forget this consumer after it has been idle this long (tests, ad-hoc tools). */
  forgetAfterIdleMs?: number;
  /**
   * The read model this consumer feeds, when it records every event it applies with handleOnce
   * under its durable name: /readyz then reports the read model empty when the bus delivered
   * events but none was recorded here (another deployment's consumer took them).
   */
  readModel?: string;
}

/** Where a durable consumer stands on the bus. */
export interface ConsumerProgress {
  /** Events of its subjects not yet delivered or not yet acknowledged. */
  pending: number;
  /** Deliveries so far (0: it never received an event). */
  delivered: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Publishes with the event id as message id: a repeat of the same id is dropped by the bus. */
  publish(event: EventEnvelope, headers?: Headers): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
  /** How far a durable subscribed through this bus is (both real buses; test fakes may leave it out); undefined when it is not subscribed here. */
  progress?(durable: string): Promise<ConsumerProgress | undefined>;
  /** Starts a durable subscribed through this bus over from the oldest retained event (read-model rebuild). */
  replay?(durable: string): Promise<void>;
}

/** Does `subject` match a NATS-style filter (`*` one token, `>` the rest)? */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}

/**
 * The JetStream stream of a subject's domain, e.g. commerce.cart.created → EVENTS_COMMERCE holding
 * commerce.>; with a deployment prefix p: p_EVENTS_COMMERCE holding p.commerce.> (bus/prefix.ts).
 */
export function streamOf(subject: string, prefix = ''): { name: string; subjects: string[] } {
  const domain = subject.split('.')[0] ?? '';
  if (!/^[a-z]+$/.test(domain)) throw new Error(`Subject ${subject} has no domain`);
  if (prefix === '') return { name: `EVENTS_${domain.toUpperCase()}`, subjects: [`${domain}.>`] };
  return { name: `${prefix}_EVENTS_${domain.toUpperCase()}`, subjects: [`${prefix}.${domain}.>`] };
}
