// SPEC 8 "Forms": what a failed submission says, by the answer it got. Pure.
import { FormMessages } from '@sc/contracts';
import type { Failure } from '../lib/http.js';

export interface SubmissionProblem {
  /** The message under the form. */
  message: string;
  /** Field id → message, shown on each field (a 400 with an errors map). */
  fieldErrors: Record<string, string> | null;
}

export function submissionProblem(failure: Failure): SubmissionProblem {
  if (failure.status === 400 && failure.errors && Object.keys(failure.errors).length > 0) {
    return { message: FormMessages.fieldsInvalid, fieldErrors: failure.errors };
  }
  switch (failure.status) {
    case 401:
      return { message: FormMessages.unauthorized, fieldErrors: null };
    case 404:
      return { message: FormMessages.notConfigured, fieldErrors: null };
    case 429:
      return { message: FormMessages.rateLimited, fieldErrors: null };
    case 500:
      return { message: FormMessages.sendFailed, fieldErrors: null };
    default:
      return { message: failure.message || FormMessages.unknownError, fieldErrors: null };
  }
}
