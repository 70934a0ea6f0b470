// The content service's own settings: where new websites get their address and how many an owner
// may make and what one website may hold (issue 34), validated once at build like every configuration.
import { DEFAULT_PUBLIC_URL, loadConfig } from '@sc/platform';
import { z } from 'zod';

const count = z.coerce.number().int().positive();
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ContentEnv = z.object({
  /**
   * Every website made by an owner is served at `<slug>.<BASE_DOMAIN>` (with PUBLIC_URL's scheme
   * and port). Default: PUBLIC_URL's host name (`localhost` in embedded mode, whose subdomains
   * browsers resolve to this machine).
   */
  BASE_DOMAIN: z.string().trim().toLowerCase().regex(HOSTNAME, 'must be a host name such as sites.example.com').optional(),
  /** How many websites one owner may make (deleted ones count until they are purged). */
  WEBSITES_PER_OWNER: count.default(10),
  /** How many pages and collections one website may have (a per-website limit). */
  PAGES_PER_WEBSITE: count.default(500),
  /** How many products one website may have, in all its stores. */
  PRODUCTS_PER_WEBSITE: count.default(5_000),
  /** How many files one website's media library may hold. */
  UPLOADS_PER_WEBSITE: count.default(10_000),
  /** How many bytes those files may take together, as uploaded (5 GB; 1,000,000 bytes to the MB). */
  STORAGE_BYTES_PER_WEBSITE: count.default(5_000_000_000),
  PUBLIC_URL: z.url().optional(),
  /** The port a custom domain's verification file is fetched from (80; another for development). */
  DOMAIN_VERIFY_HTTP_PORT: z.coerce.number().int().min(1).max(65_535).default(80),
});

export interface WebsiteSettings {
  baseDomain: string;
  publicUrl: string;
  websitesPerOwner: number;
  pagesPerWebsite: number;
  productsPerWebsite: number;
  uploadsPerWebsite: number;
  storageBytesPerWebsite: number;
  domainVerifyHttpPort: number;
}

/** The settings from the environment, with `overrides` (tests) on top. */
export function websiteSettings(overrides: Partial<WebsiteSettings> = {}, env: NodeJS.ProcessEnv = process.env): WebsiteSettings {
  const parsed = loadConfig(ContentEnv, env);
  const publicUrl = parsed.PUBLIC_URL ?? DEFAULT_PUBLIC_URL;
  return {
    baseDomain: parsed.BASE_DOMAIN ?? baseOf(new URL(publicUrl).hostname),
    publicUrl,
    websitesPerOwner: parsed.WEBSITES_PER_OWNER,
    pagesPerWebsite: parsed.PAGES_PER_WEBSITE,
    productsPerWebsite: parsed.PRODUCTS_PER_WEBSITE,
    uploadsPerWebsite: parsed.UPLOADS_PER_WEBSITE,
    storageBytesPerWebsite: parsed.STORAGE_BYTES_PER_WEBSITE,
    domainVerifyHttpPort: parsed.DOMAIN_VERIFY_HTTP_PORT,
    ...overrides,
  };
}

/** PUBLIC_URL's host as a base domain; an IP address has no subdomains, so `localhost` then. */
function baseOf(hostname: string): string {
  return /^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.includes('[') ? 'localhost' : hostname;
}
