// The website and its settings (owner), the storefront's view of the site (public), and the
// Host → website lookup the gateway asks (internal: outside /api, so the gateway never proxies it).
import {
  ContentId,
  CreateWebsiteBody,
  CreatedWebsite,
  DeleteWebsiteBody,
  DeletedWebsite,
  RestorableWebsiteList,
  WebsiteUsage,
  CustomDomain,
  CustomDomainBody,
  CustomDomainList,
  DesignList,
  SwitchDesignBody,
  WebsiteMessages,
  Permission,
  PublicSite,
  SiteSettingsBody,
  UpdateSiteSettingsBody,
  UpdateWebsiteBody,
  Website,
  WebsiteByDomain,
} from '@sc/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, identityOf, ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { notFound } from '../shared/errors.js';
import type { WebsiteService } from './websites.service.js';
import type { WebsiteDesignService } from './website-designs.service.js';
import type { DomainService } from './domains.service.js';
import type { WebsiteDeletionService } from './website-deletion.service.js';
import type { WebsiteUsageService } from './website-limits.service.js';
import { websiteOf } from '../shared/access.js';
import { OWNER_BASE } from '../shared/paths.js';

const Params = z.object({ websiteId: ContentId }).strict();

/** The signed-in owner (not an API key: a key belongs to one website); 401 for anyone else. */
function signedInOwner(request: FastifyRequest): string {
  const identity = identityOf(request);
  if (identity.kind !== 'owner' || !identity.ownerId) throw new AppError('UNAUTHORIZED', WebsiteMessages.ownerRequired);
  return identity.ownerId;
}

const DomainParams = Params.extend({ domain: CustomDomainBody.shape.domain }).strict();

export function websiteRoutes(
  app: ZodApp,
  websites: WebsiteService,
  designs: WebsiteDesignService,
  domains: DomainService,
  deletion: WebsiteDeletionService,
  usage: WebsiteUsageService,
): void {
  app.delete(
    OWNER_BASE,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: {
        summary:
          'Delete the website (admins only; confirm with its title or a domain): hidden at once, purged after 30 days, restorable before',
        params: Params,
        body: DeleteWebsiteBody,
        response: { 200: DeletedWebsite },
      },
    }),
    async (request) => deletion.delete(identityOf(request), websiteOf(request, request.params.websiteId), request.body.confirm),
  );

  app.post(
    `${OWNER_BASE}/restore`,
    { schema: { summary: 'Restore a deleted website (its creator, within 30 days)', params: Params, response: { 200: Website } } },
    async (request) => deletion.restore(signedInOwner(request), request.params.websiteId),
  );

  app.get(
    '/api/content-service/1.0/deleted-websites',
    {
      schema: {
        summary: 'The websites the signed-in owner made and deleted that can still be restored, with the days left before each is purged',
        response: { 200: RestorableWebsiteList },
      },
    },
    async (request, reply) => {
      const ownerId = signedInOwner(request);
      reply.header('cache-control', 'no-store');
      return deletion.restorable(ownerId);
    },
  );

  app.get(
    `${OWNER_BASE}/usage`,
    ownerRoute(Permission.SETTINGS_READ, {
      schema: {
        summary:
          'What the website uses of its limits: pages, products, uploaded files and their bytes (PAGES_PER_WEBSITE, PRODUCTS_PER_WEBSITE, UPLOADS_PER_WEBSITE, STORAGE_BYTES_PER_WEBSITE)',
        params: Params,
        response: { 200: WebsiteUsage },
      },
    }),
    async (request) => usage.usage(websiteOf(request, request.params.websiteId)),
  );

  app.get(
    `${OWNER_BASE}/domains`,
    ownerRoute(Permission.SETTINGS_READ, {
      schema: {
        summary: "The website's address and custom domains, with what to set for each one not verified yet",
        params: Params,
        response: { 200: CustomDomainList },
      },
    }),
    async (request) => domains.list(websiteOf(request, request.params.websiteId)),
  );

  app.post(
    `${OWNER_BASE}/domains`,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: {
        summary: 'Connect a custom domain (served once verified by a DNS TXT record or an HTTP file)',
        params: Params,
        body: CustomDomainBody,
        response: { 201: CustomDomain },
      },
    }),
    async (request, reply) => reply.status(201).send(await domains.add(websiteOf(request, request.params.websiteId), request.body.domain)),
  );

  app.post(
    `${OWNER_BASE}/domains/:domain/verify`,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: {
        summary: "Check a custom domain's verification record; verified, it is served",
        params: DomainParams,
        response: { 200: CustomDomain },
      },
    }),
    async (request) => domains.verify(websiteOf(request, request.params.websiteId), request.params.domain),
  );

  app.delete(
    `${OWNER_BASE}/domains/:domain`,
    ownerRoute(Permission.SETTINGS_MANAGE, { schema: { summary: 'Disconnect a custom domain', params: DomainParams } }),
    async (request, reply) => {
      await domains.remove(websiteOf(request, request.params.websiteId), request.params.domain);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/content-service/1.0/designs',
    { schema: { summary: 'The starting designs, each with a live preview (its showcase website)', response: { 200: DesignList } } },
    async (request, reply) => {
      signedInOwner(request);
      await designs.ensureShowcases();
      reply.header('cache-control', 'no-store');
      return designs.designs();
    },
  );

  app.post(
    '/api/content-service/1.0/websites',
    {
      schema: {
        summary: 'Create a website from a starting design; the signed-in owner becomes its admin',
        description:
          'The website gets pages, navigation, header and footer, site styles and sample content of the design, and the address `<slug>.<BASE_DOMAIN>`. Each owner may create WEBSITES_PER_OWNER websites (default 10).',
        body: CreateWebsiteBody,
        response: { 201: CreatedWebsite },
      },
    },
    async (request, reply) => {
      const ownerId = signedInOwner(request);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await designs.create(ownerId, request.body));
    },
  );

  app.put(
    `${OWNER_BASE}/design`,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: {
        summary: "Switch the website's design: styles and layouts change, its content stays",
        params: Params,
        body: SwitchDesignBody,
        response: { 200: Website },
      },
    }),
    async (request) => designs.switchDesign(websiteOf(request, request.params.websiteId), request.body.design),
  );

  app.get(
    OWNER_BASE,
    ownerRoute(Permission.SETTINGS_READ, {
      schema: { summary: 'The website: title, template, domains and settings', params: Params, response: { 200: Website } },
    }),
    async (request) => websites.get(websiteOf(request, request.params.websiteId)),
  );

  app.put(
    OWNER_BASE,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: { summary: 'Change the website', params: Params, body: UpdateWebsiteBody, response: { 200: Website } },
    }),
    async (request) => websites.update(websiteOf(request, request.params.websiteId), request.body),
  );

  app.get(
    `${OWNER_BASE}/settings`,
    ownerRoute(Permission.SETTINGS_READ, {
      schema: {
        summary: "The site's settings: currency, locale, time zone, country, beta flags",
        params: Params,
        response: { 200: SiteSettingsBody },
      },
    }),
    async (request) => websites.settings(websiteOf(request, request.params.websiteId)),
  );

  app.put(
    `${OWNER_BASE}/settings`,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: { summary: "Change the site's settings", params: Params, body: UpdateSiteSettingsBody, response: { 200: SiteSettingsBody } },
    }),
    async (request) => websites.updateSettings(websiteOf(request, request.params.websiteId), request.body),
  );

  app.get(
    '/api/content-service/public/1.0/site',
    { schema: { summary: "The site as a visitor's page sees it: title, template and public settings", response: { 200: PublicSite } } },
    async (request) => websites.publicSite(websiteIdOf(request)),
  );

  app.get(
    '/internal/websites/by-domain',
    { schema: { hide: true, querystring: z.object({ host: z.string().min(1).max(260) }).strict(), response: { 200: WebsiteByDomain } } },
    async (request) => {
      const websiteId = await websites.websiteForHost(request.query.host);
      if (!websiteId) throw notFound('No website has this domain.');
      return { websiteId };
    },
  );
}
