// The mailer on a real database: enqueue is idempotent by key, the local mailbox gets each mail
// exactly once, and SMTP delivery marks each mail sent after the server accepts it, retrying a
// refusal later with the same Message-ID.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { testConfig, unique } from '../../test-kit/index.js';
import { migrateToLatest } from '../database/migrate.js';
import { openServiceInfra, type ServiceInfra } from '../infra.js';
import type { Logger } from '../logger.js';
import { enqueueMail, listMailbox, mailMigration, mailStats, MailRelay, type MailTables, type SmtpMessage } from './index.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

describe('mailer', () => {
  let infra: ServiceInfra<MailTables>;
  let db: Kysely<MailTables>;
  const site = unique('mail');

  beforeAll(async () => {
    const schema = `mail_test_${Math.random().toString(36).slice(2, 8)}`;
    infra = await openServiceInfra<MailTables>(schema, testConfig(), silent);
    db = infra.database.db;
    await migrateToLatest(db as Kysely<unknown>, schema, { '0001_mail': mailMigration });
  });
  afterAll(async () => infra?.close());

  const mail = (key: string, to = 'a@example.com') => ({
    idempotencyKey: key,
    websiteId: site,
    kind: 'test',
    to,
    subject: `S ${key}`,
    text: 'T',
  });

  it('enqueues a key once and delivers it to the local mailbox once', async () => {
    expect(await enqueueMail(db, mail('k1'))).toBe(true);
    expect(await enqueueMail(db, mail('k1'))).toBe(false);
    const relay = new MailRelay({ db, logger: silent, from: 'Shop <shop@example.com>' });
    expect(relay.transport).toBe('local');
    const [a, b] = await Promise.all([relay.deliverBatch(), relay.deliverBatch()]);
    expect(a + b).toBe(1);
    expect(await relay.deliverBatch()).toBe(0);
    const page = await listMailbox(db, site, { limit: 10 });
    expect(page.items.map((m) => [m.subject, m.from])).toEqual([['S k1', 'Shop <shop@example.com>']]);
    expect(await mailStats(db, site)).toEqual({ pending: 0, sent: 1, failed: 0, delivered: 1 });
  });

  it('logs a locally kept mail with its links when asked (MAIL_LOG_LOCAL), and not otherwise', async () => {
    const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
    const recording = {
      ...silent,
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    } as unknown as Logger;
    const link = 'http://shop.localhost:8080/config/confirm-sign-up?token=abc123';
    await enqueueMail(db, {
      ...mail('log-1', 'owner@example.com'),
      subject: 'Confirm your sign-up',
      text: `Open ${link} to finish.\nOr ignore this mail.`,
    });
    expect(await new MailRelay({ db, logger: recording, from: 'shop@example.com', logLocal: true }).deliverBatch()).toBe(1);
    expect(lines).toEqual([
      {
        fields: { to: 'owner@example.com', kind: 'test', links: [link] },
        message: `mail (no SMTP_URL, kept in the local mailbox) to owner@example.com: Confirm your sign-up ${link}`,
      },
    ]);
    lines.length = 0;
    await enqueueMail(db, mail('log-2'));
    expect(await new MailRelay({ db, logger: recording, from: 'shop@example.com' }).deliverBatch()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('sends over SMTP, retrying a refused mail with the same Message-ID', async () => {
    const sent: SmtpMessage[] = [];
    let refuse = true;
    const smtp = {
      send: async (message: SmtpMessage) => {
        if (refuse && message.to === 'b@example.com') throw new Error('451 try later');
        sent.push(message);
      },
      close: () => undefined,
    };
    await enqueueMail(db, mail('s1', 'a@example.com'));
    await enqueueMail(db, mail('s2', 'b@example.com'));
    const relay = new MailRelay({ db, logger: silent, from: 'shop@example.com', smtp });
    expect(await relay.deliverBatch()).toBe(1);
    const failed = await db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts', 'last_error', 'status'])
      .where('idempotency_key', '=', 's2')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, last_error: '451 try later', status: 'pending' });
    // Its back-off has not passed: nothing is due.
    expect(await relay.deliverBatch()).toBe(0);
    refuse = false;
    await db.updateTable('mail_outbox').set({ claimed_until: null }).where('id', '=', failed.id).execute();
    expect(await relay.deliverBatch()).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(sent[1]?.messageId).toBe(`<${failed.id}@example.com>`);
  });
});
