// Issue 39's fault test: `pnpm start:cluster --replicas 2` on real Postgres, NATS and Redis (a
// database and servers of its own, test/fault-kit.ts), three buyers and a visitor through the
// gateway, and one fault at a time for FAULT_TEST_SECONDS (15) each. Every fault of the bench
// (bench/faults/run.ts) does not fit the file's 6 minutes on two shared cores (the cluster alone
// takes 40 s to 3 min to start there), so the test runs BOTH analytics replicas in turn, the cart
// kill and Postgres connections terminated every time, plus one other service's kill (render,
// content, identity, forms, restock) and NATS or Redis down, rotating by day, as long as the
// file's time allows (a slow start leaves them out, and the output says which ran);
// FAULT_TEST_ALL=1 runs them all. It holds:
// - nothing lost or done twice: paid orders = checkouts answered 2xx (no key with two orders),
//   stock sold, coupon uses and gift-card spend = what the paid orders took, each event's
//   consumer effect counted once (analytics' adds = cart entries; the customers read model's
//   orders = paid orders), page views stored = page views answered 202 (plus at most those whose
//   call got no answer);
// - no order or idempotency key pending past its lease; every replica up again;
// - while one replica of a service is killed, at most 1 % of the requests fail (5xx or no answer).
import { afterAll, describe, expect, it } from '@jest/globals';
import { describeEnd, failedOf, FaultRun } from './fault-kit.js';

const SECONDS = Number(process.env.FAULT_TEST_SECONDS || 15);
/** When the faults must be over (the rest: the end checks, 30-60 s, and the cluster's stop). */
const BUDGET_MS = 270_000;
const ROTATING = ['render', 'content', 'identity', 'forms', 'restock'];
const ROTATING_INFRA = ['NATS', 'Redis'];
const servers = process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL;

(servers ? describe : describe.skip)('faults with two replicas of every service (issue 39)', () => {
  let run: FaultRun | undefined;
  afterAll(async () => {
    await run?.close();
  }, 60_000);

  it('loses nothing, leaves nothing pending, brings every replica back, and fails ≤ 1 % of requests while a replica is killed', async () => {
    const started = Date.now();
    run = await FaultRun.start({ adminUrl: process.env.DATABASE_URL!, startTimeoutMs: 230_000 });
    const day = Math.floor(Date.now() / 86_400_000);
    const service = ROTATING[day % ROTATING.length]!;
    const infra = ROTATING_INFRA[day % ROTATING_INFRA.length]!;
    const all = process.env.FAULT_TEST_ALL === '1';
    const required = (name: string) => all || /cart|analytics|Postgres/.test(name);
    const chosen = run
      .faults()
      .filter((fault) => required(fault.name) || fault.name === `kill ${service} replica 1` || fault.name.startsWith(`${infra} down`));
    run.load(3, 1);
    const ran: string[] = [];
    for (const fault of chosen) {
      // The rotating ones only while the file keeps within its 6 minutes (the cluster's start on a busy machine decides).
      if (!required(fault.name) && Date.now() + (SECONDS + 10) * 1000 > started + BUDGET_MS) continue;
      // A kill's phase goes on (up to 2×) while it has seen fewer than 100 requests: the write that
      // may be in flight on the killed replica (an add-to-cart, a page view: no key, so never sent
      // again) is then at most 1 % (bench/README.md).
      const tally = await run.phase(fault, SECONDS, { maxSeconds: 2 * SECONDS, minRequests: fault.kind === 'kill' ? 100 : 0 });
      ran.push(fault.name);
      process.stdout.write(`${run.table().at(-1)} (${((Date.now() - started) / 1000).toFixed(0)} s in)\n`);
      expect(tally.requests).toBeGreaterThan(0);
    }
    const end = await run.finish();
    const table = run.table();
    process.stdout.write(
      `fault test (cluster up in ${(run.startedInMs / 1000).toFixed(1)} s, done in ${((Date.now() - started) / 1000).toFixed(0)} s):\n${[...table, ...describeEnd(end)].join('\n')}\n`,
    );

    const kills = run.phases.filter((t) => chosen.some((f) => f.kind === 'kill' && f.name === t.name && ran.includes(f.name)));
    expect(kills.map((t) => t.name)).toEqual(
      expect.arrayContaining(['kill cart replica 1', 'kill analytics replica 1', 'kill analytics replica 2']),
    );
    expect({
      paidNotAnswered: end.paidNotAnswered,
      answeredNotPaid: end.answeredNotPaid,
      keysWithTwoOrders: end.keysWithTwoOrders,
      pendingPastLease: end.pendingPastLease,
      keysPastLease: end.keysPastLease,
      replicasDown: end.replicasDown,
      stockSold: end.stockSold,
      couponUses: end.couponUses,
      giftCardSpent: end.giftCardSpent,
      analyticsAdds: end.analyticsAdds,
      customerOrders: end.customerOrders,
      ordersWithCoupon: end.ordersWithCoupon,
    }).toEqual({
      paidNotAnswered: 0,
      answeredNotPaid: 0,
      keysWithTwoOrders: 0,
      pendingPastLease: 0,
      keysPastLease: 0,
      replicasDown: [],
      stockSold: end.soldInPaidOrders,
      couponUses: end.paid,
      giftCardSpent: end.giftCardInPaidOrders,
      analyticsAdds: end.cartEntries,
      customerOrders: end.paid,
      ordersWithCoupon: end.paid,
    });
    expect(end.paid).toBe(end.answered);
    expect(end.paid).toBeGreaterThan(chosen.length * 3);
    expect(end.giftCardSpent).toBeGreaterThan(0);
    expect(end.hitsAccepted).toBeGreaterThan(0);
    expect(end.hitsStored).toBeGreaterThanOrEqual(end.hitsAccepted);
    expect(end.hitsStored).toBeLessThanOrEqual(end.hitsAccepted + end.hitsUnanswered);
    // Every phase ran under load, and a killed replica's failed requests stay within 1 %.
    for (const t of run.phases.slice(1, -1)) expect({ phase: t.name, loaded: t.requests > 20 }).toEqual({ phase: t.name, loaded: true });
    for (const t of kills)
      expect({ phase: t.name, withinOnePercent: failedOf(t) <= t.requests / 100, back: t.restartMs !== undefined }).toEqual({
        phase: t.name,
        withinOnePercent: true,
        back: true,
      });
  }, 350_000);
});
