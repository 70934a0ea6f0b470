// SPEC 7 restock calls: the visitor's signup, the owner's groups, signups, send and send all;
// plus the owner's waitlist settings, the local mailbox, and the captcha challenge for the form.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  RestockSummary,
  CaptchaChallenge,
  MailboxMessage,
  MailboxQuery,
  MailStats,
  Permission,
  RestockGroupsQuery,
  RestockGroupsResponse,
  RestockSendAllBody,
  RestockSendRequest,
  RestockSendResponse,
  RestockSettings,
  RestockSignupBody,
  RestockSignupResponse,
  RestockSignupsQuery,
  RestockSignupsResponse,
} from '@sc/contracts';
import { type Captcha, listMailbox, mailStats, type MailTables, ownerRoute, pageSchema, type ServiceContext, websiteIdOf, type ZodApp } from '@sc/platform';
import { clientIp, publicOrigin } from '../domain/request.js';
import type { RestockService } from '../restock.service.js';
import type { RestockDB } from '../restock.table.js';
import { listGroups, listSignups } from '../store/signups.repository.js';

export const RESTOCK_BASE = '/api/site-users/account/notifications/restock';

export function restockRoutes(app: ZodApp, ctx: ServiceContext<RestockDB>, restock: RestockService, captcha: Captcha): void {
  app.post(RESTOCK_BASE, { schema: { summary: 'Ask to be told when a sold-out product variant is back in stock', body: RestockSignupBody, response: { 200: RestockSignupResponse } } }, async (request) => ({
    success: true as const,
    message: await restock.signUp({ websiteId: websiteIdOf(request), ip: clientIp(request), origin: publicOrigin(request) }, request.body),
  }));

  app.register(async (scope: FastifyInstance) => {
    // The challenge is asked for with an empty body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    (scope as unknown as ZodApp).post(`${RESTOCK_BASE}/captcha/challenge`, { schema: { summary: 'A captcha challenge for the restock form (solved in the browser)', response: { 200: CaptchaChallenge } } }, async (request) =>
      captcha.pow.issue(websiteIdOf(request)),
    );
  });

  app.get(`${RESTOCK_BASE}/groups`, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'Restock signups grouped by product variant, paged', querystring: RestockGroupsQuery, response: { 200: RestockGroupsResponse } } }), async (request) => {
    const page = await listGroups(ctx.db, websiteIdOf(request), request.query);
    return { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  app.get(`${RESTOCK_BASE}/summary`, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'Signups waiting and products they wait for, for the admin Home', response: { 200: RestockSummary } } }), async (request) => {
    const row = await ctx.db
      .selectFrom('signups')
      .select((eb) => [eb.fn.countAll<string | number>().as('waiting'), eb.fn.count<string | number>(sql`distinct product_id`).as('products')])
      .where('website_id', '=', websiteIdOf(request))
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    return { waiting: Number(row?.waiting ?? 0), products: Number(row?.products ?? 0) };
  });

  app.get(RESTOCK_BASE, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'The signups of one product variant, paged', querystring: RestockSignupsQuery, response: { 200: RestockSignupsResponse } } }), async (request) => {
    const { productId, variantId, ...paging } = request.query;
    const page = await listSignups(ctx.db, websiteIdOf(request), productId, variantId, paging);
    return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  app.post(`${RESTOCK_BASE}/send`, ownerRoute(Permission.RESTOCK_MANAGE, { schema: { summary: "Send the back-in-stock mail to one variant's waiting signups", body: RestockSendRequest, response: { 200: RestockSendResponse } } }), async (request) => ({
    queued: await restock.send(websiteIdOf(request), [request.body], 'owner'),
  }));

  app.post(`${RESTOCK_BASE}/send/all`, ownerRoute(Permission.RESTOCK_MANAGE, { schema: { summary: 'Send the back-in-stock mail for several variants at once', body: RestockSendAllBody, response: { 200: RestockSendResponse } } }), async (request) => ({
    queued: await restock.send(websiteIdOf(request), request.body.sendRequests, 'owner'),
  }));

  app.get(`${RESTOCK_BASE}/settings`, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: "The restock mail's settings", response: { 200: RestockSettings } } }), async (request) =>
    restock.settings(websiteIdOf(request)),
  );

  app.put(`${RESTOCK_BASE}/settings`, ownerRoute(Permission.RESTOCK_MANAGE, { schema: { summary: "Change the restock mail's settings", body: RestockSettings, response: { 200: RestockSettings } } }), async (request) =>
    restock.saveSettings(websiteIdOf(request), request.body),
  );

  app.get(`${RESTOCK_BASE}/mailbox`, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'The restock mail sent, paged', querystring: MailboxQuery, response: { 200: pageSchema(MailboxMessage) } } }), async (request) =>
    listMailbox(ctx.db as unknown as Kysely<MailTables>, websiteIdOf(request), request.query),
  );

  app.get(`${RESTOCK_BASE}/mailbox/stats`, ownerRoute(Permission.RESTOCK_READ, { schema: { summary: 'Delivery figures of the restock mail', response: { 200: MailStats } } }), async (request) =>
    mailStats(ctx.db as unknown as Kysely<MailTables>, websiteIdOf(request), 'restock.notification'),
  );
}
