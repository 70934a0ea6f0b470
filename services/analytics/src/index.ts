export { analyticsService, buildApp, createAnalyticsService, type AnalyticsHandle, type AnalyticsOptions } from './app.js';
export { COMMERCE_CONSUMER, CONTENT_CONSUMER, FORMS_CONSUMER } from './consumers/analytics.consumer.js';
export { applyEvent } from './rollups/rollups.service.js';
export type { AnalyticsDB } from './tables.js';
export { createAnalyticsModule, type AnalyticsModule } from './module.js';
