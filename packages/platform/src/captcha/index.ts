// Captcha verification, shared by every service that takes visitor submissions (forms, restock),
// each on its own captcha_challenges table: the built-in proof of work, hosted adapters, and the
// check a route runs.
import { z } from 'zod';
import { FormMessages } from '@sc/contracts';
import type { Kysely } from 'kysely';
import { loadConfig, optional } from '../config.js';
import { AppError } from '../errors.js';
import type { CaptchaTables } from './captcha.table.js';
import { HostedCaptcha, type HostedProvider } from './hosted.js';
import { PowCaptcha } from './pow.js';
import type { CaptchaContext, CaptchaVerifier } from './verifier.js';

export { captchaMigration } from './captcha.migration.js';
export type { CaptchaTables } from './captcha.table.js';
export { CaptchaProviderError, HostedCaptcha, SITEVERIFY_URLS, type HostedCaptchaOptions, type HostedProvider } from './hosted.js';
export { PowCaptcha, leadingZeroBits, solve, solves, type PowOptions } from './pow.js';
export type { CaptchaContext, CaptchaOutcome, CaptchaVerifier } from './verifier.js';

/** CAPTCHA_PROVIDER picks a hosted service for production; the built-in proof of work always works too. */
export const CaptchaEnv = z.object({
  CAPTCHA_PROVIDER: z.enum(['pow', 'recaptcha', 'hcaptcha', 'turnstile', 'recaptcha-enterprise']).default('pow'),
  CAPTCHA_SECRET: optional(z.string().min(1)),
  CAPTCHA_SITE_KEY: optional(z.string().min(1)),
  CAPTCHA_PROJECT: optional(z.string().min(1)),
  CAPTCHA_POW_DIFFICULTY: z.coerce.number().int().min(1).max(32).default(16),
});
export type CaptchaEnv = z.infer<typeof CaptchaEnv>;

/** The verifiers a service checks tokens with: proof of work first, then the configured hosted service. */
export class Captcha {
  readonly pow: PowCaptcha;
  readonly #verifiers: CaptchaVerifier[];

  constructor(pow: PowCaptcha, hosted: CaptchaVerifier[] = []) {
    this.pow = pow;
    this.#verifiers = [pow, ...hosted];
  }

  /** Builds the verifiers from the environment (CAPTCHA_*). */
  static fromEnv(db: Kysely<CaptchaTables>, env: NodeJS.ProcessEnv = process.env, overrides: { difficulty?: number } = {}): Captcha {
    const config = loadConfig(CaptchaEnv, env);
    const pow = new PowCaptcha(db, { difficulty: overrides.difficulty ?? config.CAPTCHA_POW_DIFFICULTY, ttlMs: 10 * 60_000 });
    if (config.CAPTCHA_PROVIDER === 'pow' || !config.CAPTCHA_SECRET) return new Captcha(pow);
    const provider: HostedProvider = config.CAPTCHA_PROVIDER;
    return new Captcha(pow, [
      new HostedCaptcha({
        provider,
        secret: config.CAPTCHA_SECRET,
        ...(config.CAPTCHA_SITE_KEY ? { siteKey: config.CAPTCHA_SITE_KEY } : {}),
        ...(config.CAPTCHA_PROJECT ? { project: config.CAPTCHA_PROJECT } : {}),
      }),
    ]);
  }

  /**
   * The check of a route that requires a captcha: no token is SPEC 5 'Complete CAPTCHA before
   * submitting.', a refused one SPEC 8 'reCAPTCHA failed. Refresh this page and try again.' (400).
   */
  async require(token: string | undefined, context: CaptchaContext): Promise<void> {
    if (token === undefined || token.trim() === '') throw new AppError('BAD_REQUEST', FormMessages.captchaRequired);
    const verifier = this.#verifiers.find((v) => v.accepts(token));
    const outcome = verifier ? await verifier.verify(token, context) : 'invalid';
    if (outcome !== 'ok') throw new AppError('BAD_REQUEST', FormMessages.recaptchaFailed);
  }
}
