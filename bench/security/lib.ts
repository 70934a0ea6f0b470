// What the attack scripts share: a visitor's browser against the gateway (cookies, the crumb on
// unsafe calls, its own X-Forwarded-For address), the proof-of-work captcha solver, and the
// ok/FAIL line each script prints. BASE_URL (default http://localhost:8080) picks the platform:
// `pnpm start` (embedded) or `pnpm start:cluster` after `pnpm seed` (cluster).
import { powToken, type CaptchaChallenge } from '@sc/contracts';
import { solve } from '@sc/platform';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
export const DEMO_OWNER = { email: 'owner@example.com', password: 'owner-demo-1234' };

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

let nextAddress = 1;
/** A fresh client address (198.18.0.0/15, the benchmarking range). */
export const newAddress = (): string => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly address: string = newAddress()) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const all: Record<string, string> = { 'x-forwarded-for': this.address, ...headers };
    if (this.cookies.size > 0) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('crumb')) all['x-csrf-token'] = this.cookies.get('crumb')!;
    if (body !== undefined) all['content-type'] = 'application/json';
    // A request that never answers is a finding, not a hang: it fails the script after a minute.
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: all,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** What a page does before its first write: asks the gateway for the crumb cookie. */
  async open(): Promise<this> {
    await this.send('GET', '/api/crumb');
    return this;
  }

  /** A solved sign-in captcha. */
  async captcha(): Promise<string> {
    const challenge = (await this.send('POST', '/api/auth/captcha/challenge', {})).body as CaptchaChallenge;
    return powToken(challenge.challengeId, solve(challenge));
  }
}

/** Prints `ok`/`FAIL`, the row and its figure; a FAIL sets the exit code. */
export function report(ok: boolean, row: string, figure: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${row}: ${figure}`);
  if (!ok) process.exitCode = 1;
}

export const count = (answers: Answer[], status: number): number => answers.filter((a) => a.status === status).length;
