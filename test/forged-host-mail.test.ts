// Every link we mail points at the website's configured address (PUBLIC_URL's scheme and port, a
// domain the website has), never at a host the request named (issue 40). The platform runs as
// `pnpm start` does, its mail going to a real SMTP server; each route that sends mail is called
// with a forged Host, X-Forwarded-Host and Forwarded, and every mail that arrives is read.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_OWNER, DEMO_SITE_USER } from '@sc/contracts';
import { freePort } from '@sc/platform/test-kit';
import { TestSmtpServer, type ReceivedMail } from '@sc/platform/test-kit/smtp-server';
import { startProcess, waitForHttp, type Running } from './helpers.js';

const START_WAIT_MS = 180_000;
const EVIL = 'evil.example';
const FORGED = { host: EVIL, 'x-forwarded-host': EVIL, forwarded: `host=${EVIL};proto=https`, 'x-forwarded-proto': 'https' };

/** A POST with any headers, Host included (fetch would not send a Host of our choosing). */
function post(port: number, url: string, body: object, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

describe('mailed links under a forged Host', () => {
  let run: Running;
  let smtp: TestSmtpServer;
  let port: number;
  let crumb: string;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    const smtpUrl = await smtp.start();
    port = await freePort();
    run = startProcess('scripts/start-embedded.ts', {
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-forged-host-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      SMTP_URL: smtpUrl,
      PUBLIC_URL: '',
    });
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, START_WAIT_MS);
    for (;;) {
      // Pages hand out no cookie: the crumb comes from GET /api/crumb, as the web client gets it.
      const first = await fetch(`http://127.0.0.1:${port}/api/crumb`);
      crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
      if (first.status === 200 && crumb) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, START_WAIT_MS + 30_000);

  afterAll(async () => {
    run?.child.kill('SIGINT');
    await run?.exited;
    await smtp?.stop();
  });

  const mailTo = async (to: string): Promise<ReceivedMail> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const mail = smtp.received.find((m) => m.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline)
        throw new Error(`no mail to ${to}; received: ${smtp.received.map((m) => `${m.to.join(',')} ${m.subject}`).join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('sends links to the configured address from every route that mails', async () => {
    // The launcher's PUBLIC_URL (http://localhost:<port>): its scheme and port, with one of the demo
    // website's own domains (localhost, 127.0.0.1) as the host; never the host the request named.
    const origins = [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`];
    const headers = { ...FORGED, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };
    const stamp = Date.now();
    const calls: Array<{ url: string; body: object; to: string; link: boolean }> = [
      {
        url: '/api/form/newsletter/demo-newsletter/subscribe',
        body: { email: `reader-${stamp}@example.com` },
        to: `reader-${stamp}@example.com`,
        link: true,
      },
      // Sign-up of a new address (the link that makes the account) and of a taken one (the mail
      // that someone tried, with a sign-in link), for site users and owners.
      {
        url: '/api/auth/site-users',
        body: { email: `buyer-${stamp}@example.com`, password: 'a-long-password-1' },
        to: `buyer-${stamp}@example.com`,
        link: true,
      },
      {
        url: '/api/auth/site-users',
        body: { email: DEMO_SITE_USER.email, password: 'a-long-password-1' },
        to: DEMO_SITE_USER.email,
        link: true,
      },
      {
        url: '/api/auth/owners',
        body: { email: `maker-${stamp}@example.com`, password: 'a-long-password-1' },
        to: `maker-${stamp}@example.com`,
        link: true,
      },
      { url: '/api/auth/owners', body: { email: DEMO_OWNER.email, password: 'a-long-password-1' }, to: DEMO_OWNER.email, link: true },
      { url: '/api/auth/site-users/password-reset', body: { email: DEMO_SITE_USER.email }, to: DEMO_SITE_USER.email, link: true },
      { url: '/api/auth/owners/password-reset', body: { email: DEMO_OWNER.email }, to: DEMO_OWNER.email, link: true },
    ];
    const wrong: string[] = [];
    for (const call of calls) {
      const status = await post(port, call.url, call.body, headers);
      expect([`${call.url} ${status}`]).toEqual([`${call.url} ${status < 300 ? status : 'a 2xx'}`]);
      const mail = await mailTo(call.to);
      smtp.received.splice(smtp.received.indexOf(mail), 1);
      const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)]
        .map((m) => m[0])
        .filter((link) => !link.startsWith('http://www.w3.org/'));
      if (`${mail.text}${mail.html}`.includes(EVIL)) wrong.push(`${call.url}: mentions ${EVIL}`);
      if (call.link && links.length === 0) wrong.push(`${call.url}: no absolute link in ${JSON.stringify(mail.text)}`);
      for (const link of links) if (!origins.some((origin) => link.startsWith(origin))) wrong.push(`${call.url}: ${link}`);
    }
    expect(wrong).toEqual([]);
  });
});
