// SPEC 8 form submission failures, by answer.
import { describe, expect, it } from '@jest/globals';
import type { Failure } from '../lib/http.js';
import { submissionProblem } from './errors.js';

const failure = (over: Partial<Failure>): Failure => ({
  status: 400,
  crumbFail: false,
  message: '',
  errors: null,
  network: false,
  ...over,
});

describe('form submission failures', () => {
  it('puts a 400 errors map on the fields', () => {
    expect(submissionProblem(failure({ errors: { email: 'Required' } }))).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      fieldErrors: { email: 'Required' },
    });
  });

  it('words 401, 404, 429 and 500 as SPEC 8 does', () => {
    expect(submissionProblem(failure({ status: 401 })).message).toBe('Unable to submit form. Please try again later.');
    expect(submissionProblem(failure({ status: 404 })).message).toBe('This form has not been configured yet.');
    expect(submissionProblem(failure({ status: 429 })).message).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(submissionProblem(failure({ status: 500 })).message).toBe('Unable to send form. Please try again later.');
  });

  it("shows the server's text otherwise, else the unknown-error text", () => {
    expect(submissionProblem(failure({ status: 400, message: 'Complete CAPTCHA before submitting.' })).message).toBe(
      'Complete CAPTCHA before submitting.',
    );
    expect(submissionProblem(failure({ status: 0, network: true })).message).toBe('Unknown error, please try again later.');
  });
});
