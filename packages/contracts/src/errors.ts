// The one error body of every HTTP API: { error: { code, message, fields? } }. Cart failures also
// carry the compatibility fields the storefront reads (crumbFail, status, message; SPEC 7).
import { z } from 'zod';

export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'CRUMB_FAIL',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'BAD_GATEWAY',
  'GATEWAY_TIMEOUT',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
    crumbFail: z.boolean().optional(),
    status: z.number().int().optional(),
    message: z.string().optional(),
  })
  .loose();
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Generic texts for failures that have no SPEC string of their own. */
export const GenericErrorMessages = {
  internal: 'Something went wrong. Please try again later.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  notFound: 'Not found.',
  invalidBody: 'The request body is not valid.',
  badCharacter: 'The request contains a character that is not allowed (U+0000 or a broken Unicode character).',
  badValue: 'A value in the request cannot be stored. Please check it and try again.',
  valueTooLong: 'A value in the request is too long.',
  bodyTooLarge: 'The request body is too large.',
  notThroughGateway: 'This service answers only requests that come through the gateway.',
  busy: 'The service is busy. Please try again in a few seconds.',
} as const;
