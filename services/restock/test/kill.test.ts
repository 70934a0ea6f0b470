// The restock service as a real process (started with tsx, as `pnpm start:cluster` does) against
// a database that outlives it: 500 signups, send all, the process killed with SIGKILL while the
// notifications are going out, restarted, and every signup has exactly one email in the end.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { signIdentity } from '@sc/platform';
import { asFromGateway, freePort, unique, waitFor } from '@sc/platform/test-kit';
import { Role } from '@sc/contracts';
import { startProcess, waitForHttp, type Running } from '../../../test/helpers.js';
import { BASE, SIGNING_KEY } from './kit.js';

const TOTAL = 500;

describe('restock killed mid-send', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restock-kill-'));
  const site = unique('kill');
  let running: Running | undefined;

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(port: number): Promise<Running> {
    const child = startProcess('services/restock/src/main.ts', {
      PORT: String(port),
      DATA_DIR: dataDir,
      IDENTITY_SIGNING_KEY: SIGNING_KEY,
      LOG_LEVEL: 'warn',
      // Small batches with a pause between them (a sending rate), so the kill lands mid-send.
      MAIL_BATCH_SIZE: '10',
      MAIL_SEND_INTERVAL_MS: '40',
      SMTP_URL: '',
    });
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000);
    return child;
  }

  const owner = (): Record<string, string> => {
    const requestId = randomUUID();
    return {
      ...signIdentity(
        { v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: 'o', roles: [Role.ADMIN] },
        SIGNING_KEY,
      ),
      'x-request-id': requestId,
      'x-website-id': site,
      'content-type': 'application/json',
    };
  };

  it('sends exactly one email per signup', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    running = await start(port);
    for (let i = 0; i < TOTAL; i += 25) {
      const batch = Array.from({ length: Math.min(25, TOTAL - i) }, (_, j) =>
        fetch(`${url}${BASE}`, {
          method: 'POST',
          headers: asFromGateway({ 'content-type': 'application/json', 'x-website-id': site }, SIGNING_KEY),
          body: JSON.stringify({
            isJoinMailingList: false,
            productId: 'p-kill',
            variantId: `v${(i + j) % 4}`,
            siteVisitorEmail: `kill${i + j}@example.com`,
          }),
        }).then((r) => expect(r.status).toBe(200)),
      );
      await Promise.all(batch);
    }
    const stats = async () =>
      (await (await fetch(`${url}${BASE}/mailbox/stats`, { headers: owner() })).json()) as { pending: number; delivered: number };
    const sent = await fetch(`${url}${BASE}/send/all`, {
      method: 'POST',
      headers: owner(),
      body: JSON.stringify({ sendRequests: [0, 1, 2, 3].map((v) => ({ productId: 'p-kill', variantId: `v${v}` })) }),
    });
    expect(await sent.json()).toEqual({ queued: TOTAL });
    const midway = await waitFor(
      async () => {
        const s = await stats();
        return s.delivered > 0 && s.delivered < TOTAL ? s.delivered : undefined;
      },
      30_000,
      'mail to be going out',
    );
    running.child.kill('SIGKILL');
    await running.exited;
    expect(midway).toBeLessThan(TOTAL);

    running = await start(port);
    // Pressing send all again after the restart queues nothing new.
    const again = await fetch(`${url}${BASE}/send/all`, {
      method: 'POST',
      headers: owner(),
      body: JSON.stringify({ sendRequests: [{ productId: 'p-kill', variantId: 'v0' }] }),
    });
    expect(await again.json()).toEqual({ queued: 0 });
    const final = await waitFor(
      async () => {
        const s = await stats();
        return s.pending === 0 ? s : undefined;
      },
      60_000,
      'every mail to be delivered',
    );
    expect(final.delivered).toBe(TOTAL);
    const recipients = new Set<string>();
    let cursor: string | null = null;
    do {
      const response = await fetch(`${url}${BASE}/mailbox?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: owner(),
      });
      const page = (await response.json()) as { items: Array<{ to: string }>; nextPageCursor: string | null };
      for (const item of page.items) recipients.add(item.to);
      cursor = page.nextPageCursor;
    } while (cursor);
    expect(recipients.size).toBe(TOTAL);
  }, 180_000);
});
