// The sitemaps' data for render (open, like every storefront read): counts per type, and pages of
// public URLs by key.
import { SitemapEntries, SitemapEntriesQuery, SitemapSummary, SitemapType } from '@sc/contracts';
import { websiteIdOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { PUBLIC_BASE } from '../shared/paths.js';
import type { SitemapService } from './sitemap.service.js';

export function sitemapRoutes(app: ZodApp, sitemaps: SitemapService): void {
  app.get(
    `${PUBLIC_BASE}/sitemap`,
    { schema: { summary: "How many public URLs of each type the website's sitemaps list", response: { 200: SitemapSummary } } },
    async (request) => sitemaps.summary(websiteIdOf(request)),
  );

  app.get(
    `${PUBLIC_BASE}/sitemap/:type`,
    {
      schema: {
        summary: "A page of a sitemap's public URLs, by key",
        params: z.object({ type: SitemapType }).strict(),
        querystring: SitemapEntriesQuery,
        response: { 200: SitemapEntries },
      },
    },
    async (request) => sitemaps.entries(websiteIdOf(request), request.params.type, request.query),
  );
}
