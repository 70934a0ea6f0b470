// Bad input is a 400, once for every route of every service: a string anywhere in the query, the
// path parameters or the parsed body that holds U+0000 (Postgres refuses it in text: a 500 before
// this), a lone surrogate (not valid Unicode; it cannot be stored as UTF-8), or a query or path
// value longer than any real one is refused before the route's own validation runs. Contracts
// still check shapes and lengths per field; this is the floor under all of them, so a route that
// forgot a refinement cannot turn odd input into a 5xx.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GenericErrorMessages } from '@sc/contracts';
import { AppError } from '../errors.js';

/** The longest query-string or path value any route takes (a search phrase, an id, a token). */
export const MAX_URL_VALUE_LENGTH = 4_096;
/** Deeper bodies are refused: no contract nests this far, and walking them costs stack. */
const MAX_DEPTH = 32;

// U+0000, or a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const BAD_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type InputProblem = 'character' | 'length' | 'depth';

/** What is wrong with a parsed value, or undefined when every string in it is acceptable. */
export function inputProblem(value: unknown, maxStringLength = Infinity, depth = 0): InputProblem | undefined {
  if (typeof value === 'string') {
    if (value.length > maxStringLength) return 'length';
    return BAD_CHARACTER.test(value) ? 'character' : undefined;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth >= MAX_DEPTH) return 'depth';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = inputProblem(item, maxStringLength, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const key in value) {
    const problem =
      inputProblem(key, maxStringLength, depth + 1) ?? inputProblem((value as Record<string, unknown>)[key], maxStringLength, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

const MESSAGES: Record<InputProblem, string> = {
  character: GenericErrorMessages.badCharacter,
  length: GenericErrorMessages.valueTooLong,
  depth: GenericErrorMessages.invalidBody,
};

/** Throws the 400 for the first unacceptable string in the request's query, parameters and body. */
export function checkRequestInput(request: FastifyRequest): void {
  const problem =
    inputProblem(request.query, MAX_URL_VALUE_LENGTH) ?? inputProblem(request.params, MAX_URL_VALUE_LENGTH) ?? inputProblem(request.body);
  if (problem) throw new AppError('BAD_REQUEST', MESSAGES[problem]);
}

/** Installs the check on every route of `app` (after parsing, before the route's validation). */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestInput(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
