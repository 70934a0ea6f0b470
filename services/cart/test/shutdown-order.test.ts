// Shutdown order: the cart's background jobs and its mail relay stop before the database closes.
// A job run or a mail being sent when the app is told to close finishes its work on the database
// (here: a job's query, the relay marking its mail sent), and only then does the platform close
// the pool (its own onClose runs after every hook the service added).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { enqueueMail, openEmbeddedPostgres, type EmbeddedPostgres, type SmtpMessage } from '@sc/platform';
import { waitFor } from '@sc/platform/test-kit';
import { setup } from './kit.js';

const embedded: EmbeddedPostgres | undefined = process.env.DATABASE_URL ? undefined : await openEmbeddedPostgres(':memory:');
afterAll(async () => {
  await embedded?.close();
});
const shared = embedded ? { sharedEmbedded: embedded } : {};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cart shutdown order', () => {
  it('lets a job run in progress finish on the database before the database closes', async () => {
    const kit = await setup({
      ...shared,
      jobs: { renewalsEveryMs: false, purgeEveryMs: false, holdsEveryMs: false, abandonedEveryMs: 20 },
    });
    const outcomes: string[] = [];
    let started = false;
    // The sweeper's next run is slow: it is under way when close() is called.
    (kit.parts.paymentService as { releaseAbandoned: () => Promise<number> }).releaseAbandoned = async () => {
      started = true;
      await pause(300);
      try {
        await sql`select 1`.execute(kit.ctx.db);
        outcomes.push('job wrote after close began');
      } catch (error) {
        outcomes.push(`job failed: ${String(error)}`);
      }
      return 0;
    };
    await waitFor(() => started, 10_000, 'the job to start');
    await kit.close();
    expect(outcomes).toEqual(['job wrote after close began']);
  }, 60_000);

  // On the embedded database only: on a shared Postgres a running relay would send (and mark sent)
  // the mails other suites enqueue and deliver by hand. The order of close is the same code in both.
  (embedded ? it : it.skip)(
    'lets the mail relay finish the mail it is sending (marked sent) before the database closes',
    async () => {
      const sent: SmtpMessage[] = [];
      let sending = false;
      const kit = await setup({
        ...shared,
        mail: {
          autoStart: true,
          pollMs: 20,
          smtp: {
            async send(message) {
              sending = true;
              await pause(300);
              sent.push(message);
            },
            close() {},
          },
        },
      });
      const key = `shutdown-order:${randomUUID()}`;
      await enqueueMail(kit.ctx.db, {
        idempotencyKey: key,
        websiteId: kit.newSite(),
        kind: 'test.shutdown',
        to: 'buyer@example.com',
        subject: 'Order',
        text: 'Thanks',
      });
      kit.parts.mail.poke();
      await waitFor(() => sending, 10_000, 'the relay to start sending');
      await kit.close();
      expect(sent).toHaveLength(1);
      // Read back on a fresh app over the same database: the relay marked it sent before the pool closed.
      const again = await setup({ ...shared });
      try {
        const row = await sql<{ status: string }>`select status from cart.mail_outbox where idempotency_key = ${key}`.execute(again.ctx.db);
        expect(row.rows[0]?.status).toBe('sent');
      } finally {
        await again.close();
      }
    },
    60_000,
  );
});
