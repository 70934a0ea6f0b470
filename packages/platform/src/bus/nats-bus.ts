// The JetStream bus of distributed mode. One stream per domain (EVENTS_COMMERCE holds commerce.>),
// every stream and subject under the deployment's prefix (p_EVENTS_COMMERCE holds p.commerce.>,
// see prefix.ts; consumers live inside their stream, so their names are the deployment's too),
// file storage, publishes carry the event id as Nats-Msg-Id so the server drops repeats, and
// consumers are durable pull consumers with explicit acks. The connection retries forever: while
// NATS is away publishes fail fast (the outbox keeps the events) and /readyz reports not ready.
import {
  AckPolicy,
  DeliverPolicy,
  Events,
  JSONCodec,
  StorageType,
  connect,
  headers as natsHeaders,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { EventEnvelope } from '@sc/contracts';
import type { Logger } from '../logger.js';
import { streamOf, type ConsumerProgress, type EventBus, type Headers, type SubscribeOptions, type Subscription } from './bus.js';

/** How long the privacy stream keeps an erasure request (see #createStream). */
const PRIVACY_RETENTION_MS = 7 * 24 * 3600_000;

const codec = JSONCodec<EventEnvelope>();

export interface NatsBusOptions {
  url: string;
  name: string;
  logger: Logger;
  /** Put before every stream and subject name (natsPrefix()); '' for the bare names. */
  prefix: string;
  /** How long a publish may wait for the server's ack before it counts as failed. */
  publishTimeoutMs?: number;
}

export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  readonly #options: NatsBusOptions;
  readonly #connection: Promise<NatsConnection>;
  #nc: NatsConnection | undefined;
  #js: JetStreamClient | undefined;
  #jsm: JetStreamManager | undefined;
  readonly #streams = new Map<string, Promise<void>>();
  readonly #subscriptions = new Set<{ stop(): Promise<void> }>();
  /** The JetStream consumers behind each durable subscribed here: one per subject filter. */
  readonly #durables = new Map<string, Array<{ stream: string; name: string; config: Partial<ConsumerConfig>; restart(): void }>>();
  #closed = false;

  constructor(options: NatsBusOptions) {
    this.#options = options;
    this.#connection = connect({
      servers: options.url.split(','),
      name: options.name,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 2_000,
    }).then(async (nc) => {
      this.#nc = nc;
      this.#js = nc.jetstream({ timeout: options.publishTimeoutMs ?? 3_000 });
      this.#jsm = await nc.jetstreamManager({ timeout: 5_000 });
      void this.#watchStatus(nc);
      return nc;
    });
    // Nobody may be awaiting yet; a failure surfaces on first use instead of as an unhandled rejection.
    this.#connection.catch((error: unknown) => options.logger.error({ err: error }, 'NATS connection failed'));
  }

  async #watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect || status.type === Events.Reconnect) {
        this.#options.logger.warn({ status: status.type, server: status.data }, `NATS ${status.type}`);
        // After a server restart the stream may be gone (memory store, new server): check again.
        if (status.type === Events.Reconnect) this.#streams.clear();
      }
    }
  }

  async #ready(): Promise<{ js: JetStreamClient; jsm: JetStreamManager }> {
    if (this.#closed) throw new Error('bus is closed');
    if (!this.#js || !this.#jsm) {
      await Promise.race([
        this.#connection,
        new Promise((_, reject) => setTimeout(() => reject(new Error('NATS is not connected')), 3_000).unref()),
      ]);
    }
    if (!this.#js || !this.#jsm || this.#nc?.isClosed()) throw new Error('NATS is not connected');
    return { js: this.#js, jsm: this.#jsm };
  }

  async #ensureStream(subject: string): Promise<string> {
    const stream = streamOf(subject, this.#options.prefix);
    let made = this.#streams.get(stream.name);
    if (!made) {
      made = this.#createStream(stream.name, stream.subjects);
      this.#streams.set(stream.name, made);
      made.catch(() => this.#streams.delete(stream.name));
    }
    await made;
    return stream.name;
  }

  async #createStream(name: string, subjects: string[]): Promise<void> {
    const { jsm } = await this.#ready();
    try {
      await jsm.streams.info(name);
    } catch {
      // Privacy requests name the person they erase: the stream forgets them after a week (every
      // service's durable has long handled them by then), where other streams keep their events.
      const forget = name.endsWith('EVENTS_PRIVACY') ? { max_age: nanos(PRIVACY_RETENTION_MS) } : {};
      await jsm.streams.add({ name, subjects, storage: StorageType.File, duplicate_window: nanos(120_000), ...forget });
    }
  }

  async publish(event: EventEnvelope, headers: Headers = {}): Promise<void> {
    const { js } = await this.#ready();
    await this.#ensureStream(event.type);
    const h = natsHeaders();
    for (const [key, value] of Object.entries(headers)) h.set(key, value);
    await js.publish(this.#subject(event.type), codec.encode(event), { msgID: event.id, headers: h });
  }

  #subject(subject: string): string {
    return this.#options.prefix === '' ? subject : `${this.#options.prefix}.${subject}`;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    // One consumer per subject filter: a consumer belongs to one stream, and the NATS server on
    // Debian 12 (2.9) has no multi-filter consumers (filter_subjects needs 2.10).
    const loops = await Promise.all(
      options.subjects.map((subject, i) =>
        this.#consumeLoop({ ...options, durable: i === 0 ? options.durable : `${options.durable}-${i}` }, subject, options.durable),
      ),
    );
    const subscription = {
      stop: async () => {
        await Promise.all(loops.map((loop) => loop.stop()));
        this.#subscriptions.delete(subscription);
        this.#durables.delete(options.durable);
      },
    };
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async #consumeLoop(options: SubscribeOptions, subject: string, root: string): Promise<Subscription> {
    const stream = await this.#ensureStream(subject);
    const { js, jsm } = await this.#ready();
    const config: Partial<ConsumerConfig> = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: options.newOnly ? DeliverPolicy.New : DeliverPolicy.All,
      filter_subject: this.#subject(subject),
      ...(options.forgetAfterIdleMs ? { inactive_threshold: nanos(options.forgetAfterIdleMs) } : {}),
      ack_wait: nanos(30_000),
      max_deliver: -1,
    };
    await jsm.consumers.add(stream, config);
    let first = true;
    let stopped = false;
    let messages: ConsumerMessages | undefined;
    // Ending the current pull makes the loop below open a new one (after a replay).
    const restart = () => messages?.stop();
    this.#durables.set(root, [...(this.#durables.get(root) ?? []), { stream, name: options.durable, config, restart }]);
    const log = this.#options.logger;
    const run = async (): Promise<void> => {
      while (!stopped && !this.#closed) {
        try {
          // After an interruption the consumer may be gone (deleted by a replay, or by an operator):
          // adding it again is a no-op when it exists and starts it from the first event when not.
          if (!first) await jsm.consumers.add(stream, config);
          first = false;
          const consumer = await js.consumers.get(stream, options.durable);
          // expires (10 s, the client's default is 30 s) also sets how long the client waits
          // before looking again when the consumer cannot be reached after a reconnect (JetStream
          // is still recovering its store on a restarted server): with the default, a consumer sat
          // idle for 30 s after every NATS restart on a busy machine.
          messages = await consumer.consume({ max_messages: 64, expires: 10_000 });
          // stop() may have come while consume() was starting, when there was nothing to stop yet.
          if (stopped) {
            messages.stop();
            return;
          }
          for await (const message of messages) {
            const headers: Headers = {};
            for (const key of message.headers?.keys() ?? []) headers[key] = message.headers?.get(key) ?? '';
            try {
              await options.handler(codec.decode(message.data), { headers, attempt: message.info.redeliveryCount });
              message.ack();
            } catch (error) {
              const delay = Math.min(100 * 2 ** Math.min(message.info.redeliveryCount, 9), 30_000);
              log.warn({ err: error, subject: message.subject, durable: options.durable }, 'event handler failed; redelivering');
              message.nak(delay);
            }
            if (stopped) break;
          }
        } catch (error) {
          if (stopped || this.#closed) return;
          log.warn({ err: error, durable: options.durable }, 'consumer interrupted; resuming');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    };
    const done = run();
    return {
      stop: async () => {
        stopped = true;
        messages?.stop();
        await done;
      },
    };
  }

  async progress(durable: string): Promise<ConsumerProgress | undefined> {
    const parts = this.#durables.get(durable);
    if (!parts) return undefined;
    const { jsm } = await this.#ready();
    const infos = await Promise.all(parts.map((part) => jsm.consumers.info(part.stream, part.name)));
    return {
      pending: infos.reduce((sum, info) => sum + info.num_pending + info.num_ack_pending, 0),
      delivered: infos.reduce((sum, info) => sum + info.delivered.consumer_seq, 0),
    };
  }

  async replay(durable: string): Promise<void> {
    const parts = this.#durables.get(durable);
    if (!parts) throw new Error(`Durable consumer ${durable} is not subscribed`);
    const { jsm } = await this.#ready();
    // A consumer made again under the same name starts over at the stream's first event. This
    // process pulls from it at once; other replicas notice the deletion when their pull fails or
    // misses its heartbeats (within about 30 s) and resume on the new consumer.
    for (const part of parts) {
      await jsm.consumers.delete(part.stream, part.name).catch(() => false);
      await jsm.consumers.add(part.stream, { ...part.config, deliver_policy: DeliverPolicy.All });
      part.restart();
    }
  }

  async ready(): Promise<boolean> {
    return !this.#closed && this.#nc !== undefined && !this.#nc.isClosed() && this.#nc.info !== undefined && this.#isConnected();
  }

  #isConnected(): boolean {
    // Boundary: the client has no public "connected" flag; a pending reconnect shows as a missing protocol server.
    const nc: { protocol?: { connected?: boolean } } | undefined = this.#nc as { protocol?: { connected?: boolean } } | undefined;
    return nc?.protocol?.connected !== false;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    for (const subscription of [...this.#subscriptions]) await subscription.stop();
    this.#closed = true;
    const nc = this.#nc;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
    else if (!nc) {
      // Still trying to make the first connection: close it once it lands.
      void this.#connection.then((c) => c.close()).catch(() => undefined);
    }
  }
}
