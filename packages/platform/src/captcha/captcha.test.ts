// The captcha library on a real database: a solved proof-of-work challenge passes exactly once,
// for its own website and before it expires; the hosted adapters read their providers' answers
// (a local stand-in server plays the provider); the route check answers the SPEC messages.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { FormMessages, powToken } from '@sc/contracts';
import { testConfig, unique } from '../../test-kit/index.js';
import { migrateToLatest } from '../database/migrate.js';
import { AppError } from '../errors.js';
import { openServiceInfra, type ServiceInfra } from '../infra.js';
import type { Logger } from '../logger.js';
import {
  Captcha,
  CaptchaProviderError,
  captchaMigration,
  HostedCaptcha,
  leadingZeroBits,
  PowCaptcha,
  solve,
  solves,
  type CaptchaTables,
} from './index.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

describe('proof of work arithmetic', () => {
  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0x01]))).toBe(7);
    expect(leadingZeroBits(Buffer.from([0x00, 0x20]))).toBe(10);
    expect(leadingZeroBits(Buffer.from([0x00, 0x00]))).toBe(16);
  });

  it('finds a nonce that solves a challenge, and most others do not', () => {
    const nonce = solve({ salt: 'salt-1', difficulty: 10 });
    expect(solves('salt-1', nonce, 10)).toBe(true);
    const misses = Array.from({ length: 64 }, (_, i) => `x${i}`).filter((n) => !solves('salt-1', n, 10)).length;
    expect(misses).toBeGreaterThan(50);
  });
});

describe(PowCaptcha.name, () => {
  let infra: ServiceInfra<CaptchaTables>;
  let db: Kysely<CaptchaTables>;
  const site = unique('captcha');

  beforeAll(async () => {
    const schema = `captcha_test_${Math.random().toString(36).slice(2, 8)}`;
    infra = await openServiceInfra<CaptchaTables>(schema, testConfig(), silent);
    db = infra.database.db;
    await migrateToLatest(db as Kysely<unknown>, schema, { '0001_captcha': captchaMigration });
  }, 60_000);
  afterAll(async () => infra?.close());

  it('takes a solved challenge once, for its own website only', async () => {
    const pow = new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 });
    const challenge = await pow.issue(site);
    expect(challenge).toMatchObject({ provider: 'pow', algorithm: 'SHA-256', difficulty: 8 });
    const token = powToken(challenge.challengeId, solve(challenge));
    expect(await pow.verify(token, { websiteId: unique('other') })).toBe('invalid');
    const [a, b] = await Promise.all([pow.verify(token, { websiteId: site }), pow.verify(token, { websiteId: site })]);
    expect([a, b].sort()).toEqual(['invalid', 'ok']);
    expect(await pow.verify(token, { websiteId: site })).toBe('invalid');
  });

  it('refuses a wrong nonce, a malformed token and an expired challenge', async () => {
    let now = Date.now();
    const pow = new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000, clock: () => now });
    const challenge = await pow.issue(site);
    let wrong = 0;
    while (solves(challenge.salt, String(wrong), challenge.difficulty)) wrong++;
    expect(await pow.verify(powToken(challenge.challengeId, wrong), { websiteId: site })).toBe('invalid');
    expect(await pow.verify('pow.not-a-uuid.1', { websiteId: site })).toBe('invalid');
    now += 61_000;
    expect(await pow.verify(powToken(challenge.challengeId, solve(challenge)), { websiteId: site })).toBe('invalid');
  });

  it("answers the SPEC messages: none is 'Complete CAPTCHA before submitting.', a refused one the reCAPTCHA text", async () => {
    const captcha = new Captcha(new PowCaptcha(db, { difficulty: 8, ttlMs: 60_000 }));
    const failure = (token: string | undefined) =>
      captcha.require(token, { websiteId: site }).then(
        () => undefined,
        (error: unknown) => (error instanceof AppError ? [error.code, error.message] : error),
      );
    expect(await failure(undefined)).toEqual(['BAD_REQUEST', FormMessages.captchaRequired]);
    expect(await failure('  ')).toEqual(['BAD_REQUEST', FormMessages.captchaRequired]);
    expect(await failure('hosted-token-without-a-hosted-verifier')).toEqual(['BAD_REQUEST', FormMessages.recaptchaFailed]);
    const challenge = await captcha.pow.issue(site);
    expect(await failure(powToken(challenge.challengeId, solve(challenge)))).toBeUndefined();
  });

  it('builds its verifiers from CAPTCHA_* and stops on a bad value', () => {
    expect(Captcha.fromEnv(db, {}).pow).toBeInstanceOf(PowCaptcha);
    expect(() => Captcha.fromEnv(db, { CAPTCHA_PROVIDER: 'carrier-pigeon' })).toThrow(/CAPTCHA_PROVIDER/);
    expect(() => Captcha.fromEnv(db, { CAPTCHA_POW_DIFFICULTY: '99' })).toThrow(/CAPTCHA_POW_DIFFICULTY/);
  });
});

describe(HostedCaptcha.name, () => {
  let server: Server;
  let url = '';
  let answer = '';
  let status = 200;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.statusCode = status;
        response.end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/verify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the secret, the token and the client address, and reads success and score', async () => {
    const hosted = new HostedCaptcha({ provider: 'turnstile', secret: 'sekret', url });
    expect(hosted.accepts('pow.x.1')).toBe(false);
    answer = '{"success": true}';
    expect(await hosted.verify('tok', { websiteId: 's', remoteIp: '203.0.113.7' })).toBe('ok');
    expect(Object.fromEntries(new URLSearchParams(received.at(-1)))).toEqual({
      secret: 'sekret',
      response: 'tok',
      remoteip: '203.0.113.7',
    });
    answer = '{"success": false}';
    expect(await hosted.verify('tok', { websiteId: 's' })).toBe('invalid');
    answer = '{"success": true, "score": 0.2}';
    expect(await hosted.verify('tok', { websiteId: 's' })).toBe('invalid');
    expect(await hosted.verify('  ', { websiteId: 's' })).toBe('invalid');
  });

  it('reads a reCAPTCHA Enterprise assessment', async () => {
    const hosted = new HostedCaptcha({ provider: 'recaptcha-enterprise', secret: 'key', siteKey: 'site-key', project: 'p', url });
    answer = '{"tokenProperties": {"valid": true}, "riskAnalysis": {"score": 0.9}}';
    expect(await hosted.verify('tok', { websiteId: 's' })).toBe('ok');
    expect(JSON.parse(received.at(-1) ?? '{}')).toEqual({ event: { token: 'tok', siteKey: 'site-key' } });
    answer = '{"tokenProperties": {"valid": true}, "riskAnalysis": {"score": 0.1}}';
    expect(await hosted.verify('tok', { websiteId: 's' })).toBe('invalid');
  });

  it('throws CaptchaProviderError for an unreadable answer or a failing provider', async () => {
    const hosted = new HostedCaptcha({ provider: 'recaptcha', secret: 's', url });
    answer = '<html>not json</html>';
    await expect(hosted.verify('tok', { websiteId: 's' })).rejects.toBeInstanceOf(CaptchaProviderError);
    answer = '{"no": "success"}';
    await expect(hosted.verify('tok', { websiteId: 's' })).rejects.toBeInstanceOf(CaptchaProviderError);
    status = 503;
    answer = '{"success": true}';
    await expect(hosted.verify('tok', { websiteId: 's' })).rejects.toThrow('the captcha provider answered 503');
    status = 200;
  });
});
