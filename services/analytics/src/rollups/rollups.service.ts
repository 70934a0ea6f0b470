// Applies the bus's events to the rollups, each once per consumer name (handleOnce).
import type { EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, withTables } from '@sc/platform';
import type { AnalyticsDB } from '../tables.js';
import { applyRollups } from './rollups.repository.js';

/** Applies one event once; answers false when it was handled before. */
export function applyEvent(
  ctx: Pick<ServiceContext<AnalyticsDB>, 'db' | 'name'>,
  consumer: string,
  event: EventEnvelope,
): Promise<boolean> {
  return handleOnce(ctx.db, consumer, event, (trx) => applyRollups(withTables<AnalyticsDB>(trx), ctx.name, event));
}

export class RollupsService {
  readonly #ctx: Pick<ServiceContext<AnalyticsDB>, 'db' | 'name'>;

  constructor(ctx: Pick<ServiceContext<AnalyticsDB>, 'db' | 'name'>) {
    this.#ctx = ctx;
  }

  /** Applies one event of `consumer` once; answers false when it was handled before. */
  apply(consumer: string, event: EventEnvelope): Promise<boolean> {
    return applyEvent(this.#ctx, consumer, event);
  }
}
