// One error type with a typed code, mapped to HTTP in one handler. 5xx answers never carry
// internals; a lost database answers 503 so callers retry instead of giving up.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GenericErrorMessages, type ErrorBody, type ErrorCode } from '@sc/contracts';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  CRUMB_FAIL: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
  GATEWAY_TIMEOUT: 504,
};

/** An expected failure: its code decides the status, its message is shown to the user. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Extra top-level fields some clients read (e.g. crumbFail for the storefront cart). */
  readonly compat: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; compat?: Record<string, unknown>; cause?: unknown; status?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? STATUS[code];
    this.fields = options.fields;
    this.compat = options.compat;
  }

  toJSON(): ErrorBody {
    return {
      ...this.compat,
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

/** Builds the standard error body for a code and message. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

/** True for errors that mean a backing server (Postgres, Redis, NATS) is unreachable right now. */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return /Connection terminated|connection refused|Client has encountered a connection error|not queryable/i.test(error.message);
}

// Postgres data exceptions (class 22: a value it cannot store or compare, e.g. an invalid byte
// sequence or an out-of-range number) and 54000 (a value too large for an index row) are caused
// by the input, not by us: the statement did nothing and its transaction rolled back, so they
// answer 400. The input guard refuses the common causes first; this is the net under it.
const BAD_INPUT_SQLSTATE = /^(22[0-9A-Z]{3}|54000)$/;

/** True for a database error that the request's own values caused. */
export function isBadInputDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BAD_INPUT_SQLSTATE.test(code);
}

/** Installs the one error handler and the not-found handler on an app. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.status === 503) reply.header('retry-after', '1');
      return reply.status(error.status).send(error.toJSON());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const where = error.validationContext ?? 'request';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', `The ${where} is not valid.`, fields));
    }
    const fastifyError = error as FastifyError;
    if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe.
      const code: ErrorCode =
        fastifyError.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : fastifyError.statusCode === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
      return reply.status(fastifyError.statusCode).send(errorBody(code, fastifyError.message));
    }
    if (isBadInputDatabaseError(error)) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send(errorBody('BAD_REQUEST', GenericErrorMessages.badValue));
    }
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, 'backing server unavailable');
      // Retryable: the process is up and a new connection is made for the next request.
      return reply.status(503).header('retry-after', '1').send(errorBody('SERVICE_UNAVAILABLE', GenericErrorMessages.serviceUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', GenericErrorMessages.internal));
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
