// The restock mail sent (the local mailbox) and its delivery figures, for owners.
import { MailboxMessage, MailboxQuery, MailStats, Permission } from '@sc/contracts';
import { ownerRoute, pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import { RESTOCK_BASE } from '../signups/signups.routes.js';
import type { MailboxService } from './mailbox.service.js';

export function mailboxRoutes(app: ZodApp, mailbox: MailboxService): void {
  app.get(
    `${RESTOCK_BASE}/mailbox`,
    ownerRoute(Permission.RESTOCK_READ, {
      schema: { summary: 'The restock mail sent, paged', querystring: MailboxQuery, response: { 200: pageSchema(MailboxMessage) } },
    }),
    async (request) => mailbox.list(websiteIdOf(request), request.query),
  );

  app.get(
    `${RESTOCK_BASE}/mailbox/stats`,
    ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'Delivery figures of the restock mail', response: { 200: MailStats } } }),
    async (request) => mailbox.stats(websiteIdOf(request)),
  );
}
