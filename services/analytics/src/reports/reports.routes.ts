// Owner reports (role 'reporting' or admin: the analytics:read permission), one route per
// report, each over a date range of UTC days; the admin app's charts read these.
import {
  ANALYTICS_REPORTS_PATH,
  AnalyticsReportSchemas,
  ErrorBody,
  Permission,
  ReportQuery,
  type AnalyticsReportName,
} from '@sc/contracts';
import type { z } from 'zod';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import type { ReportsService } from './reports.service.js';

const options = <S extends z.ZodType>(name: AnalyticsReportName, schema: S) =>
  ownerRoute(Permission.ANALYTICS_READ, {
    schema: {
      summary: `The ${name} report over a range of UTC days`,
      querystring: ReportQuery,
      response: { 200: schema, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  });

export function reportsRoutes(app: ZodApp, reports: ReportsService): void {
  const S = AnalyticsReportSchemas;
  const path = (name: AnalyticsReportName) => `${ANALYTICS_REPORTS_PATH}/${name}`;
  app.get(path('traffic'), options('traffic', S.traffic), async (request) =>
    reports.report('traffic', websiteIdOf(request), request.query),
  );
  app.get(path('pages'), options('pages', S.pages), async (request) => reports.report('pages', websiteIdOf(request), request.query));
  app.get(path('referrers'), options('referrers', S.referrers), async (request) =>
    reports.report('referrers', websiteIdOf(request), request.query),
  );
  app.get(path('devices'), options('devices', S.devices), async (request) =>
    reports.report('devices', websiteIdOf(request), request.query),
  );
  app.get(path('funnel'), options('funnel', S.funnel), async (request) => reports.report('funnel', websiteIdOf(request), request.query));
  app.get(path('sales'), options('sales', S.sales), async (request) => reports.report('sales', websiteIdOf(request), request.query));
  app.get(path('forms'), options('forms', S.forms), async (request) => reports.report('forms', websiteIdOf(request), request.query));
  app.get(path('errors'), options('errors', S.errors), async (request) => reports.report('errors', websiteIdOf(request), request.query));
  app.get(path('vitals'), options('vitals', S.vitals), async (request) => reports.report('vitals', websiteIdOf(request), request.query));
  app.get(path('events'), options('events', S.events), async (request) => reports.report('events', websiteIdOf(request), request.query));
}
