// Graceful shutdown: on SIGTERM or SIGINT stop taking requests, let in-flight ones finish, then
// run the app's onClose hooks (consumers, relay, NATS, database pool). A stuck close is cut off.
import type { FastifyInstance } from 'fastify';

/** Closes `close()` on the first SIGTERM/SIGINT; exits 1 if it takes longer than `timeoutMs`. */
export function closeOnSignals(
  close: () => Promise<void>,
  log: { info(msg: string): void; error(obj: unknown, msg: string): void },
  timeoutMs: number,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: draining`);
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => {
        log.info('stopped cleanly');
        process.exitCode = 0;
      },
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Tracks whether an app has begun closing, for readiness. */
export function drainingFlag(app: FastifyInstance): () => boolean {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  return () => draining;
}
