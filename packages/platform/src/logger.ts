// pino everywhere: one JSON line per event; each request's lines carry its request id (reqId).
// On a terminal (a developer's `pnpm start`) the lines go through pino-pretty instead, in a worker
// thread; anything else (containers, files, pipes, tests) gets the JSON lines.
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** The pino options every service and the gateway use, so log lines look the same across them. */
export function loggerOptions(name: string, level: string): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'], censor: '[redacted]' },
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
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
  return log as unknown as Logger;
}
