// The sign-in captcha: a proof-of-work challenge, asked for after a 429 with captchaRequired.
import { CaptchaChallenge } from '@sc/contracts';
import type { Captcha, ZodApp } from '@sc/platform';
import { SIGN_IN_CAPTCHA_SITE } from './sign-in.js';

export function signInCaptchaRoutes(app: ZodApp, captcha: Captcha): void {
  app.post(
    '/api/auth/captcha/challenge',
    { schema: { summary: 'A captcha challenge for signing in past the attempt limit', response: { 200: CaptchaChallenge } } },
    async () => captcha.pow.issue(SIGN_IN_CAPTCHA_SITE),
  );
}
