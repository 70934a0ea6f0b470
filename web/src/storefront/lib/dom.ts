// What islands read from the server-rendered page: their JSON data tags, the site context, and
// cookies (the crumb, SiteUserInfo, and the storefront's own markers).
import type { SiteContextData } from '@sc/contracts';
import { readCookie } from '../../api/cookies.js';

/** The JSON of `<script type="application/json" id="{name}-data">`, or undefined. */
/**
 * `name` is an island (IslandName), 'site-context', or a name a theme adds. The tag's id is the
 * contracts' islandDataId(name); written out here so that the product page's scripts do not carry
 * the contracts' render module (whose other exports serve other islands).
 */
export function islandData<T>(name: string): T | undefined {
  const text = document.getElementById(`${name}-data`)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

let context: SiteContextData | undefined;
/** SPEC 3 "Website context read" as the page carries it. */
export function siteContext(): SiteContextData | undefined {
  context ??= islandData<SiteContextData>('site-context');
  return context;
}

/** A cookie's value, or undefined (one reader for the whole web app). */
export { readCookie };

/** Sets a readable cookie on the whole site; maxAgeSeconds 0 removes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${Math.max(0, Math.floor(maxAgeSeconds))}; samesite=lax${secure}`;
}

/** SPEC 3 site user cookie (SiteUserInfo: authenticated flag, siteUserId); parse failures count as signed out (SPEC 8). */
export function siteUserInfo(): { authenticated: boolean; siteUserId?: string } {
  const raw = readCookie('SiteUserInfo');
  if (!raw) return { authenticated: false };
  try {
    const parsed = JSON.parse(raw) as { authenticated?: unknown; siteUserId?: unknown };
    return {
      authenticated: parsed.authenticated === true,
      ...(typeof parsed.siteUserId === 'string' ? { siteUserId: parsed.siteUserId } : {}),
    };
  } catch (error) {
    console.warn('SiteUserInfo cookie could not be read', error);
    return { authenticated: false };
  }
}

/** The element an island mounts into, found by its data-island name. */
export const mountsOf = (name: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)];
