// /healthz answers while the process lives (liveness); /readyz answers 200 only when every
// required check passes and the app is not draining (readiness), 503 with the failing checks
// otherwise. Only what makes this process unable to serve is required (its database, its read
// models); the bus and the cache are advisory: shown, measured (dependency_up) and alerted on,
// but a NATS or Redis outage is shared by every replica, and taking them all out of their
// Service for it turned a partial outage into a full one (issue 39: every /readyz was 503 for a
// 20 s NATS outage while the requests succeeded). The answer names the process (instance), so a
// supervisor can tell its own services from another deployment's on the same ports.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** This process's id on /readyz: SC_INSTANCE_ID when a supervisor set one, else random per process. */
export const INSTANCE_ID = process.env.SC_INSTANCE_ID ?? randomUUID();

/** A check answers ok or not; it may add what it found (read models), shown under `details`. */
export type ReadinessCheck = () => Promise<boolean | { ok: boolean; detail: unknown }>;

/**
 * Registers /healthz and /readyz; `isDraining` turns readiness off during shutdown. `advisory`
 * checks are reported beside the required ones but never make the process unready.
 */
export function registerHealth(
  app: FastifyInstance,
  required: Record<string, ReadinessCheck>,
  isDraining: () => boolean,
  advisory: Record<string, ReadinessCheck> = {},
): void {
  const checks = { ...advisory, ...required };
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
    const ready = !isDraining() && names.every((name, i) => results[i] || !(name in required));
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : isDraining() ? 'draining' : 'not ready',
      instance: INSTANCE_ID,
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
