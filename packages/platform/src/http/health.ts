// /healthz answers while the process lives (liveness); /readyz answers 200 only when every
// backing server answers and the app is not draining (readiness), 503 with the failing checks otherwise.
import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<boolean>;

/** Registers /healthz and /readyz; `isDraining` turns readiness off during shutdown. */
export function registerHealth(app: FastifyInstance, checks: Record<string, ReadinessCheck>, isDraining: () => boolean): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => withTimeout(checks[name]?.() ?? Promise.resolve(false), 2_000)));
    const status: Record<string, 'ok' | 'down'> = {};
    names.forEach((name, i) => (status[name] = results[i] ? 'ok' : 'down'));
    const ready = !isDraining() && results.every(Boolean);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : isDraining() ? 'draining' : 'not ready', checks: status });
  });
}

async function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
