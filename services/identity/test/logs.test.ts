// No password, password hash, session token, XSRF token or API key ever appears in a log line.
// The identity service and the gateway run as their own processes (as in distributed mode) at
// the most verbose level; every line they write is captured while a visitor and an owner go
// through sign-up (by the mailed link), failed and successful sign-in, XSRF-protected calls, API keys and sign-out, and
// then searched for every secret the flows handled.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import request from 'supertest';
import {
  DEMO_WEBSITE_ID,
  OWNER_SESSION_COOKIE,
  Role,
  SITE_USER_SESSION_COOKIE,
  type ApiKeyCreated,
  type OwnerSessionInfo,
} from '@sc/contracts';
import { freePort, mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { buildApp } from '../src/index.js';
import type { IdentityDB } from '../src/tables.js';
import { grantRole } from '../src/owners/owner.repository.js';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import { Browser, signUpToken, TEST_IDENTITY_SIGNING_KEY } from './kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Running {
  child: ChildProcess;
  output: string[];
}

function start(entry: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'trace', HOST: '127.0.0.1', IDENTITY_SIGNING_KEY: TEST_IDENTITY_SIGNING_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

async function ready(url: string): Promise<void> {
  await waitFor(
    async () => {
      try {
        return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) })).ok;
      } catch {
        return false;
      }
    },
    60_000,
    `${url} to be ready`,
  );
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

describe(`secrets in logs (${mode.database})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'identity-logs-'));
  let identity: Running;
  let gateway: Running;
  let gatewayUrl: string;
  let smtp: TestSmtpServer;
  /** Sign-up through the gateway and the link of the mail that arrives: the confirm response. */
  async function signUpByMail(b: Browser, base: string, email: string, password: string) {
    expect((await b.send('post', base, { body: { email, password } })).status).toBe(202);
    const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes(email)), 30_000, `the sign-up mail to ${email}`);
    const token = /confirm-sign-up(?:=|\?token=)([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? 'missing';
    secrets.set(`sign-up token of ${email}`, token);
    return b.send('post', `${base}/confirm`, { body: { token, password } });
  }
  const secrets = new Map<string, string>();
  const account = {
    visitorEmail: `${unique('logs')}@example.com`,
    visitorPassword: `visitor-${unique('pw')}`,
    ownerEmail: `${unique('logs-owner')}@example.com`,
    ownerPassword: `owner-${unique('pw')}`,
  };

  beforeAll(async () => {
    const identityPort = await freePort();
    const gatewayPort = await freePort();
    const contentPort = await freePort();
    // A visitor and an owner (admin of the demo website, which the gateway falls back to) whose
    // stored password hashes the test keeps to search for.
    const seeding = await buildApp({ config: testConfig(0, { DATA_DIR: dataDir }) });
    try {
      const headers = { 'x-website-id': DEMO_WEBSITE_ID };
      // Sign-up, then the mailed link (read from the outbox) that makes the account.
      const signUp = async (base: string, email: string, password: string) => {
        expect((await seeding.inject({ method: 'POST', url: base, headers, payload: { email, password } })).statusCode).toBe(202);
        return seeding.inject({
          method: 'POST',
          url: `${base}/confirm`,
          headers,
          payload: { token: await signUpToken(seeding, email), password },
        });
      };
      const visitor = await signUp('/api/auth/site-users', account.visitorEmail, account.visitorPassword);
      const owner = await signUp('/api/auth/owners', account.ownerEmail, account.ownerPassword);
      expect([visitor.statusCode, owner.statusCode]).toEqual([201, 201]);
      const db = seeding.serviceContext!.db as unknown as Kysely<IdentityDB>;
      await grantRole(db, DEMO_WEBSITE_ID, owner.json<OwnerSessionInfo>().ownerId!, Role.ADMIN);
      const rows = [
        ...(await db.selectFrom('site_users').select('password_hash').where('email', '=', account.visitorEmail).execute()),
        ...(await db.selectFrom('owners').select('password_hash').where('email', '=', account.ownerEmail).execute()),
      ];
      expect(rows).toHaveLength(2);
      rows.forEach((row, i) => {
        secrets.set(`password hash ${i}`, row.password_hash);
        secrets.set(`password hash ${i} (digest part)`, row.password_hash.split('$').pop() ?? row.password_hash);
      });
    } finally {
      // The embedded database is the child's from now on.
      await seeding.close();
    }
    smtp = new TestSmtpServer();
    // The sign-up links of the flows below arrive here (the tokens in them are secrets too).
    identity = start('services/identity/src/main.ts', { PORT: String(identityPort), DATA_DIR: dataDir, SMTP_URL: await smtp.start() });
    await ready(`http://127.0.0.1:${identityPort}`);
    gateway = start('gateway/src/main.ts', {
      PORT: String(gatewayPort),
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      // Nothing listens here: the website lookup fails (and logs that) and the demo website is used.
      CONTENT_URL: `http://127.0.0.1:${contentPort}`,
      RATE_LIMIT_MAX: '100000',
    });
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await ready(gatewayUrl);
  }, 90_000);

  afterAll(async () => {
    if (gateway) await stop(gateway);
    if (identity) await stop(identity);
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never writes a secret the flows handled', async () => {
    // The visitor: a wrong password, sign-in, an XSRF-protected call, a refused one, sign-out.
    const wrongPassword = `wrong-${unique('pw')}`;
    const visitor = new Browser(gatewayUrl);
    await visitor.open();
    const body = { email: account.visitorEmail, password: account.visitorPassword, rememberMe: true };
    expect((await visitor.send('post', '/api/site-users/account/session', { body: { ...body, password: wrongPassword } })).status).toBe(
      401,
    );
    const login = await visitor.send('post', '/api/site-users/account/session', { body });
    expect(login.status).toBe(200);
    visitor.xsrfToken = (login.body as { xsrfToken: string }).xsrfToken;
    const sessionToken = visitor.cookies.get(SITE_USER_SESSION_COOKIE) ?? 'missing';
    expect((await visitor.send('post', '/api/site-users/account/locale', { body: { language: 'en-GB' } })).status).toBe(200);
    expect(
      (await visitor.send('post', '/api/site-users/account/locale', { body: { language: 'en-GB' }, xsrf: 'wrong-xsrf-token-value-123456' }))
        .status,
    ).toBe(403);
    expect((await visitor.send('delete', '/api/site-users/account/session?cloneCart=true')).status).toBe(200);
    secrets.set('visitor password', account.visitorPassword);
    secrets.set('wrong password', wrongPassword);
    secrets.set('session token', sessionToken);
    secrets.set('session token hash', sha256(sessionToken));
    secrets.set('xsrf token', visitor.xsrfToken);

    // A new visitor signs up through the gateway.
    const newcomerPassword = `newcomer-${unique('pw')}`;
    const newcomer = new Browser(gatewayUrl);
    await newcomer.open();
    const signUp = await signUpByMail(newcomer, '/api/auth/site-users', `${unique('new')}@example.com`, newcomerPassword);
    expect(signUp.status).toBe(201);
    secrets.set('newcomer password', newcomerPassword);
    secrets.set('newcomer session token', newcomer.cookies.get(SITE_USER_SESSION_COOKIE) ?? 'missing');
    secrets.set('newcomer xsrf token', (signUp.body as { xsrfToken: string }).xsrfToken);

    // A new owner signs up through the gateway and is refused the keys panel (no role yet).
    const newOwnerPassword = `new-owner-${unique('pw')}`;
    const newOwner = new Browser(gatewayUrl);
    await newOwner.open();
    expect((await signUpByMail(newOwner, '/api/auth/owners', `${unique('new-owner')}@example.com`, newOwnerPassword)).status).toBe(201);
    secrets.set('new owner password', newOwnerPassword);
    secrets.set('new owner session token', newOwner.cookies.get(OWNER_SESSION_COOKIE) ?? 'missing');
    expect((await newOwner.send('post', '/api/auth/api-keys', { body: { name: 'logs', scopes: ['members:read'] } })).status).toBe(403);

    // The admin signs in, makes, uses and revokes an API key, and signs out.
    const admin = new Browser(gatewayUrl);
    await admin.open();
    expect(
      (await admin.send('post', '/api/auth/session', { body: { email: account.ownerEmail, password: account.ownerPassword } })).status,
    ).toBe(200);
    const adminSession = admin.cookies.get(OWNER_SESSION_COOKIE) ?? 'missing';
    secrets.set('owner password', account.ownerPassword);
    secrets.set('owner session token', adminSession);
    secrets.set('owner session token hash', sha256(adminSession));
    const key = await admin.send('post', '/api/auth/api-keys', { body: { name: 'logs', scopes: ['members:read'] } });
    expect(key.status).toBe(201);
    const apiKey = (key.body as ApiKeyCreated).key;
    secrets.set('api key', apiKey);
    secrets.set('api key hash', sha256(apiKey));
    expect((await request(gatewayUrl).get('/api/auth/members').set('authorization', `Bearer ${apiKey}`)).status).toBe(200);
    expect((await admin.send('delete', `/api/auth/api-keys/${(key.body as ApiKeyCreated).id}`)).status).toBe(200);
    expect((await request(gatewayUrl).get('/api/auth/members').set('authorization', `Bearer ${apiKey}`)).status).toBe(401);
    expect((await admin.send('delete', '/api/auth/session')).status).toBe(200);

    await stop(gateway);
    await stop(identity);
    const logs = [...identity.output, ...gateway.output].join('');
    // The capture works: both processes logged the requests of the flows above.
    expect(logs).toContain('"service":"identity"');
    expect(logs).toContain('"service":"gateway"');
    expect(logs).toContain('/api/site-users/account/session');
    const leaked = [...secrets].filter(([, secret]) => secret.length >= 8 && logs.includes(secret)).map(([name]) => name);
    expect(leaked).toEqual([]);
    expect(logs).not.toContain('$scrypt$');
  }, 120_000);
});
