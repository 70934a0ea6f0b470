// The in-process bus of embedded mode. It keeps JetStream's contract where services can see it:
// a durable consumer receives every event of its subjects published since the process started
// (also those published before it subscribed), one at a time and in order, redelivered with
// back-off until its handler succeeds; a repeated event id within the window is dropped.
import type { EventEnvelope } from '@sc/contracts';
import type { Logger } from '../logger.js';
import { subjectMatches, type ConsumerProgress, type EventBus, type Headers, type SubscribeOptions, type Subscription } from './bus.js';

interface Stored {
  event: EventEnvelope;
  headers: Headers;
}

interface Consumer {
  options: SubscribeOptions;
  position: number;
  running: boolean;
  stopped: boolean;
  attempt: number;
  timer: NodeJS.Timeout | undefined;
  delivered: number;
}

export interface MemoryBusOptions {
  logger?: Logger;
  /** How long an event id is remembered for de-duplication (JetStream's default window: 2 minutes). */
  duplicateWindowMs?: number;
  /** Events kept for consumers that subscribe later. */
  retain?: number;
  /** Redelivery delay after the first failure, doubled each time up to 30 s. */
  retryDelayMs?: number;
}

export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  readonly #log: Stored[] = [];
  #dropped = 0;
  readonly #seen = new Map<string, number>();
  readonly #consumers = new Map<string, Consumer>();
  readonly #options: Required<Omit<MemoryBusOptions, 'logger'>> & { logger: Logger | undefined };
  #closed = false;

  constructor(options: MemoryBusOptions = {}) {
    this.#options = {
      logger: options.logger,
      duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
      retain: options.retain ?? 100_000,
      retryDelayMs: options.retryDelayMs ?? 100,
    };
  }

  async publish(event: EventEnvelope, headers: Headers = {}): Promise<void> {
    if (this.#closed) throw new Error('bus is closed');
    const now = Date.now();
    this.#forgetOldIds(now);
    if (this.#seen.has(event.id)) return;
    this.#seen.set(event.id, now);
    this.#log.push({ event, headers });
    if (this.#log.length > this.#options.retain) {
      this.#log.shift();
      this.#dropped++;
    }
    for (const consumer of this.#consumers.values()) this.#pump(consumer);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const existing = this.#consumers.get(options.durable);
    if (existing && !existing.stopped) throw new Error(`Durable consumer ${options.durable} is already subscribed`);
    // A durable resumes where it stopped; a new one starts at the oldest retained event.
    const consumer: Consumer = {
      options,
      position: existing?.position ?? (options.newOnly ? this.#dropped + this.#log.length : this.#dropped),
      running: false,
      stopped: false,
      attempt: 1,
      timer: undefined,
      delivered: existing?.delivered ?? 0,
    };
    this.#consumers.set(options.durable, consumer);
    this.#pump(consumer);
    return {
      stop: async () => {
        consumer.stopped = true;
        clearTimeout(consumer.timer);
      },
    };
  }

  async ready(): Promise<boolean> {
    return !this.#closed;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const consumer of this.#consumers.values()) {
      consumer.stopped = true;
      clearTimeout(consumer.timer);
    }
  }

  async progress(durable: string): Promise<ConsumerProgress | undefined> {
    const consumer = this.#consumers.get(durable);
    if (!consumer || consumer.stopped) return undefined;
    let pending = 0;
    for (let i = Math.max(consumer.position - this.#dropped, 0); i < this.#log.length; i++) {
      const stored = this.#log[i];
      if (stored && consumer.options.subjects.some((f) => subjectMatches(f, stored.event.type))) pending++;
    }
    return { pending, delivered: consumer.delivered };
  }

  /** Events published but not yet handled, over every durable (0: the consumers have caught up). */
  pendingEvents(): number {
    let pending = 0;
    for (const consumer of this.#consumers.values()) {
      if (consumer.stopped) continue;
      if (consumer.running) pending++;
      for (let i = Math.max(consumer.position - this.#dropped, 0); i < this.#log.length; i++) {
        const stored = this.#log[i];
        if (stored && consumer.options.subjects.some((f) => subjectMatches(f, stored.event.type))) pending++;
      }
    }
    return pending;
  }

  async replay(durable: string): Promise<void> {
    const consumer = this.#consumers.get(durable);
    if (!consumer) throw new Error(`Durable consumer ${durable} is not subscribed`);
    consumer.position = this.#dropped;
    this.#pump(consumer);
  }

  #forgetOldIds(now: number): void {
    for (const [id, at] of this.#seen) {
      if (now - at < this.#options.duplicateWindowMs) break;
      this.#seen.delete(id);
    }
  }

  #pump(consumer: Consumer): void {
    if (consumer.running || consumer.stopped || consumer.timer) return;
    consumer.running = true;
    void this.#drain(consumer);
  }

  async #drain(consumer: Consumer): Promise<void> {
    try {
      while (!consumer.stopped) {
        const index = consumer.position - this.#dropped;
        const stored = this.#log[Math.max(index, 0)];
        if (index < 0) consumer.position = this.#dropped;
        if (!stored) return;
        if (!consumer.options.subjects.some((f) => subjectMatches(f, stored.event.type))) {
          consumer.position++;
          continue;
        }
        try {
          consumer.delivered++;
          await consumer.options.handler(stored.event, { headers: stored.headers, attempt: consumer.attempt });
          consumer.position++;
          consumer.attempt = 1;
        } catch (error) {
          const delay = Math.min(this.#options.retryDelayMs * 2 ** (consumer.attempt - 1), 30_000);
          this.#options.logger?.warn(
            { err: error, eventId: stored.event.id, durable: consumer.options.durable },
            'event handler failed; redelivering',
          );
          consumer.attempt++;
          consumer.timer = setTimeout(() => {
            consumer.timer = undefined;
            this.#pump(consumer);
          }, delay);
          consumer.timer.unref();
          return;
        }
      }
    } finally {
      consumer.running = false;
    }
  }
}
