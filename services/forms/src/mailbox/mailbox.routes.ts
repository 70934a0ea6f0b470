// GET /api/form/mailbox: the mail the forms sent, for owners who may read submissions.
import { MailboxMessage, MailboxQuery, Permission } from '@sc/contracts';
import { ownerRoute, pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import type { MailboxService } from './mailbox.service.js';

export function mailboxRoutes(app: ZodApp, mailbox: MailboxService): void {
  app.get(
    '/api/form/mailbox',
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, {
      schema: {
        summary: 'The mail the forms sent (notifications, confirmations), paged',
        querystring: MailboxQuery,
        response: { 200: pageSchema(MailboxMessage) },
      },
    }),
    async (request) => mailbox.list(websiteIdOf(request), request.query),
  );
}
