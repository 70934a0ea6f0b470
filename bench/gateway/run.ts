// bench/gateway: requests per second of a bare Fastify route called directly and through the
// gateway, measured in one run with autocannon, and their ratio. The upstream and the gateway
// run as their own processes so the load generator (this process) does not share their event loop.
//   pnpm bench:gateway            (defaults: 50 connections, 5 rounds of 5 s per measurement)
// Two gateway figures: returning visitors (they send the crumb cookie they were given) and first
// visits (no cookie; since issue 38 the gateway sets none either, the crumb comes from /api/crumb).
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_CONNECTIONS=100 pnpm bench:gateway
import autocannon from 'autocannon';
import { BenchProcesses, waitHealthy } from '../lib/processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const processes = new BenchProcesses();
const start = processes.start.bind(processes);

interface Figure {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  const upstream = await start('bench/gateway/upstream.ts', {}, /listening (http:\/\/\S+)/);
  // The gateway as deployed, but logging warnings only: one log line per request would measure
  // the terminal, not the hop. Rate limiting stays on, with a limit the load cannot reach.
  void start(
    'gateway/src/main.ts',
    { PORT: '18099', HOST: '127.0.0.1', CART_URL: upstream, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', REDIS_URL: '' },
    /never/,
  ).catch(() => undefined);
  await waitHealthy('http://127.0.0.1:18099');
  const direct = `${upstream}/api/commerce/bench`;
  const viaGateway = 'http://127.0.0.1:18099/api/commerce/bench';
  // Warm both paths (JIT, connection pools) before measuring.
  await autocannon({ url: direct, connections, duration: 2 });
  await autocannon({ url: viaGateway, connections, duration: 2 });
  // Rounds of direct, returning and first visit in turn, each ratio against its own round's
  // direct figure, and the median round reported: on a machine whose speed changes from one
  // minute to the next (other work, CPU boost), one long measurement of each compares different
  // machines.
  const rounds: Array<{ bare: Figure; returning: Figure; firstVisit: Figure }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await measure(direct);
    // A returning visitor sends the crumb cookie it was given (from GET /api/crumb before its first
    // write); a first visit has none.
    const returning = await measure(viaGateway, { cookie: 'crumb=bench-crumb-0123456789ab' });
    const firstVisit = await measure(viaGateway);
    rounds.push({ bare, returning, firstVisit });
  }
  const median = (pick: (r: (typeof rounds)[number]) => number): number => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const ratio = (r: Figure, bare: Figure) => r.rps / bare.rps;
  const line = (name: string, rps: number, p99: number, errors: number, ratioOf?: number) =>
    `${name.padEnd(30)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${String(p99).padStart(4)} ms   errors ${errors}` +
    (ratioOf === undefined ? '' : `   ratio ${ratioOf.toFixed(3)}x`);
  const errors = (pick: (r: (typeof rounds)[number]) => Figure) => rounds.reduce((sum, r) => sum + pick(r).errors, 0);
  process.stdout.write(
    `\nbench/gateway (${connections} connections, ${ROUNDS} rounds of ${seconds} s each, medians, ${new Date().toISOString()})\n` +
      `${line(
        'direct',
        median((r) => r.bare.rps),
        median((r) => r.bare.p99),
        errors((r) => r.bare),
      )}\n` +
      `${line(
        'gateway, returning visitor',
        median((r) => r.returning.rps),
        median((r) => r.returning.p99),
        errors((r) => r.returning),
        median((r) => ratio(r.returning, r.bare)),
      )}\n` +
      `${line(
        'gateway, first visit (no cookie)',
        median((r) => r.firstVisit.rps),
        median((r) => r.firstVisit.p99),
        errors((r) => r.firstVisit),
        median((r) => ratio(r.firstVisit, r.bare)),
      )}\n` +
      `rounds (returning, first visit): ${rounds.map((r) => `${ratio(r.returning, r.bare).toFixed(3)}/${ratio(r.firstVisit, r.bare).toFixed(3)}`).join('  ')}\n` +
      `goal: 0.2x or better\n`,
  );
  if (errors((r) => r.bare) + errors((r) => r.returning) + errors((r) => r.firstVisit) > 0) process.exitCode = 1;
} finally {
  processes.stopAll();
}
