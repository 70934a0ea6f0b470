// SPEC 6 visitor tracking on a storefront page, with the SPEC 9 cookies and storage keys: the
// census cookies (visitor record ss_cvr 2 years, visit 30 minutes), cleared and never set under a
// restrictive cookie policy; the page view (RecordHit, 2500 ms time-out) unless the page type is
// one SPEC 6 skips or the page is /search; visitor events (RecordEvent) only when the census
// cookie exists, with the analytics and session ids of SPEC 9's storage keys. Failures are warnings.
import {
  AnalyticsStorageKeys,
  CENSUS_COOKIE,
  CensusCookie,
  CookieLifetimeSeconds,
  InfrastructureMessages,
  MARKETING_ID_COOKIE,
  PageType,
  RESTRICTIVE_POLICY_CLEARED_COOKIES,
  TRACKING_SUCCESS_STATUSES,
  TrackingTimings,
  UNTRACKED_PAGE_TYPES,
  formatMessage,
  type SiteContextData,
} from '@sc/contracts';
import { readCookie, writeCookie } from '../lib/dom.js';
import { call, RequestFailed } from '../lib/http.js';
import { apiPath } from '../../api/client.js';

/** SPEC 3 page-view event types: a page view, and a view of the site search. */
export const PAGE_VIEW = 1;
export const SITE_SEARCH = 2;

const randomId = (): string =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The hit a page sends: a page view; on the search page (SPEC 2: no page-view record) a site-search
 * record instead, so that its views are counted; none on the pages SPEC 6 skips.
 */
export function hitEventOf(context: Pick<SiteContextData, 'pageType' | 'path' | 'betaFlags'>): number | undefined {
  if (UNTRACKED_PAGE_TYPES.includes(context.pageType)) return undefined;
  return tracksPageView(context) ? PAGE_VIEW : SITE_SEARCH;
}

/** SPEC 6: whether a page gets a page-view record. */
export function tracksPageView(context: Pick<SiteContextData, 'pageType' | 'path' | 'betaFlags'>): boolean {
  if (UNTRACKED_PAGE_TYPES.includes(context.pageType)) return false;
  // SPEC 2: the search page is detected by its path and sends no page-view record.
  if (context.path === '/search' || context.pageType === PageType.SEARCH) return false;
  return true;
}

/** SPEC 9: under a restrictive policy the census cookies are removed and never written. */
export function applyCookiePolicy(restrictive: boolean): void {
  if (!restrictive) return;
  for (const name of RESTRICTIVE_POLICY_CLEARED_COOKIES) writeCookie(name, '', 0);
}

/**
 * The visitor record (ss_cvr: id|first visit|previous visit|this visit|visits), renewed on each
 * page; a new visit starts after 30 minutes without one (the visit cookie ss_cvt).
 */
export function touchCensusCookies(now: number = Date.now()): string {
  const stored = readCookie(CENSUS_COOKIE)?.split('|') ?? [];
  const id = stored[0] || randomId();
  const first = stored[1] || String(now);
  const current = stored[3] || String(now);
  const count = stored[4] || '0';
  const inVisit = readCookie(CensusCookie.VISIT) !== undefined;
  const visits = inVisit ? Number(count) || 1 : (Number(count) || 0) + 1;
  const previous = inVisit ? (readCookie(CensusCookie.PREVIOUS_VISIT) ?? current) : current;
  const record = [id, first, previous, inVisit ? current : String(now), String(visits)].join('|');
  writeCookie(CENSUS_COOKIE, record, CookieLifetimeSeconds.visitor);
  writeCookie(CensusCookie.ID, id, CookieLifetimeSeconds.visitor);
  writeCookie(CensusCookie.VISIT, String(now), CookieLifetimeSeconds.visit);
  writeCookie(
    CensusCookie.VISIT_MARKER,
    inVisit ? (readCookie(CensusCookie.VISIT_MARKER) ?? String(now)) : String(now),
    CookieLifetimeSeconds.visit,
  );
  writeCookie(CensusCookie.PREVIOUS_VISIT, previous, CookieLifetimeSeconds.visit);
  return record;
}

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    console.warn(InfrastructureMessages.storageUnavailable);
    return undefined;
  }
}

/** SPEC 9: SS_ANALYTICS_ID (with SS_ANALYTICS_EXPIRATION, 390 days). */
export function analyticsId(now: number = Date.now()): string {
  const local = storage('local');
  const stored = local?.getItem(AnalyticsStorageKeys.analyticsId);
  const expires = Number(local?.getItem(AnalyticsStorageKeys.analyticsExpiration) ?? 0);
  if (stored && expires > now) return stored;
  const id = randomId();
  try {
    local?.setItem(AnalyticsStorageKeys.analyticsId, id);
    local?.setItem(AnalyticsStorageKeys.analyticsExpiration, String(now + CookieLifetimeSeconds.analytics * 1000));
  } catch {
    console.warn(InfrastructureMessages.analyticsIdNotStored);
  }
  return id;
}

/** SPEC 9 session keys: SS_SESSION_ID, SS_IS_FIRST_SESSION, SS_HAS_LANDED. */
export function sessionId(): string {
  const session = storage('session');
  let id = session?.getItem(AnalyticsStorageKeys.sessionId) ?? undefined;
  try {
    if (!id) {
      id = randomId();
      session?.setItem(AnalyticsStorageKeys.sessionId, id);
      session?.setItem(AnalyticsStorageKeys.isFirstSession, storage('local')?.getItem(AnalyticsStorageKeys.analyticsId) ? 'false' : 'true');
    }
    session?.setItem(AnalyticsStorageKeys.hasLanded, 'true');
  } catch {
    console.warn(InfrastructureMessages.storageUnavailable);
  }
  return id ?? randomId();
}

/** Sends a tracking call; resolves on 200/202, else warns 'Error tracking event: HTTP Status {code}' and rejects. */
export async function send(
  path: string,
  form: URLSearchParams | undefined,
  json?: unknown,
  timeoutMs = TrackingTimings.pageViewTimeoutMs,
): Promise<void> {
  try {
    await call('POST', path, json, { ...(form ? { form } : {}), keepalive: true, timeoutMs });
  } catch (error) {
    const status = error instanceof RequestFailed ? error.failure.status : 0;
    if (!TRACKING_SUCCESS_STATUSES.includes(status)) {
      const message = formatMessage(InfrastructureMessages.trackingFailed, { code: status });
      console.warn(message);
      throw new Error(message, { cause: error });
    }
  }
}

export interface Tracker {
  pageView(): Promise<void>;
  event(name: string, data: Record<string, unknown>): Promise<void>;
}

export function createTracker(context: SiteContextData): Tracker {
  const restrictive = context.cookieSettings.restrictivePolicy;
  applyCookiePolicy(restrictive);
  const record = restrictive ? undefined : touchCensusCookies();
  return {
    async pageView() {
      const event = hitEventOf(context);
      if (event === undefined) return;
      const data = {
        userAgent: navigator.userAgent,
        clientDate: Date.now(),
        viewportWidth: window.innerWidth,
        viewportHeight: window.innerHeight,
        screenWidth: screen.width,
        screenHeight: screen.height,
        websiteId: context.websiteId,
        templateId: context.templateId,
        locale: context.locale,
        url: location.href.slice(0, 2082),
        title: document.title.slice(0, 500),
        ...(document.referrer ? { referrer: document.referrer.slice(0, 2082) } : {}),
        itemId: context.itemId,
        collectionId: context.collectionId,
        pageType: context.pageType,
        pagePath: location.pathname,
        website_locale: context.locale,
      };
      const form = new URLSearchParams({ event: String(event), data: JSON.stringify(data) });
      if (record) form.set('ss_cvr', record);
      await send(apiPath('/census/RecordHit'), form);
    },
    async event(name, data) {
      // SPEC 5: visitor tracking events only when the census cookie exists.
      if (restrictive || !readCookie(CENSUS_COOKIE)) return;
      const ids = { analytics_id: analyticsId(), session_id: sessionId(), marketing_id: readCookie(MARKETING_ID_COOKIE) };
      // One call per event, never both (each endpoint records what it gets). Under the commerce
      // visitor-metrics beta (SPEC 6) the newer client's provider endpoint takes it, with the
      // SPEC 3 newer payload; otherwise the older RecordEvent with the SPEC 9 ids in its data.
      if (context.betaFlags.commerceVisitorMetrics) {
        await sendProviderEvent(name, providerPayload(context, data, ids));
        return;
      }
      await send(apiPath('/events/RecordEvent'), new URLSearchParams({ event: name, data: JSON.stringify({ ...data, ...ids }) }));
    },
  };
}

/** SPEC 7: the provider events endpoint of this deployment (the gateway routes it to analytics). */
export const PROVIDER_EVENTS_PATH = apiPath('/events/provider');

/** SPEC 3's newer tracking payload for one event; the event's own fields travel as custom fields of the schema. */
export function providerPayload(
  context: Pick<SiteContextData, 'websiteId' | 'locale'>,
  data: Record<string, unknown>,
  ids: { analytics_id: string; session_id: string; marketing_id: string | undefined },
  now: number = Date.now(),
): Record<string, unknown> {
  const documentLanguage = document.documentElement.lang || undefined;
  const objectId = typeof data.itemId === 'string' ? data.itemId : typeof data.productId === 'string' ? data.productId : undefined;
  return {
    analytics_id: ids.analytics_id,
    session_id: ids.session_id,
    ...(ids.marketing_id ? { marketing_id: ids.marketing_id } : {}),
    browser_language: navigator.language,
    browser_window_height: window.innerHeight,
    browser_window_width: window.innerWidth,
    client_name: 'storefront',
    page_host: location.host,
    page_path: location.pathname,
    ...(location.search ? { page_query_params: location.search.slice(1, 2083) } : {}),
    ...(document.referrer ? { page_referrer_url: document.referrer.slice(0, 2082) } : {}),
    enduser_user_agent: navigator.userAgent.slice(0, 1000),
    event_occurrence_timestamp: now,
    context_website_id: context.websiteId,
    ...(objectId ? { object_identifier: objectId } : {}),
    // SPEC 3: the resolved locale falls back to the document language, then en-US.
    resolved_locale: context.locale || documentLanguage || 'en-US',
    website_locale: context.locale,
  };
}

/**
 * SPEC 7: a provider event goes by beacon when the browser has one (it survives the page being
 * left), else by a request that counts 200 and 202 as success.
 */
export async function sendProviderEvent(schemaName: string, content: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ eventSchemaName: schemaName, eventContent: JSON.stringify(content) });
  if (
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(PROVIDER_EVENTS_PATH, new Blob([body], { type: 'application/json' }))
  )
    return;
  await send(PROVIDER_EVENTS_PATH, undefined, JSON.parse(body) as unknown);
}
