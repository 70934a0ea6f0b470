// Visitor analytics: the SPEC 7 ingestion calls (/api/census/*, /api/events/*, the provider events
// endpoint, /api/1/performance/*), session replay (/api/commerce/fullstory/getId), the SPEC 3
// tracking payloads, the SPEC 9 cookies, storage keys, error-reporter limits and timings, and the
// owner reports the admin app charts. Bodies are strict: a field the SPEC does not name is refused.
import { z } from 'zod';
import { Money } from './currencies.js';
import { PageType, PageViewEventTypeSchema } from './enums.js';

// ---------------------------------------------------------------------------------------------
// SPEC 9 names and limits

/** Census cookies (SPEC 9). ss_cvr is the visitor cookie: its presence is "the census cookie" of SPEC 5. */
export const CensusCookie = {
  /** Visitor record, 2 years; RecordHit also sends its value as the ss_cvr form field. */
  VISITOR: 'ss_cvr',
  /** Visit time, 30 minutes. */
  VISIT: 'ss_cvt',
  ID: 'ss_cid',
  VISIT_MARKER: 'ss_cvisit',
  PREVIOUS_VISIT: 'ss_cpvisit',
} as const;
/** The cookie whose presence lets visitor tracking events through (SPEC 5 "Other"). */
export const CENSUS_COOKIE = CensusCookie.VISITOR;
/** SPEC 9: cleared under a restrictive cookie policy. */
export const RESTRICTIVE_POLICY_CLEARED_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;
/** SPEC 9: the marketing id cookie. */
export const MARKETING_ID_COOKIE = 'SS_MID';

/** SPEC 9 cookie lifetimes in seconds. */
export const CookieLifetimeSeconds = {
  visitor: 2 * 365 * 24 * 3600,
  visit: 30 * 60,
  analytics: 390 * 24 * 3600,
} as const;

/** SPEC 9 storage keys (local storage, then session storage). */
export const AnalyticsStorageKeys = {
  analyticsId: 'SS_ANALYTICS_ID',
  analyticsExpiration: 'SS_ANALYTICS_EXPIRATION',
  isFirstSession: 'SS_IS_FIRST_SESSION',
  hasLanded: 'SS_HAS_LANDED',
  sessionId: 'SS_SESSION_ID',
} as const;

/** SPEC 9: the statuses a tracking call counts as success. */
export const TRACKING_SUCCESS_STATUSES: readonly number[] = Object.freeze([200, 202]);

/** SPEC 9 error reporter: per page, queued, stack length, debounce. */
export const ErrorReporterLimits = {
  reportsPerPage: 20,
  queued: 10,
  stackLength: 5000,
  debounceMs: 1000,
} as const;

/** SPEC 9 client timings of tracking. */
export const TrackingTimings = {
  pageViewTimeoutMs: 2500,
  buttonCallTimeoutMs: 2500,
  performanceSettingsTimeoutMs: 30_000,
  performanceBatchFlushMs: 30_000,
  performanceReportDelayMs: 60_000,
} as const;

/** SPEC 5: the id /api/commerce/fullstory/getId answers when session replay must not run. */
export const REPLAY_SKIP_ID = 'automated-mock-id';

/** SPEC 6: page views are not recorded on these page types. */
export const UNTRACKED_PAGE_TYPES: readonly number[] = Object.freeze([
  PageType.NOT_FOUND,
  PageType.LOCK_SCREEN,
  PageType.MEMBER_AREA_ACCESS_DENIED,
]);

/** Messages of the analytics service (the SPEC has none for these; this wording is ours). */
export const AnalyticsMessages = {
  busy: 'Analytics is busy. Please try again in a few seconds.',
  otherWebsite: 'The tracking data is for another website.',
  invalidJson: 'must be a JSON text',
  rangeTooLong: 'The date range can be at most {max} days.',
  rangeReversed: 'The start date must not be after the end date.',
  hourlyRangeTooLong: 'Hourly figures are available for at most {max} days at a time.',
  tooManyRecords: 'At most {max} records per call.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks

const Text = (max: number) => z.string().max(max);
const Id = z.string().min(1).max(128);
const Url = z.string().max(2082);
const Pixels = z.number().int().min(0).max(100_000);
const Locale = z.string().max(35);
/** A string form field holding JSON that must match `schema` (SPEC 7 `data`, `eventContent`). */
const jsonText = <T extends z.ZodType>(schema: T, maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: AnalyticsMessages.invalidJson });
        return z.NEVER;
      }
    })
    .pipe(schema);
/** A form field holding a whole number. */
const IntText = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
/** Free-form event data: a flat-ish JSON object of bounded size. */
export const TrackingEventData = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => Object.keys(value).length <= 100, 'At most 100 keys.');

// ---------------------------------------------------------------------------------------------
// POST /api/census/RecordHit (form-encoded: event, data, ss_cvr)

/** The `data` of RecordHit (SPEC 7) with the older client's fields (SPEC 3 "Tracking payloads"). */
export const RecordHitData = z
  .object({
    userAgent: Text(1000).optional(),
    /** The client's clock (epoch milliseconds); the server's receipt time decides the buckets. */
    clientDate: z.number().int().nonnegative().optional(),
    viewportWidth: Pixels.optional(),
    viewportHeight: Pixels.optional(),
    screenWidth: Pixels.optional(),
    screenHeight: Pixels.optional(),
    websiteId: Id,
    templateId: Text(128).optional(),
    locale: Locale.optional(),
    url: Url,
    title: Text(500).optional(),
    referrer: Url.optional(),
    itemId: Id.nullable().optional(),
    collectionId: Id.nullable().optional(),
    pageType: z.number().int().optional(),
    /** Older client: SPEC 3. */
    memberAccountId: Text(128).optional(),
    website_locale: Locale.optional(),
    member_locale: Locale.optional(),
    variantId: Text(128).optional(),
    pageHash: Text(500).optional(),
    pagePath: Text(2082).optional(),
  })
  .strict();
export type RecordHitData = z.infer<typeof RecordHitData>;

export const RecordHitForm = z
  .object({
    event: IntText.pipe(PageViewEventTypeSchema),
    data: jsonText(RecordHitData, 16_384),
    ss_cvr: Text(512).optional(),
    crumb: Text(128).optional(),
  })
  .strict();
export type RecordHitForm = z.infer<typeof RecordHitForm>;

// ---------------------------------------------------------------------------------------------
// POST /api/census/button-click, button-render, form-render, overlay; RecordQuickView/{id}

export const CENSUS_INTERACTIONS = ['button-click', 'button-render', 'form-render', 'overlay'] as const;
export const CensusInteraction = z.enum(CENSUS_INTERACTIONS);
export type CensusInteraction = z.infer<typeof CensusInteraction>;

/** Page fields of a census call (JSON or form-encoded); the visitor cookie travels as a cookie. */
export const CensusInteractionBody = z
  .object({
    websiteId: Id.optional(),
    url: Url,
    title: Text(500).optional(),
    itemId: Id.optional(),
    collectionId: Id.optional(),
    /** The button, form or overlay block. */
    blockId: Text(128).optional(),
    /** form-render: the form shown (form conversion counts its views). */
    formId: Text(128).optional(),
    /** button-*: the button's text and where it leads. */
    label: Text(200).optional(),
    destinationUrl: Url.optional(),
    /** overlay: what happened to it. */
    action: z.enum(['shown', 'closed', 'submitted']).optional(),
    crumb: Text(128).optional(),
  })
  .strict();
export type CensusInteractionBody = z.infer<typeof CensusInteractionBody>;

export const RecordQuickViewParams = z.object({ id: Id }).strict();
/** RecordQuickView's body is not shown in the SPEC: page fields, all optional. */
export const RecordQuickViewBody = z
  .object({ websiteId: Id.optional(), url: Url.optional(), collectionId: Id.optional(), crumb: Text(128).optional() })
  .strict();

// ---------------------------------------------------------------------------------------------
// POST /api/events/RecordEvent (form-encoded: crumb, event, data) and RecordJavascriptErrors

export const EventName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/, 'Use letters, digits, _ . : - (at most 100).');

export const RecordEventForm = z
  .object({
    crumb: Text(128).optional(),
    event: EventName,
    data: jsonText(TrackingEventData, 8_192).optional(),
  })
  .strict();
export type RecordEventForm = z.infer<typeof RecordEventForm>;

/** One uncaught (or reported) client error; stacks longer than SPEC 9's 5000 characters are cut. */
export const JavascriptErrorReport = z
  .object({
    message: Text(2000),
    name: Text(100).optional(),
    stack: z.string().max(100_000).optional(),
    /** The script the error came from. */
    source: Url.optional(),
    line: z.number().int().nonnegative().optional(),
    column: z.number().int().nonnegative().optional(),
    /** The page it happened on. */
    url: Url.optional(),
    timestamp: z.number().int().nonnegative().optional(),
    /** True for errors the page caught and reported itself. */
    caught: z.boolean().optional(),
  })
  .strict();
export type JavascriptErrorReport = z.infer<typeof JavascriptErrorReport>;

export const RecordJavascriptErrorsBody = z
  .array(JavascriptErrorReport)
  .min(1)
  .max(ErrorReporterLimits.reportsPerPage, {
    error: AnalyticsMessages.tooManyRecords.replace('{max}', String(ErrorReporterLimits.reportsPerPage)),
  });

// ---------------------------------------------------------------------------------------------
// The provider events endpoint: POST /api/events/provider (and the validate mode)

/** SPEC 3 "Tracking payloads", newer client: the JSON inside eventContent. */
export const TrackingPayload = z
  .object({
    analytics_id: Text(128).optional(),
    session_id: Text(128).optional(),
    marketing_id: Text(128).optional(),
    browser_language: Locale.optional(),
    browser_locale: Locale.optional(),
    browser_window_height: Pixels.optional(),
    browser_window_width: Pixels.optional(),
    client_name: Text(100).optional(),
    client_version: Text(50).optional(),
    page_host: Text(253).optional(),
    page_path: Text(2082).optional(),
    page_query_params: Text(2082).optional(),
    page_referrer_url: Url.optional(),
    enduser_user_agent: Text(1000).optional(),
    event_occurrence_timestamp: z.number().int().nonnegative(),
    custom_schema_name: Text(100).optional(),
    source_environment: z.enum(['dev', 'qa', 'staging', 'prod']).optional(),
    context_website_id: Id.optional(),
    destination_url: Url.optional(),
    member_account_id: Text(128).optional(),
    object_identifier: Text(128).optional(),
    /** Falls back to the document language, then en-US (client side). */
    resolved_locale: Locale.optional(),
    website_locale: Locale.optional(),
    member_account_locale: Locale.optional(),
  })
  .strict();
export type TrackingPayload = z.infer<typeof TrackingPayload>;

export const ProviderEventBody = z
  .object({
    eventSchemaName: EventName,
    eventContent: jsonText(TrackingPayload, 16_384),
  })
  .strict();
export type ProviderEventBody = z.infer<typeof ProviderEventBody>;
export const ProviderValidateParams = z.object({ schemaName: EventName }).strict();
/** Validate mode: the same body; eventSchemaName may be left out (the path names the schema). */
export const ProviderValidateBody = ProviderEventBody.partial({ eventSchemaName: true });
export const ProviderValidateResponse = z.object({ valid: z.literal(true), schemaName: z.string() });

// ---------------------------------------------------------------------------------------------
// /api/1/performance

export const PerformanceSettingsResponse = z.object({
  pageLoadId: z.uuid(),
  /** False when the website turned analytics off: the page sends no records. */
  enabled: z.boolean(),
});
export type PerformanceSettingsResponse = z.infer<typeof PerformanceSettingsResponse>;

export const WEB_VITAL_METRICS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB', 'FID'] as const;
export const WebVitalMetric = z.enum(WEB_VITAL_METRICS);
export type WebVitalMetric = z.infer<typeof WebVitalMetric>;

export const PERFORMANCE_RECORDS_PER_BATCH = 100;

export const PerformanceRecord = z
  .object({
    metric: WebVitalMetric,
    /** Milliseconds; CLS is unitless. */
    value: z.number().nonnegative().max(10_000_000),
    /** When the page measured it (epoch milliseconds). */
    timestamp: z.number().int().nonnegative().optional(),
  })
  .strict();
export type PerformanceRecord = z.infer<typeof PerformanceRecord>;

export const PerformanceRecordsBody = z
  .object({
    pageLoadId: z.uuid(),
    url: Url,
    records: z
      .array(PerformanceRecord)
      .min(1)
      .max(PERFORMANCE_RECORDS_PER_BATCH, {
        error: AnalyticsMessages.tooManyRecords.replace('{max}', String(PERFORMANCE_RECORDS_PER_BATCH)),
      }),
  })
  .strict();
export type PerformanceRecordsBody = z.infer<typeof PerformanceRecordsBody>;

// ---------------------------------------------------------------------------------------------
// Answers of the ingestion calls

/** Why a call recorded nothing (tracking rules of SPEC 5, 6 and 9, or the website's opt-out). */
export const SkipReason = z.enum([
  'opted-out',
  'not-tracked-role',
  'config-page',
  'untracked-page',
  'no-census-cookie',
  'automated-client',
]);
export type SkipReason = z.infer<typeof SkipReason>;

/** 202: records taken (they reach the database within a flush interval), or why none were. */
export const IngestAccepted = z.object({ accepted: z.number().int(), skipped: SkipReason.optional() });
export type IngestAccepted = z.infer<typeof IngestAccepted>;

/** GET /api/commerce/fullstory/getId: the replay session's id, or REPLAY_SKIP_ID. */
export const ReplayIdQuery = z.object({ cores: z.coerce.number().int().min(0).max(1024).optional() }).strict();
export const ReplayIdResponse = z.object({ id: z.string() });
export type ReplayIdResponse = z.infer<typeof ReplayIdResponse>;

// ---------------------------------------------------------------------------------------------
// Per-website analytics settings (owner)

export const AnalyticsSettings = z.object({
  /** False: the website opted out; nothing its visitors send is recorded. */
  trackingEnabled: z.boolean(),
  /** SPEC 5: session replay's feature toggle and experiment flag. */
  sessionReplay: z.object({ enabled: z.boolean(), experiment: z.boolean() }),
  /** Mirrored from the site settings (content events); read only here. */
  country: z.string(),
  timeZone: z.string(),
  restrictiveCookiePolicy: z.boolean(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

export const UpdateAnalyticsSettingsBody = z
  .object({
    trackingEnabled: z.boolean().optional(),
    sessionReplay: z.object({ enabled: z.boolean().optional(), experiment: z.boolean().optional() }).strict().optional(),
  })
  .strict();
export type UpdateAnalyticsSettingsBody = z.infer<typeof UpdateAnalyticsSettingsBody>;

// ---------------------------------------------------------------------------------------------
// Owner reports: GET /api/census/reports/{name}?from&to&interval&limit. Days are UTC dates.

export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_HOURLY_DAYS = 31;
export const REPORT_DEFAULT_DAYS = 30;

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2025-01-31.')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Not a calendar date.',
  );

export const ReportQuery = z
  .object({
    /** First day (inclusive); default: 29 days before `to`. */
    from: IsoDate.optional(),
    /** Last day (inclusive); default: today. */
    to: IsoDate.optional(),
    interval: z.enum(['day', 'hour']).default('day'),
    /** Rows of a top list. */
    limit: z.coerce.number().int().min(1).max(100).default(10),
    /** Sales and funnel: count test-mode orders too ('include'); by default only real ones. */
    testOrders: z.enum(['include', 'exclude']).default('exclude'),
  })
  .strict();
export type ReportQuery = z.infer<typeof ReportQuery>;

const Range = { from: z.string(), to: z.string() };

export const TrafficPoint = z.object({ at: z.string(), pageViews: z.number().int(), visits: z.number().int(), visitors: z.number().int() });
export const TrafficReport = z.object({
  ...Range,
  interval: z.enum(['day', 'hour']),
  /** Visitors are unique per day (the daily salt rotates); a range's total is the sum of days. */
  totals: z.object({ pageViews: z.number().int(), visits: z.number().int(), visitors: z.number().int() }),
  series: z.array(TrafficPoint),
});
export type TrafficReport = z.infer<typeof TrafficReport>;

export const TopPagesReport = z.object({ ...Range, pages: z.array(z.object({ path: z.string(), views: z.number().int() })) });
export type TopPagesReport = z.infer<typeof TopPagesReport>;

export const ReferrersReport = z.object({ ...Range, referrers: z.array(z.object({ host: z.string(), views: z.number().int() })) });
export type ReferrersReport = z.infer<typeof ReferrersReport>;

export const DEVICE_TYPES = ['desktop', 'phone', 'tablet'] as const;
export const DeviceType = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof DeviceType>;

export const DevicesReport = z.object({
  ...Range,
  devices: z.array(
    z.object({ device: DeviceType, pageViews: z.number().int(), visits: z.number().int(), visitors: z.number().int(), share: z.number() }),
  ),
});
export type DevicesReport = z.infer<typeof DevicesReport>;

const FunnelCounts = { views: z.number().int(), addsToCart: z.number().int(), purchases: z.number().int() };
/**
 * The product funnel, over one population: tracked visitors (automated clients, owners and
 * opted-out sites leave no trace in any step), counted once per product and day. views: visitors
 * who viewed the product (a RecordHit page view whose itemId is a product, or a RecordQuickView);
 * addsToCart: those of them who then sent AddToCart for it; purchases: those of them whose cart
 * (the AddToCart event's cartId) became a placed order with it (test mode left out). Each step is
 * a subset of the one before, so both rates are at most 1. purchasedQuantity is the units sold in
 * all orders. Named events such as CommerceShopping_VisitPDP are counted in the events report.
 */
export const FunnelReport = z.object({
  ...Range,
  totals: z.object(FunnelCounts),
  /** addsToCart / views and purchases / addsToCart, 0 when the base is 0. */
  rates: z.object({ addToCart: z.number(), purchase: z.number() }),
  products: z.array(
    z.object({ productId: z.string(), title: z.string().nullable(), ...FunnelCounts, purchasedQuantity: z.number().int() }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

export const SalesReport = z.object({
  ...Range,
  /** Test-mode orders are left out. One entry per currency the website sold in. */
  totals: z.array(z.object({ currency: z.string(), orders: z.number().int(), revenue: Money, averageOrderValue: Money })),
  series: z.array(z.object({ day: z.string(), currency: z.string(), orders: z.number().int(), revenue: Money })),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const FormsReport = z.object({
  ...Range,
  forms: z.array(z.object({ formId: z.string(), views: z.number().int(), submissions: z.number().int(), conversionRate: z.number() })),
});
export type FormsReport = z.infer<typeof FormsReport>;

export const ErrorsReport = z.object({
  ...Range,
  errors: z.array(
    z.object({
      fingerprint: z.string(),
      name: z.string(),
      message: z.string(),
      source: z.string().nullable(),
      count: z.number().int(),
      lastDay: z.string(),
    }),
  ),
});
export type ErrorsReport = z.infer<typeof ErrorsReport>;

export const VitalRating = z.enum(['good', 'needs-improvement', 'poor']);
export const VitalsReport = z.object({
  ...Range,
  /** p75 from a log-scale histogram (about 2% resolution); null without samples. */
  metrics: z.array(
    z.object({
      metric: WebVitalMetric,
      device: z.union([DeviceType, z.literal('all')]),
      p75: z.number().nullable(),
      samples: z.number().int(),
      rating: VitalRating.nullable(),
    }),
  ),
});
export type VitalsReport = z.infer<typeof VitalsReport>;

/** web.dev thresholds: at or below `good` is good, above `poor` is poor (ms; CLS unitless). */
export const VITAL_THRESHOLDS: Readonly<Record<WebVitalMetric, { good: number; poor: number }>> = Object.freeze({
  LCP: { good: 2500, poor: 4000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
  FID: { good: 100, poor: 300 },
});

export const EventsReport = z.object({
  ...Range,
  events: z.array(z.object({ name: z.string(), count: z.number().int() })),
  interactions: z.array(z.object({ kind: CensusInteraction.or(z.literal('quick-view')), target: z.string(), count: z.number().int() })),
});
export type EventsReport = z.infer<typeof EventsReport>;

/** Report name → response schema (GET /api/census/reports/{name}). */
export const AnalyticsReportSchemas = {
  traffic: TrafficReport,
  pages: TopPagesReport,
  referrers: ReferrersReport,
  devices: DevicesReport,
  funnel: FunnelReport,
  sales: SalesReport,
  forms: FormsReport,
  errors: ErrorsReport,
  vitals: VitalsReport,
  events: EventsReport,
} as const;
export type AnalyticsReportName = keyof typeof AnalyticsReportSchemas;
export const ANALYTICS_REPORTS_PATH = '/api/census/reports';
export const ANALYTICS_SETTINGS_PATH = '/api/census/settings';
