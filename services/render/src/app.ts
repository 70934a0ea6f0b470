// The render service: the template engine and the server-rendered storefront pages.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const renderService: ServiceDefinition<unknown> = {
  name: 'render',
  migrations,
  routes: () => undefined,
};

/** Builds the render app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(renderService, options);
