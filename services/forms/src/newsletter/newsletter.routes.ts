// The newsletter block: signup (double opt-in by email), and the confirm and unsubscribe links
// the mails carry (opened in a browser, so they answer a small HTML page); and, for owners, a
// newsletter form's subscribers.
import {
  FormParams,
  NewsletterSubscribeBody,
  NewsletterSubscribeResponse,
  NewsletterSubscriber,
  NewsletterTokenQuery,
  Permission,
} from '@sc/contracts';
import { ownerRoute, PageQuery, pageSchema, websiteIdOf, type ZodApp, clientAddressOf, publicOriginOf } from '@sc/platform';
import { OWNER_BASE } from '../forms/forms.routes.js';
import type { NewsletterService } from './newsletter.service.js';

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

export function newsletterRoutes(app: ZodApp, newsletter: NewsletterService): void {
  app.post(
    '/api/form/newsletter/:formId/subscribe',
    {
      schema: {
        summary: 'Subscribe to a newsletter form (a confirmation mail follows)',
        params: FormParams,
        body: NewsletterSubscribeBody,
        response: { 200: NewsletterSubscribeResponse },
      },
    },
    async (request) => ({
      status: await newsletter.subscribe(
        { websiteId: websiteIdOf(request), ip: clientAddressOf(request) },
        request.params.formId,
        request.body,
        publicOriginOf(request),
      ),
    }),
  );

  app.get(
    '/api/form/newsletter/confirm',
    { schema: { summary: "Confirm a newsletter subscription from the mail's link", querystring: NewsletterTokenQuery } },
    async (request, reply) => {
      const done = await newsletter.confirm(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? page('Subscription confirmed', 'Thank you: your subscription is confirmed.')
            : page('Link not valid', 'This confirmation link is not valid or was already used.'),
        );
    },
  );

  app.get(
    '/api/form/newsletter/unsubscribe',
    { schema: { summary: "Unsubscribe from a newsletter from a mail's link", querystring: NewsletterTokenQuery } },
    async (request, reply) => {
      const done = await newsletter.unsubscribe(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? page('Unsubscribed', 'You will not receive this newsletter any more.')
            : page('Link not valid', 'This unsubscribe link is not valid.'),
        );
    },
  );

  app.get(
    `${OWNER_BASE}/:formId/subscribers`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, {
      schema: {
        summary: "A newsletter form's subscribers, paged",
        params: FormParams,
        querystring: PageQuery.strict(),
        response: { 200: pageSchema(NewsletterSubscriber) },
      },
    }),
    async (request) => newsletter.subscribersOf(websiteIdOf(request), request.params.formId, request.query),
  );
}
