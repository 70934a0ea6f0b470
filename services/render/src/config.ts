// The render service's own settings, read from the environment once when the app is built (like
// every configuration): where the content service answers, where the web app's build is, and how
// long a rendered page may live in the cache without an event telling us it changed.
import { httpUrl, loadConfig } from '@sc/platform';
import { z } from 'zod';

export const RenderEnv = z.object({
  /** Base URL of the content service (its public storefront routes); a comma list for its replicas. */
  CONTENT_URL: z
    .string()
    .refine((v) => v.split(',').every((url) => httpUrl.safeParse(url.trim()).success), 'must be an http(s):// URL, or a comma list of them')
    .default('http://127.0.0.1:4106'),
  /** The built web app; its Vite manifest names the island scripts (web/dist/.vite/manifest.json). */
  WEB_DIST: z.string().min(1).default('web/dist'),
  /**
   * Longest life of a cached page. Content events drop pages at once; this bound covers what no
   * event announces (a scheduled item going live) and content's own 60 s answer cache.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().positive().default(60_000),
  /** How long a call to the content service may take before the page answers 503. */
  CONTENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * Shared caches in front of the gateway (a CDN's purge API, Varnish): a comma list of URLs, each
   * sent `PURGE` with the changed website's Surrogate-Key (deploy/varnish/default.vcl honours it).
   */
  PURGE_URLS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .pipe(z.array(httpUrl)),
});
export type RenderEnv = z.infer<typeof RenderEnv>;

export interface RenderSettings {
  contentUrl: string;
  webDist: string;
  pageCacheTtlMs: number;
  contentTimeoutMs: number;
  /** Where a website's change is purged (PURGE_URLS). */
  purgeUrls: readonly string[];
}

/** The settings from the environment, with `overrides` (tests, the embedded launcher) on top. */
export function renderSettings(overrides: Partial<RenderSettings> = {}, env: NodeJS.ProcessEnv = process.env): RenderSettings {
  const parsed = loadConfig(RenderEnv, env);
  return {
    contentUrl: parsed.CONTENT_URL,
    webDist: parsed.WEB_DIST,
    pageCacheTtlMs: parsed.PAGE_CACHE_TTL_MS,
    contentTimeoutMs: parsed.CONTENT_TIMEOUT_MS,
    purgeUrls: parsed.PURGE_URLS,
    ...overrides,
  };
}
