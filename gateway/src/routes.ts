// The gateway's route table (DESIGN.md "The shape"): which service answers which path prefix.
// Longest prefix wins, whatever the order here; paths matching none go to render (site pages)
// except under /api, where an unknown path is a 404 from the gateway itself.
import type { ServiceName } from '@sc/platform';

export interface Route {
  prefix: string;
  service: ServiceName;
}

export const ROUTES: readonly Route[] = [
  { prefix: '/api/commerce', service: 'cart' },
  { prefix: '/api/3/commerce', service: 'cart' },
  { prefix: '/api/commerce/fullstory', service: 'analytics' },
  // Address lookup for checkout (SPEC 7's path names the hosted service it stands in for).
  { prefix: '/api/google-maps', service: 'cart' },
  { prefix: '/api/form', service: 'forms' },
  { prefix: '/api/rest/forms', service: 'forms' },
  { prefix: '/api/template', service: 'forms' },
  { prefix: '/api/site-users/account/notifications/restock', service: 'restock' },
  { prefix: '/api/site-users/account/session', service: 'identity' },
  { prefix: '/api/site-users/account/locale', service: 'identity' },
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/census', service: 'analytics' },
  { prefix: '/api/events', service: 'analytics' },
  { prefix: '/api/1/performance', service: 'analytics' },
  { prefix: '/api/content-service', service: 'content' },
  { prefix: '/api/commondata', service: 'content' },
  { prefix: '/api/widget', service: 'content' },
  { prefix: '/api/site-header-footer', service: 'content' },
  { prefix: '/api/multilingual', service: 'content' },
  { prefix: '/api/v1/commerce-preferences', service: 'content' },
  // The page editor's live preview (a draft rendered like the public page, never stored).
  { prefix: '/api/render', service: 'render' },
];

/** Site pages: every path outside /api, /assets and /config. */
export const PAGES_SERVICE: ServiceName = 'render';

/** The service that answers `path`, or undefined for an unknown /api path. Used by tests and docs. */
export function serviceFor(path: string): ServiceName | undefined {
  let best: Route | undefined;
  for (const route of ROUTES) {
    const matches = path === route.prefix || path.startsWith(`${route.prefix}/`) || path.startsWith(`${route.prefix}?`);
    if (matches && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  if (best) return best.service;
  return path === '/api' || path.startsWith('/api/') ? undefined : PAGES_SERVICE;
}
