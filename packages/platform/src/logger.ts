// pino everywhere: one JSON line per event; each request's lines carry its request id (reqId).
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
  };
}

/** A logger outside a request (start-up, relays, consumers). */
export function createLogger(name: string, level = 'info'): Logger {
  return pino(loggerOptions(name, level));
}
