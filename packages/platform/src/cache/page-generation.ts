// The website generation render keeps beside its page cache (services/render/src/pages/page-cache.ts):
// a counter bumped by every event that changes a website's pages. The gateway's page cache reads it
// too (gateway/src/page-cache.ts), so the key and the prefix of render's cache live here, once.

/** The cache key of a website's page generation, in render's cache. */
export const pageGenerationKey = (websiteId: string): string => `render:gen:${websiteId}`;

/** The Redis key prefix of a service's own cache (infra.ts). */
export const serviceCachePrefix = (service: string): string => `sc:${service}:`;

/**
 * How often the gateway's page cache reads a website's generation again while it serves that
 * website's pages (gateway/src/page-cache.ts). A shared cache is purged only after this has passed
 * (render's shared-cache.ts), or it would fetch the old page from the gateway once more.
 */
export const PAGE_GENERATION_RECHECK_MS = 500;
