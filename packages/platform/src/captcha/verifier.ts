// What every captcha check answers. 'missing' and 'invalid' are the visitor's to fix (SPEC 5
// 'Complete CAPTCHA before submitting.', SPEC 8 'reCAPTCHA failed. Refresh this page and try
// again.'); a verifier that cannot reach its provider throws instead.
export type CaptchaOutcome = 'ok' | 'invalid';

export interface CaptchaContext {
  websiteId: string;
  /** The client's address, passed on to hosted providers. */
  remoteIp?: string;
}

export interface CaptchaVerifier {
  /** Which tokens this verifier understands (the built-in one: tokens starting 'pow.'). */
  accepts(token: string): boolean;
  verify(token: string, context: CaptchaContext): Promise<CaptchaOutcome>;
}
