// SPEC 7 site-wide calls: navigation (UpdateNavigation, GetSiteLayout), header and footer,
// multilingual settings, commerce preferences. Their website is the request's (X-Website-Id).
import {
  CommercePreferencesBody,
  CommercePreferencesNamespace,
  CommercePreferencesResponse,
  HeaderFooter,
  HeaderFooterBody,
  MultilingualLanguages,
  MultilingualSettings,
  MultilingualStatus,
  Permission,
  SiteLayout,
  UpdateLanguagesBody,
  UpdateNavigationBody,
} from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { NavigationService } from '../navigation/navigation.service.js';
import type { SiteDocumentService } from './site-documents.service.js';

const NamespaceParams = z.object({ namespace: CommercePreferencesNamespace }).strict();

export function siteRoutes(app: ZodApp, navigation: NavigationService, documents: SiteDocumentService): void {
  app.post(
    '/api/widget/UpdateNavigation',
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: "Save the site's navigation", body: UpdateNavigationBody } }),
    async (request, reply) => {
      await navigation.update(websiteIdOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/commondata/GetSiteLayout',
    { schema: { summary: "The site's navigation menus and their links, as the theme reads them", response: { 200: SiteLayout } } },
    async (request) => navigation.siteLayout(websiteIdOf(request)),
  );

  app.get(
    '/api/site-header-footer',
    { schema: { summary: "The site's header and footer", response: { 200: HeaderFooter } } },
    async (request) => documents.headerFooter(websiteIdOf(request)),
  );

  app.put(
    '/api/site-header-footer',
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: "Change the site's header and footer", body: HeaderFooterBody, response: { 200: HeaderFooter } },
    }),
    async (request) => documents.updateHeaderFooter(websiteIdOf(request), request.body),
  );

  app.get(
    '/api/multilingual/settings',
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: "The site's multilingual settings", response: { 200: MultilingualSettings } },
    }),
    async (request) => documents.multilingualSettings(websiteIdOf(request)),
  );

  app.get(
    '/api/multilingual/status',
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: 'Whether the site is multilingual, and how many languages are published', response: { 200: MultilingualStatus } },
    }),
    async (request) => documents.multilingualStatus(websiteIdOf(request)),
  );

  app.get(
    '/api/multilingual/languages',
    ownerRoute(Permission.CONTENT_READ, { schema: { summary: "The site's languages", response: { 200: MultilingualLanguages } } }),
    async (request) => documents.languages(websiteIdOf(request)),
  );

  app.put(
    '/api/multilingual/languages',
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: "Set the site's languages", body: UpdateLanguagesBody, response: { 200: MultilingualLanguages } },
    }),
    async (request) => documents.setLanguages(websiteIdOf(request), request.body),
  );

  app.delete(
    '/api/multilingual/connection',
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: "Turn the site's multilingual connection off" } }),
    async (request, reply) => {
      await documents.disconnect(websiteIdOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/commerce-preferences/:namespace',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: 'One namespace of the commerce preferences',
        params: NamespaceParams,
        response: { 200: CommercePreferencesResponse },
      },
    }),
    async (request) => documents.preferences(websiteIdOf(request), request.params.namespace),
  );

  app.put(
    '/api/v1/commerce-preferences/:namespace',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Change one namespace of the commerce preferences',
        params: NamespaceParams,
        body: CommercePreferencesBody,
        response: { 200: CommercePreferencesResponse },
      },
    }),
    async (request) => documents.savePreferences(websiteIdOf(request), request.params.namespace, request.body),
  );
}
