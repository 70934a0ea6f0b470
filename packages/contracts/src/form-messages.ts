// The SPEC strings of forms and restock sign-ups, apart from messages.ts: the storefront's
// product page bundles messages.ts whole (its cart, pill and add-to-cart strings), while these are
// used only by islands that load when a form, a newsletter or a restock sign-up is on the page.
// Re-exported by the package index like every other module.

/** SPEC 5 "Forms" validation, SPEC 4 submit label and SPEC 8 "Forms" submission errors. */
export const FormMessages = {
  required: 'Required',
  characterLimitExceeded: 'You have exceeded the character limit.',
  emailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',
  fieldsInvalid: 'One or more fields is invalid, please check your entries.',
  problemScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  problemScrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  captchaRequired: 'Complete CAPTCHA before submitting.',
  submitting: 'Submitting…',
  /** Character counter under a textarea with a maximum length: SPEC 2 'count / max'. */
  characterCounter: '{count} / {max}',
  /** HTTP 401 from the submission call. */
  unauthorized: 'Unable to submit form. Please try again later.',
  /** HTTP 404. */
  notConfigured: 'This form has not been configured yet.',
  /** HTTP 429. */
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  /** HTTP 500. */
  sendFailed: 'Unable to send form. Please try again later.',
  /** No data.error text from the server. */
  unknownError: 'Unknown error, please try again later.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFieldsFailed: 'Could not parse the form fields, please check your entries.',
  processingFailed: 'Error processing form submission. Please reload and try again.',
  recaptchaFailed: 'reCAPTCHA failed. Refresh this page and try again.',
} as const;

/** SPEC 5 restock email rules, SPEC 4 success text and SPEC 8 restock fallback. */
export const RestockMessages = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  /** Shown when the site has no configured success text. */
  signedUp: 'Signed up!',
  /** Fallback when the enterprise captcha is on and the server gives no message. */
  submitFailed: 'Unable to submit form. Please try again later.',
} as const;
