// /healthz answers while the process lives (liveness); /readyz answers 200 only when every
// backing server answers and the app is not draining (readiness), 503 with the failing checks otherwise.
import type { FastifyInstance } from 'fastify';

/** A check answers ok or not; it may add what it found (read models), shown under `details`. */
export type ReadinessCheck = () => Promise<boolean | { ok: boolean; detail: unknown }>;

/** Registers /healthz and /readyz; `isDraining` turns readiness off during shutdown. */
export function registerHealth(app: FastifyInstance, checks: Record<string, ReadinessCheck>, isDraining: () => boolean): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const answers = await Promise.all(names.map((name) => withTimeout(checks[name]?.() ?? Promise.resolve(false), 2_000)));
    const results = answers.map((answer) => (typeof answer === 'boolean' ? answer : answer.ok));
    const status: Record<string, 'ok' | 'down'> = {};
    const details: Record<string, unknown> = {};
    names.forEach((name, i) => {
      status[name] = results[i] ? 'ok' : 'down';
      const answer = answers[i];
      if (typeof answer === 'object') details[name] = answer.detail;
    });
    const ready = !isDraining() && results.every(Boolean);
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : isDraining() ? 'draining' : 'not ready',
      checks: status,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    });
  });
}

async function withTimeout<T>(check: Promise<T | false>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check.catch((): false => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
