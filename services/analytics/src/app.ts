// The analytics service: ingestion of page views, events, errors and performance records; owner reports.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const analyticsService: ServiceDefinition<unknown> = {
  name: 'analytics',
  migrations,
  routes: () => undefined,
};

/** Builds the analytics app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(analyticsService, options);
