// SPEC 7 restock calls: the visitor's signup and the captcha challenge for the form; the owner's
// groups, signups, summary, send and send all. (The settings and the mailbox have their own routes.)
import {
  RestockSummary,
  CaptchaChallenge,
  Permission,
  RestockGroupsQuery,
  RestockGroupsResponse,
  RestockSendAllBody,
  RestockSendRequest,
  RestockSendResponse,
  RestockSignupBody,
  RestockSignupResponse,
  RestockSignupsQuery,
  RestockSignupsResponse,
} from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp, clientAddressOf, publicOriginOf } from '@sc/platform';
import type { RestockService } from './signups.service.js';

export const RESTOCK_BASE = '/api/site-users/account/notifications/restock';

export function signupsRoutes(app: ZodApp, restock: RestockService): void {
  app.post(
    RESTOCK_BASE,
    {
      schema: {
        summary: 'Ask to be told when a sold-out product variant is back in stock',
        body: RestockSignupBody,
        response: { 200: RestockSignupResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await restock.signUp(
        { websiteId: websiteIdOf(request), ip: clientAddressOf(request), origin: publicOriginOf(request) },
        request.body,
      ),
    }),
  );

  app.register(async (scope) => {
    // The challenge is asked for with an empty body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    scope.post(
      `${RESTOCK_BASE}/captcha/challenge`,
      { schema: { summary: 'A captcha challenge for the restock form (solved in the browser)', response: { 200: CaptchaChallenge } } },
      async (request) => restock.challenge(websiteIdOf(request)),
    );
  });

  app.get(
    `${RESTOCK_BASE}/groups`,
    ownerRoute(Permission.RESTOCK_READ, {
      schema: {
        summary: 'Restock signups grouped by product variant, paged',
        querystring: RestockGroupsQuery,
        response: { 200: RestockGroupsResponse },
      },
    }),
    async (request) => {
      const page = await restock.groups(websiteIdOf(request), request.query);
      return { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  app.get(
    `${RESTOCK_BASE}/summary`,
    ownerRoute(Permission.RESTOCK_READ, {
      schema: { summary: 'Signups waiting and products they wait for, for the admin Home', response: { 200: RestockSummary } },
    }),
    async (request) => restock.summary(websiteIdOf(request)),
  );

  app.get(
    RESTOCK_BASE,
    ownerRoute(Permission.RESTOCK_READ, {
      schema: {
        summary: 'The signups of one product variant, paged',
        querystring: RestockSignupsQuery,
        response: { 200: RestockSignupsResponse },
      },
    }),
    async (request) => {
      const { productId, variantId, ...paging } = request.query;
      const page = await restock.signups(websiteIdOf(request), productId, variantId, paging);
      return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  app.post(
    `${RESTOCK_BASE}/send`,
    ownerRoute(Permission.RESTOCK_MANAGE, {
      schema: {
        summary: "Send the back-in-stock mail to one variant's waiting signups",
        body: RestockSendRequest,
        response: { 200: RestockSendResponse },
      },
    }),
    async (request) => ({
      queued: await restock.send(websiteIdOf(request), [request.body], 'owner'),
    }),
  );

  app.post(
    `${RESTOCK_BASE}/send/all`,
    ownerRoute(Permission.RESTOCK_MANAGE, {
      schema: {
        summary: 'Send the back-in-stock mail for several variants at once',
        body: RestockSendAllBody,
        response: { 200: RestockSendResponse },
      },
    }),
    async (request) => ({
      queued: await restock.send(websiteIdOf(request), request.body.sendRequests, 'owner'),
    }),
  );
}
