// From a validated call to the records it adds: the tracking rules decide whether anything is
// recorded, the visitor becomes a daily-salted hash, pages become paths and referrers hosts.
// Nothing here waits on the database except the first call of a day (the salt) and a cold
// settings entry; the records go to the buffer.
import { randomUUID } from 'node:crypto';
import {
  AnalyticsMessages,
  CENSUS_COOKIE,
  RESTRICTIVE_POLICY_CLEARED_COOKIES,
  type AnalyticsSettings,
  type CensusInteraction,
  type CensusInteractionBody,
  type IdentityKind,
  type JavascriptErrorReport,
  type PerformanceRecordsBody,
  type ProviderEventBody,
  type RecordEventForm,
  type RecordHitForm,
  type SkipReason,
} from '@sc/contracts';
import { AppError } from '@sc/platform';
import { deviceOf } from '../domain/device.js';
import { errorFingerprint, errorName, trimStack } from '../domain/js-errors.js';
import { censusSkip, cookiesAllowed, pageSkip, requesterSkip } from '../domain/tracking-rules.js';
import { externalReferrer, pathOf } from '../domain/urls.js';
import type { SettingsCache } from '../settings/settings.repository.js';
import type { IngestRecord } from './records.js';
import { cookieVisitorId, visitorHash, type DailySalts } from './visitor-id.js';

/** What the routes know about a call. */
export interface CallFacts {
  websiteId: string;
  identity: { kind: IdentityKind; roles: readonly number[] };
  userAgent: string | undefined;
  /** The client's address: hashed, never kept. */
  address: string;
  host: string | undefined;
  cookies: Readonly<Record<string, string | undefined>>;
  receivedAt: number;
}

export interface Outcome {
  records: IngestRecord[];
  skipped?: SkipReason;
  /** Census cookies to clear on the answer (restrictive cookie policy). */
  clearCookies: string[];
}

export class IngestService {
  readonly #settings: SettingsCache;
  readonly #salts: DailySalts;

  constructor(settings: SettingsCache, salts: DailySalts) {
    this.#settings = settings;
    this.#salts = salts;
  }

  settingsOf(websiteId: string): AnalyticsSettings | Promise<AnalyticsSettings> {
    return this.#settings.get(websiteId);
  }

  /** GET /api/1/performance/settings: a page load id, and whether this requester's records are wanted. */
  async performanceSettings(facts: CallFacts): Promise<{ pageLoadId: string; enabled: boolean }> {
    const site = await this.settingsOf(facts.websiteId);
    return { pageLoadId: randomUUID(), enabled: requesterSkip({ ...facts.identity, userAgent: facts.userAgent }, site) === undefined };
  }

  /** POST /api/census/RecordHit. */
  async hit(facts: CallFacts, form: RecordHitForm): Promise<Outcome> {
    const data = form.data;
    if (data.websiteId !== facts.websiteId)
      throw new AppError('BAD_REQUEST', AnalyticsMessages.otherWebsite, { fields: { 'data.websiteId': AnalyticsMessages.otherWebsite } });
    const { site, skipped, clearCookies } = await this.#gate(facts);
    const path = pathOf(data.pagePath ?? data.url);
    const skip = skipped ?? pageSkip({ path, pageType: data.pageType, eventType: form.event });
    if (skip) return { records: [], skipped: skip, clearCookies };
    const userAgent = facts.userAgent ?? data.userAgent;
    const visitor = await this.#visitor(facts, site, form.ss_cvr ?? facts.cookies[CENSUS_COOKIE]);
    return {
      clearCookies,
      records: [
        {
          kind: 'hit',
          websiteId: facts.websiteId,
          receivedAt: facts.receivedAt,
          eventType: form.event,
          path,
          title: data.title ?? null,
          referrerHost: externalReferrer(data.referrer, data.url, facts.host),
          itemId: data.itemId ?? null,
          collectionId: data.collectionId ?? null,
          pageType: data.pageType ?? null,
          device: deviceOf(userAgent),
          visitorHash: visitor,
          viewportWidth: data.viewportWidth ?? null,
          viewportHeight: data.viewportHeight ?? null,
          screenWidth: data.screenWidth ?? null,
          screenHeight: data.screenHeight ?? null,
          locale: data.locale ?? data.website_locale ?? null,
          templateId: data.templateId ?? null,
          clientDate: data.clientDate ?? null,
        },
      ],
    };
  }

  /** POST /api/census/button-click, button-render, form-render, overlay: need the census cookie. */
  async interaction(facts: CallFacts, kind: CensusInteraction, body: CensusInteractionBody): Promise<Outcome> {
    if (body.websiteId !== undefined && body.websiteId !== facts.websiteId) throw otherWebsite('websiteId');
    const { site, skipped, clearCookies } = await this.#gate(facts);
    const path = pathOf(body.url);
    const census = facts.cookies[CENSUS_COOKIE];
    const skip = skipped ?? pageSkip({ path }) ?? censusSkip(site, census);
    if (skip) return { records: [], skipped: skip, clearCookies };
    const target = (kind === 'form-render' ? body.formId : undefined) ?? body.blockId ?? body.formId ?? '(unnamed)';
    const label = kind === 'overlay' ? (body.action ?? null) : (body.label ?? null);
    return {
      clearCookies,
      records: [
        {
          kind: 'interaction',
          websiteId: facts.websiteId,
          receivedAt: facts.receivedAt,
          interaction: kind,
          target,
          label,
          path,
          visitorHash: await this.#visitor(facts, site, census),
        },
      ],
    };
  }

  /** POST /api/census/RecordQuickView/{id}: a product view without its page; needs the census cookie. */
  async quickView(
    facts: CallFacts,
    productId: string,
    body: { websiteId?: string | undefined; url?: string | undefined },
  ): Promise<Outcome> {
    if (body.websiteId !== undefined && body.websiteId !== facts.websiteId) throw otherWebsite('websiteId');
    const { site, skipped, clearCookies } = await this.#gate(facts);
    const path = body.url === undefined ? null : pathOf(body.url);
    const census = facts.cookies[CENSUS_COOKIE];
    const skip = skipped ?? (path === null ? undefined : pageSkip({ path })) ?? censusSkip(site, census);
    if (skip) return { records: [], skipped: skip, clearCookies };
    return {
      clearCookies,
      records: [
        {
          kind: 'interaction',
          websiteId: facts.websiteId,
          receivedAt: facts.receivedAt,
          interaction: 'quick-view',
          target: productId,
          label: null,
          path,
          visitorHash: await this.#visitor(facts, site, census),
        },
      ],
    };
  }

  /** POST /api/events/RecordEvent. */
  async event(facts: CallFacts, form: RecordEventForm): Promise<Outcome> {
    const { site, skipped, clearCookies } = await this.#gate(facts);
    if (skipped) return { records: [], skipped, clearCookies };
    const data = form.data ?? {};
    const url = typeof data.url === 'string' ? data.url : typeof data.pagePath === 'string' ? data.pagePath : undefined;
    const path = url === undefined ? null : pathOf(url);
    const skip = path === null ? undefined : pageSkip({ path });
    if (skip) return { records: [], skipped: skip, clearCookies };
    return {
      clearCookies,
      records: [
        {
          kind: 'event',
          websiteId: facts.websiteId,
          receivedAt: facts.receivedAt,
          source: 'record-event',
          name: form.event,
          data: JSON.stringify(data),
          path,
          visitorHash: await this.#visitor(facts, site, facts.cookies[CENSUS_COOKIE]),
        },
      ],
    };
  }

  /** POST /api/events/provider: eventContent is the newer client's payload (SPEC 3). */
  async providerEvent(facts: CallFacts, body: ProviderEventBody): Promise<Outcome> {
    const content = body.eventContent;
    if (content.context_website_id !== undefined && content.context_website_id !== facts.websiteId)
      throw otherWebsite('eventContent.context_website_id');
    const { site, skipped, clearCookies } = await this.#gate(facts);
    const path = content.page_path === undefined ? null : pathOf(content.page_path);
    const skip = skipped ?? (path === null ? undefined : pageSkip({ path }));
    if (skip) return { records: [], skipped: skip, clearCookies };
    // The client's own ids (analytics, session, marketing, member) are not kept: the daily hash
    // is the only visitor identity analytics stores.
    const { analytics_id: _a, session_id: _s, marketing_id: _m, member_account_id: _u, enduser_user_agent: _ua, ...kept } = content;
    return {
      clearCookies,
      records: [
        {
          kind: 'event',
          websiteId: facts.websiteId,
          receivedAt: facts.receivedAt,
          source: 'provider',
          name: body.eventSchemaName,
          data: JSON.stringify(kept),
          path,
          visitorHash: await this.#visitor(facts, site, facts.cookies[CENSUS_COOKIE]),
        },
      ],
    };
  }

  /** POST /api/events/RecordJavascriptErrors. */
  async errors(facts: CallFacts, reports: readonly JavascriptErrorReport[]): Promise<Outcome> {
    const { skipped, clearCookies } = await this.#gate(facts);
    if (skipped) return { records: [], skipped, clearCookies };
    const device = deviceOf(facts.userAgent);
    const records: IngestRecord[] = [];
    for (const report of reports) {
      const path = report.url === undefined ? null : pathOf(report.url);
      if (path !== null && pageSkip({ path })) continue;
      const stack = trimStack(report.stack);
      const name = errorName(report.name, report.message);
      records.push({
        kind: 'error',
        websiteId: facts.websiteId,
        receivedAt: facts.receivedAt,
        fingerprint: errorFingerprint(name, report.message, stack, report.source),
        name,
        message: report.message,
        stack,
        source: report.source ?? null,
        line: report.line ?? null,
        column: report.column ?? null,
        path,
        device,
        caught: report.caught ?? false,
      });
    }
    return records.length > 0 ? { records, clearCookies } : { records, skipped: 'config-page', clearCookies };
  }

  /** POST /api/1/performance/records. */
  async performance(facts: CallFacts, body: PerformanceRecordsBody): Promise<Outcome> {
    const { skipped, clearCookies } = await this.#gate(facts);
    const path = pathOf(body.url);
    const skip = skipped ?? pageSkip({ path });
    if (skip) return { records: [], skipped: skip, clearCookies };
    const device = deviceOf(facts.userAgent);
    return {
      clearCookies,
      records: body.records.map((record) => ({
        kind: 'perf',
        websiteId: facts.websiteId,
        receivedAt: facts.receivedAt,
        pageLoadId: body.pageLoadId,
        path,
        metric: record.metric,
        value: record.value,
        device,
      })),
    };
  }

  /** The website's settings, the requester rule, and which cookies a restrictive policy clears. */
  async #gate(facts: CallFacts): Promise<{ site: AnalyticsSettings; skipped: SkipReason | undefined; clearCookies: string[] }> {
    const site = await this.#settings.get(facts.websiteId);
    const skipped = requesterSkip({ ...facts.identity, userAgent: facts.userAgent }, site);
    const clearCookies = cookiesAllowed(site) ? [] : RESTRICTIVE_POLICY_CLEARED_COOKIES.filter((name) => facts.cookies[name] !== undefined);
    return { site, skipped, clearCookies };
  }

  async #visitor(facts: CallFacts, site: AnalyticsSettings, censusCookie: string | undefined): Promise<string> {
    const salt = await this.#salts.saltFor(facts.receivedAt);
    const cookieId = cookiesAllowed(site) ? cookieVisitorId(censusCookie) : undefined;
    return visitorHash(salt, facts.websiteId, { cookieId, address: facts.address, userAgent: facts.userAgent });
  }
}

const otherWebsite = (field: string) =>
  new AppError('BAD_REQUEST', AnalyticsMessages.otherWebsite, { fields: { [field]: AnalyticsMessages.otherWebsite } });
