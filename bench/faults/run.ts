// The fault bench of issue 39: every fault of test/fault-kit.ts in turn (one replica of each
// service killed, both analytics replicas in turn, every Postgres connection terminated, NATS and
// Redis stopped for 5 s) on `pnpm start:cluster --replicas 2`, under buyers and visitors. It prints
// the figures per fault and what holds at the end; test/faults.test.ts runs a rotating subset of
// the same faults with asserts.
//   node --conditions=@sc/source --import tsx bench/faults/run.ts
//   FAULT_SECONDS=20 (per fault)  FAULT_BUYERS=4  FAULT_VISITORS=2  FAULT_ONLY=cart,Postgres (names containing)
import { describeEnd, FaultRun } from '../../test/fault-kit.js';

const SECONDS = Number(process.env.FAULT_SECONDS || 20);
const only = (process.env.FAULT_ONLY || '').split(',').filter((s) => s !== '');

const run = await FaultRun.start({ adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' });
try {
  console.log(`cluster (7 services × 2 replicas + gateway) up in ${(run.startedInMs / 1000).toFixed(1)} s`);
  run.load(Number(process.env.FAULT_BUYERS || 4), Number(process.env.FAULT_VISITORS || 2));
  await run.phase({ name: 'none (baseline)', kind: 'infra', run: async () => undefined }, SECONDS);
  for (const fault of run.faults().filter((f) => only.length === 0 || only.some((s) => f.name.includes(s)))) {
    await run.phase(fault, SECONDS, { maxSeconds: 2 * SECONDS, minRequests: fault.kind === 'kill' ? 150 : 0 });
    console.log(run.table().at(-1));
  }
  const end = await run.finish();
  console.log('\nper fault (requests through the gateway; failed = 5xx or no answer, by route and code):');
  for (const line of run.table()) console.log(line);
  console.log('\nanswers other than 2xx, per fault:');
  for (const t of run.phases) {
    const odd = Object.entries(t.odd)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    if (odd) console.log(`  ${t.name}: ${odd}`);
  }
  console.log('\nat the end:');
  for (const line of describeEnd(end)) console.log(`  ${line}`);
} finally {
  await run.close();
}
