// Brute force through the gateway: repeated wrong passwords for one email (or from one address)
// get 429 before the 20th try, the right password is refused too while the window lasts, and
// works again after it. The window is shortened for the test; counts live in Redis when
// REDIS_URL is set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { IdentityMessages } from '@sc/contracts';
import { mode, unique, waitFor } from '@sc/platform/test-kit';
import { Browser, startGateway, startIdentity, type RunningIdentity } from './kit.js';

const WINDOW_MS = 4_000;
const PASSWORD = 'the right password';
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe(`login throttling (${mode.cache} cache)`, () => {
  let identity: RunningIdentity;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    identity = await startIdentity({ throttle: { windowMs: WINDOW_MS, maxFailuresPerEmail: 10, maxFailuresPerIp: 15 } });
    gateway = await startGateway({ IDENTITY_URL: identity.url });
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  /** A browser coming from its own address (the gateway trusts X-Forwarded-For). */
  async function visitor(ip = randomIp()): Promise<Browser> {
    const b = new Browser(gateway.server, { 'x-forwarded-for': ip });
    await b.open();
    return b;
  }

  it('answers 429 before the 20th wrong password for one email, and lets the right one in after the window', async () => {
    const email = `${unique('victim')}@example.com`;
    const b = await visitor();
    expect((await b.send('post', '/api/auth/site-users', { body: { email, password: PASSWORD } })).status).toBe(201);

    const attacker = await visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await attacker.send('post', '/api/site-users/account/session', { body: { email, password: `guess ${i}` } });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toEqual({ error: { code: 'RATE_LIMITED', message: IdentityMessages.tooManyAttempts } });
        expect(Number(response.headers['retry-after'])).toBe(WINDOW_MS / 1000);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(new Array<number>(10).fill(401));
    expect(statuses.indexOf(429)).toBe(10);
    expect(statuses.slice(10)).toEqual(new Array<number>(10).fill(429));

    // During the window even the right password (from another address) is refused...
    const owner = await visitor();
    const locked = await owner.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);

    // ...and after it, it works.
    const after = await waitFor(
      async () => {
        const response = await owner.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } });
        return response.status === 429 ? undefined : response;
      },
      WINDOW_MS * 3,
      'the end of the throttling window',
    );
    expect(after.status).toBe(200);
    expect(after.body).toHaveProperty('xsrfToken');
  });

  it('counts failures per address across emails', async () => {
    const attacker = await visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 17; i++) {
      const response = await attacker.send('post', '/api/site-users/account/session', {
        body: { email: `${unique('spray')}@example.com`, password: 'password1' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 15)).toEqual(new Array<number>(15).fill(401));
    expect(statuses.slice(15)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await visitor();
    const response = await other.send('post', '/api/site-users/account/session', { body: { email: `${unique('spray')}@example.com`, password: 'x' } });
    expect(response.status).toBe(401);
  });

  it('throttles owner sign-in the same way', async () => {
    const email = `${unique('owner')}@example.com`;
    const b = await visitor();
    expect((await b.send('post', '/api/auth/owners', { body: { email, password: PASSWORD } })).status).toBe(201);
    const attacker = await visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await attacker.send('post', '/api/auth/session', { body: { email, password: `guess ${i}` } })).status);
    }
    expect(statuses).toEqual([...new Array<number>(10).fill(401), 429, 429]);
  });

  it('clears the count of an email after a successful sign-in', async () => {
    const email = `${unique('forgetful')}@example.com`;
    const b = await visitor();
    expect((await b.send('post', '/api/auth/site-users', { body: { email, password: PASSWORD } })).status).toBe(201);
    const user = await visitor();
    for (let i = 0; i < 9; i++) await user.send('post', '/api/site-users/account/session', { body: { email, password: 'typo' } });
    expect((await user.send('post', '/api/site-users/account/session', { body: { email, password: PASSWORD } })).status).toBe(200);
    const fresh = await visitor();
    for (let i = 0; i < 9; i++) {
      expect((await fresh.send('post', '/api/site-users/account/session', { body: { email, password: 'typo' } })).status).toBe(401);
    }
  });
});
