// The restock service: back-in-stock signups, groups and notification sends.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const restockService: ServiceDefinition<unknown> = {
  name: 'restock',
  migrations,
  routes: () => undefined,
};

/** Builds the restock app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(restockService, options);
