// The owner's waitlist settings.
import { Permission, RestockSettings } from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { RESTOCK_BASE } from '../signups/signups.routes.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(app: ZodApp, settings: SettingsService): void {
  app.get(
    `${RESTOCK_BASE}/settings`,
    ownerRoute(Permission.RESTOCK_READ, { schema: { summary: "The restock mail's settings", response: { 200: RestockSettings } } }),
    async (request) => settings.get(websiteIdOf(request)),
  );

  app.put(
    `${RESTOCK_BASE}/settings`,
    ownerRoute(Permission.RESTOCK_MANAGE, {
      schema: { summary: "Change the restock mail's settings", body: RestockSettings, response: { 200: RestockSettings } },
    }),
    async (request) => settings.save(websiteIdOf(request), request.body),
  );
}
