// The cart's background work, started when the service is ready and stopped when it closes:
// subscription renewals (every minute by default), the purge of expired idempotency keys
// (hourly), and the release of pending orders whose checkout died (every few seconds: a dead
// checkout's stock is held no longer than its lease and a turn of this job). Every replica runs them; the renewals agree through their claims (one per cycle)
// and the purge is a plain DELETE, so running them twice at once is harmless. A run never
// overlaps the previous one of the same job in one process.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import { purgeExpiredKeys } from '../shared/idempotency.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { RenewalService } from '../subscriptions/renewals.service.js';

export interface CartJobsOptions {
  /** How often due subscriptions are billed; false: never (tests call runDue themselves). */
  renewalsEveryMs: number | false;
  /** How often expired idempotency keys are deleted; false: never. */
  purgeEveryMs: number | false;
  /** How long an idempotency key's answer is kept. */
  idempotencyTtlMs: number;
  /** How often held stock of unpaid Stripe orders is looked at; false: never. */
  holdsEveryMs: number | false;
  /** How long a pending Stripe payment holds its stock before the intent is cancelled. */
  holdMs: number;
  /** How long a checkout's pending order and idempotency key are held without their request renewing them. */
  checkoutLeaseMs: number;
  /** How often pending orders past their lease are released; false: never (tests call releaseAbandoned). */
  abandonedEveryMs: number | false;
}

export const DEFAULT_JOBS: CartJobsOptions = {
  renewalsEveryMs: 60_000,
  purgeEveryMs: 3600_000,
  idempotencyTtlMs: 24 * 3600_000,
  holdsEveryMs: 60_000,
  holdMs: 30 * 60_000,
  checkoutLeaseMs: 10_000,
  abandonedEveryMs: 2_000,
};

/** Runs `work` every `everyMs` once the app is ready, one run at a time, until it closes. */
function every(
  app: FastifyInstance,
  ctx: ServiceContext<CartDB>,
  name: string,
  everyMs: number | false,
  work: () => Promise<unknown>,
): void {
  if (everyMs === false) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => ctx.logger.warn({ err: error, job: name }, 'cart job failed; it runs again at its next turn'),
      )
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export function scheduleCartJobs(
  app: FastifyInstance,
  ctx: ServiceContext<CartDB>,
  parts: { jobs: CartJobsOptions; renewals: RenewalService; paymentService: PaymentService },
): void {
  const { jobs: options, renewals, paymentService } = parts;
  every(app, ctx, 'payment holds', options.holdsEveryMs, () => paymentService.expireHolds(options.holdMs));
  every(app, ctx, 'abandoned checkouts', options.abandonedEveryMs, () => paymentService.releaseAbandoned());
  every(app, ctx, 'subscription renewals', options.renewalsEveryMs, () => renewals.runDue(new Date()));
  every(app, ctx, 'idempotency key purge', options.purgeEveryMs, () => purgeExpiredKeys(ctx.db, { ttlMs: options.idempotencyTtlMs }));
}
