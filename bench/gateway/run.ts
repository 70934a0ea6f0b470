// bench/gateway: requests per second of a bare Fastify route called directly and through the
// gateway, measured in one run with autocannon, and their ratio. The upstream and the gateway
// run as their own processes so the load generator (this process) does not share their event loop.
//   pnpm bench:gateway            (defaults: 50 connections, 10 s per measurement)
// Two gateway figures: returning visitors (they send the crumb cookie they were given) and first
// visits (no cookie: the gateway makes a crumb and sets the cookie on every answer).
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=100 pnpm bench:gateway
import autocannon from 'autocannon';
import { BenchProcesses, waitHealthy } from '../lib/processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const processes = new BenchProcesses();
const start = processes.start.bind(processes);



async function measure(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; errors: number }> {
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
  const bare = await measure(direct);
  // A returning visitor sends the crumb cookie it was given (as browsers do after their first
  // request); a first visit has none, so the gateway makes one and sets it on every answer.
  const returning = await measure(viaGateway, { cookie: 'crumb=bench-crumb-0123456789ab' });
  const firstVisit = await measure(viaGateway);
  const line = (name: string, r: { rps: number; p99: number; errors: number }) =>
    `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}` +
    (r === bare ? '' : `   ratio ${(r.rps / bare.rps).toFixed(3)}x`);
  process.stdout.write(
    `\nbench/gateway (${connections} connections, ${seconds} s each, ${new Date().toISOString()})\n` +
      `${line('direct', bare)}\n${line('gateway, returning visitor', returning)}\n${line('gateway, first visit (no cookie)', firstVisit)}\n` +
      `goal: 0.2x or better\n`,
  );
  if (bare.errors + returning.errors + firstVisit.errors > 0) process.exitCode = 1;
} finally {
  processes.stopAll();
}
