// The forms service: form definitions, submission keys, submissions, newsletter subscribers, captcha.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const formsService: ServiceDefinition<unknown> = {
  name: 'forms',
  migrations,
  routes: () => undefined,
};

/** Builds the forms app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(formsService, options);
