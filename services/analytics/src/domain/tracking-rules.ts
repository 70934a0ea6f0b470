// SPEC 5, 6 and 9 tracking rules, enforced by the server whatever the page decided:
// - the website opted out: nothing is recorded;
// - crawlers and headless browsers are not visitors;
// - anonymous visitors, site users and owners holding only the viewer role are tracked; other
//   signed-in owners (admins, editors, ...) are not, and the admin app (/config) never is;
// - not-found, lock-screen and member-area-access-denied pages are skipped, and the search page
//   (detected by path) sends no page view;
// - visitor tracking events (the census calls) count only with the census cookie, which a
//   restrictive cookie policy clears (so under that policy only cookie-less page views count).
import { PageViewEventType, Role, UNTRACKED_PAGE_TYPES, type IdentityKind, type SkipReason } from '@sc/contracts';
import { isAutomated } from './device.js';

export interface Requester {
  kind: IdentityKind;
  roles: readonly number[];
  userAgent: string | undefined;
}

export interface SiteTracking {
  trackingEnabled: boolean;
  restrictiveCookiePolicy: boolean;
}

/** Why a requester's calls are not recorded on this website at all, or undefined. */
export function requesterSkip(requester: Requester, site: SiteTracking): SkipReason | undefined {
  if (!site.trackingEnabled) return 'opted-out';
  if (isAutomated(requester.userAgent)) return 'automated-client';
  if (requester.kind === 'api-key') return 'not-tracked-role';
  if (requester.kind === 'owner') {
    const viewerOnly = requester.roles.length > 0 && requester.roles.every((role) => role === Role.VIEWER);
    if (!viewerOnly) return 'not-tracked-role';
  }
  return undefined;
}

/** Why a page's hit is not recorded, or undefined. */
export function pageSkip(page: { path: string; pageType?: number | undefined; eventType?: number | undefined }): SkipReason | undefined {
  if (page.path === '/config' || page.path.startsWith('/config/')) return 'config-page';
  if (page.pageType !== undefined && UNTRACKED_PAGE_TYPES.includes(page.pageType)) return 'untracked-page';
  if (page.eventType === PageViewEventType.PAGE_VIEW && (page.path === '/search' || page.path.startsWith('/search/')))
    return 'untracked-page';
  return undefined;
}

/** Whether census cookies may be read (and left in place) on this website. */
export const cookiesAllowed = (site: SiteTracking): boolean => !site.restrictiveCookiePolicy;

/** The census cookie rule: visitor tracking events need the cookie, and cookies must be allowed. */
export function censusSkip(site: SiteTracking, censusCookie: string | undefined): SkipReason | undefined {
  return cookiesAllowed(site) && censusCookie ? undefined : 'no-census-cookie';
}
