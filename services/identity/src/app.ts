// The identity service: site users, owner accounts, website roles, sessions, XSRF tokens, login throttling.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const identityService: ServiceDefinition<unknown> = {
  name: 'identity',
  migrations,
  routes: () => undefined,
};

/** Builds the identity app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(identityService, options);
