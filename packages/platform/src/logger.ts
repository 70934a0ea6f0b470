// pino everywhere: one JSON line per event; each request's lines carry its request id (reqId).
// Every line written inside a trace carries its trace id (traceId): a request's lines through the
// child logger http/app.ts gives it (tracedLogger), any other line (a consumer's, a relay's) from
// the active span, read when the line is written.
// On a terminal (a developer's `pnpm start`) the lines go through pino-pretty instead, in a worker
// thread; anything else (containers, files, pipes, tests) gets the JSON lines.
import { trace } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** The pino options every service and the gateway use, so log lines look the same across them. */
export function loggerOptions(name: string, level: string): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: (_object, _level, logger) => {
      if ((logger as Partial<Record<typeof TRACED, true>>)[TRACED]) return {};
      const traceId = trace.getActiveSpan()?.spanContext().traceId;
      return traceId ? { traceId } : {};
    },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'], censor: '[redacted]' },
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** Marks a logger (and its children) whose bindings already hold the trace id. */
const TRACED = Symbol('traced');

/** `log` with `traceId` bound to every line it and its children write. */
export function tracedLogger<L extends { child(bindings: Record<string, unknown>): L }>(log: L, traceId: string): L {
  const child = log.child({ traceId });
  (child as Partial<Record<typeof TRACED, true>>)[TRACED] = true;
  return child;
}

/** A logger outside a request (start-up, relays, consumers). */
export function createLogger(name: string, level = 'info'): Logger {
  return pino(loggerOptions(name, level));
}

/**
 * A Fastify app's (or request's) logger as pino's Logger. Fastify types it as its own
 * FastifyBaseLogger, a subset of the pino logger it made from loggerOptions(); this is the one
 * place that says so.
 */
export function pinoOf(log: { info: unknown }): Logger {
  return log as Logger;
}
