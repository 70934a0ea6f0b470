// The website's analytics settings: owners with analytics:read see them; settings:manage changes
// the opt-out and the session replay toggle and experiment flag.
import { ANALYTICS_SETTINGS_PATH, AnalyticsSettings, ErrorBody, Permission, UpdateAnalyticsSettingsBody } from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(app: ZodApp, settings: SettingsService): void {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  app.get(
    ANALYTICS_SETTINGS_PATH,
    ownerRoute(Permission.ANALYTICS_READ, {
      schema: { summary: "The website's analytics settings", response: { 200: AnalyticsSettings, ...errors } },
    }),
    async (request) => settings.get(websiteIdOf(request)),
  );
  app.put(
    ANALYTICS_SETTINGS_PATH,
    ownerRoute(Permission.SETTINGS_MANAGE, {
      schema: {
        summary: 'Opt out of analytics, or turn session replay on or off',
        body: UpdateAnalyticsSettingsBody,
        response: { 200: AnalyticsSettings, ...errors },
      },
    }),
    async (request) => settings.update(websiteIdOf(request), request.body),
  );
}
