// Cart failures: the standard error body plus the compatibility fields the storefront reads
// (SPEC 7: failures may carry crumbFail, status, message).
import type { ErrorCode } from '@sc/contracts';
import { AppError } from '@sc/platform';

const CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'UNPROCESSABLE',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** A cart failure with this HTTP status and the message to show. */
export function cartFailure(status: number, message: string, fields?: Record<string, string>): AppError {
  return new AppError(CODES[status] ?? 'BAD_REQUEST', message, {
    status,
    compat: { crumbFail: false, status, message },
    ...(fields ? { fields } : {}),
  });
}
