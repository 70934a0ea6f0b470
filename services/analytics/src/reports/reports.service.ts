// Owner reports over a date range of UTC days: the range is resolved and checked here (a reversed
// or too long one is a 400 naming the field), then the report is read from the rollups.
import {
  AnalyticsMessages,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_MAX_HOURLY_DAYS,
  formatMessage,
  type AnalyticsReportName,
  type ReportQuery,
} from '@sc/contracts';
import { AppError } from '@sc/platform';
import { resolveRange } from '../domain/dates.js';
import type { ReportRange, ReportsRepository } from './reports.repository.js';

function rangeOf(query: ReportQuery, websiteId: string): ReportRange {
  const range = resolveRange(query, Date.now(), {
    defaultDays: REPORT_DEFAULT_DAYS,
    maxDays: REPORT_MAX_DAYS,
    maxHourlyDays: REPORT_MAX_HOURLY_DAYS,
  });
  if (!range.ok) {
    const message =
      range.reason === 'reversed'
        ? AnalyticsMessages.rangeReversed
        : range.reason === 'too-long'
          ? formatMessage(AnalyticsMessages.rangeTooLong, { max: REPORT_MAX_DAYS })
          : formatMessage(AnalyticsMessages.hourlyRangeTooLong, { max: REPORT_MAX_HOURLY_DAYS });
    throw new AppError('BAD_REQUEST', message, { fields: { [range.reason === 'hourly-too-long' ? 'interval' : 'from']: message } });
  }
  return { websiteId, from: range.from, to: range.to, limit: query.limit };
}

/** How each report is read from the rollups over a resolved range. */
const READERS = {
  traffic: (reports: ReportsRepository, range: ReportRange, query: ReportQuery) => reports.traffic(range, query.interval),
  pages: (reports: ReportsRepository, range: ReportRange) => reports.pages(range),
  referrers: (reports: ReportsRepository, range: ReportRange) => reports.referrers(range),
  devices: (reports: ReportsRepository, range: ReportRange) => reports.devices(range),
  funnel: (reports: ReportsRepository, range: ReportRange, query: ReportQuery) => reports.funnel(range, query.testOrders === 'include'),
  sales: (reports: ReportsRepository, range: ReportRange, query: ReportQuery) => reports.sales(range, query.testOrders === 'include'),
  forms: (reports: ReportsRepository, range: ReportRange) => reports.forms(range),
  errors: (reports: ReportsRepository, range: ReportRange) => reports.errors(range),
  vitals: (reports: ReportsRepository, range: ReportRange) => reports.vitals(range),
  events: (reports: ReportsRepository, range: ReportRange) => reports.events(range),
} satisfies Record<AnalyticsReportName, (reports: ReportsRepository, range: ReportRange, query: ReportQuery) => Promise<unknown>>;

type Readers = typeof READERS;

export class ReportsService {
  readonly #reports: ReportsRepository;

  constructor(reports: ReportsRepository) {
    this.#reports = reports;
  }

  /** The report `name` of the website over the query's range. */
  report<N extends AnalyticsReportName>(name: N, websiteId: string, query: ReportQuery): ReturnType<Readers[N]> {
    const read = READERS[name] as (reports: ReportsRepository, range: ReportRange, query: ReportQuery) => ReturnType<Readers[N]>;
    return read(this.#reports, rangeOf(query, websiteId), query);
  }
}
