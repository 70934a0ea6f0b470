// Owner reports (role 'reporting' or admin: the analytics:read permission), one route per
// report, each over a date range of UTC days; the admin app's charts read these.
import {
  ANALYTICS_REPORTS_PATH,
  AnalyticsMessages,
  AnalyticsReportSchemas,
  ErrorBody,
  Permission,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_MAX_HOURLY_DAYS,
  ReportQuery,
  formatMessage,
  type AnalyticsReportName,
} from '@sc/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { resolveRange } from '../domain/dates.js';
import type { ReportRange, ReportsRepository } from '../reports/reports.repository.js';

function rangeOf(query: ReportQuery, websiteId: string): ReportRange {
  const range = resolveRange(query, Date.now(), { defaultDays: REPORT_DEFAULT_DAYS, maxDays: REPORT_MAX_DAYS, maxHourlyDays: REPORT_MAX_HOURLY_DAYS });
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

const options = <S extends z.ZodType>(name: AnalyticsReportName, schema: S) =>
  ownerRoute(Permission.ANALYTICS_READ, {
    schema: {
      summary: `The ${name} report over a range of UTC days`,
      querystring: ReportQuery,
      response: { 200: schema, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  });

export function reportsRoutes(app: ZodApp, reports: ReportsRepository): void {
  const S = AnalyticsReportSchemas;
  const path = (name: AnalyticsReportName) => `${ANALYTICS_REPORTS_PATH}/${name}`;
  const range = (request: { query: ReportQuery } & FastifyRequest) => rangeOf(request.query, websiteIdOf(request));
  app.get(path('traffic'), options('traffic', S.traffic), async (request) => reports.traffic(range(request), request.query.interval));
  app.get(path('pages'), options('pages', S.pages), async (request) => reports.pages(range(request)));
  app.get(path('referrers'), options('referrers', S.referrers), async (request) => reports.referrers(range(request)));
  app.get(path('devices'), options('devices', S.devices), async (request) => reports.devices(range(request)));
  app.get(path('funnel'), options('funnel', S.funnel), async (request) => reports.funnel(range(request)));
  app.get(path('sales'), options('sales', S.sales), async (request) => reports.sales(range(request)));
  app.get(path('forms'), options('forms', S.forms), async (request) => reports.forms(range(request)));
  app.get(path('errors'), options('errors', S.errors), async (request) => reports.errors(range(request)));
  app.get(path('vitals'), options('vitals', S.vitals), async (request) => reports.vitals(range(request)));
  app.get(path('events'), options('events', S.events), async (request) => reports.events(range(request)));
}
