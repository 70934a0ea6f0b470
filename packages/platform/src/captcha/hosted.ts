// Adapters for hosted captcha services, for production sites that prefer them: reCAPTCHA (v2 and
// v3), hCaptcha and Turnstile share one "siteverify" protocol (form post of secret and response,
// JSON { success, score? }); reCAPTCHA Enterprise answers an assessment. The HTTP client is passed
// in, so tests run against a local stand-in and nothing here needs the network to be tested.
import type { CaptchaContext, CaptchaOutcome, CaptchaVerifier } from './verifier.js';

export type HostedProvider = 'recaptcha' | 'hcaptcha' | 'turnstile' | 'recaptcha-enterprise';

export const SITEVERIFY_URLS: Readonly<Record<Exclude<HostedProvider, 'recaptcha-enterprise'>, string>> = Object.freeze({
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
});

export interface HostedCaptchaOptions {
  provider: HostedProvider;
  /** The secret key (siteverify) or API key (Enterprise). */
  secret: string;
  /** Enterprise: the site key and the Google Cloud project. */
  siteKey?: string;
  project?: string;
  /** Score below which a v3 / Enterprise answer is refused. */
  minScore?: number;
  /** Overrides the provider's URL (a local stand-in, a proxy). */
  url?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Thrown when the provider cannot be asked or answers something unreadable. */
export class CaptchaProviderError extends Error {
  override name = 'CaptchaProviderError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class HostedCaptcha implements CaptchaVerifier {
  readonly #options: HostedCaptchaOptions;

  constructor(options: HostedCaptchaOptions) {
    this.#options = options;
  }

  accepts(token: string): boolean {
    return !token.startsWith('pow.');
  }

  async verify(token: string, context: CaptchaContext): Promise<CaptchaOutcome> {
    if (token.trim() === '') return 'invalid';
    const { provider, minScore = 0.5 } = this.#options;
    const answer = provider === 'recaptcha-enterprise' ? await this.#assess(token) : await this.#siteverify(provider, token, context);
    if (!isRecord(answer)) throw new CaptchaProviderError(`${provider} answered something unreadable`);
    if (provider === 'recaptcha-enterprise') {
      const properties = answer.tokenProperties;
      const risk = answer.riskAnalysis;
      if (!isRecord(properties) || typeof properties.valid !== 'boolean')
        throw new CaptchaProviderError('assessment without tokenProperties');
      const score = isRecord(risk) && typeof risk.score === 'number' ? risk.score : 0;
      return properties.valid && score >= minScore ? 'ok' : 'invalid';
    }
    if (typeof answer.success !== 'boolean') throw new CaptchaProviderError(`${provider} answer without success`);
    if (!answer.success) return 'invalid';
    return typeof answer.score === 'number' && answer.score < minScore ? 'invalid' : 'ok';
  }

  async #siteverify(provider: Exclude<HostedProvider, 'recaptcha-enterprise'>, token: string, context: CaptchaContext): Promise<unknown> {
    const body = new URLSearchParams({ secret: this.#options.secret, response: token });
    if (context.remoteIp) body.set('remoteip', context.remoteIp);
    return this.#post(this.#options.url ?? SITEVERIFY_URLS[provider], body.toString(), 'application/x-www-form-urlencoded');
  }

  async #assess(token: string): Promise<unknown> {
    const { project, siteKey, secret } = this.#options;
    if (!project || !siteKey) throw new CaptchaProviderError('reCAPTCHA Enterprise needs a project and a site key');
    const url =
      this.#options.url ??
      `https://recaptchaenterprise.googleapis.com/v1/projects/${encodeURIComponent(project)}/assessments?key=${encodeURIComponent(secret)}`;
    return this.#post(url, JSON.stringify({ event: { token, siteKey } }), 'application/json');
  }

  async #post(url: string, body: string, contentType: string): Promise<unknown> {
    const doFetch = this.#options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new CaptchaProviderError('the captcha provider could not be reached', { cause: error });
    }
    if (!response.ok) throw new CaptchaProviderError(`the captcha provider answered ${response.status}`);
    try {
      return await response.json();
    } catch (error) {
      throw new CaptchaProviderError('the captcha provider answered something that is not JSON', { cause: error });
    }
  }
}
