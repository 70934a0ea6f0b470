// The content service: websites and site settings, collections, items, categories, navigation, header and footer.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { migrations } from './migrations/index.js';

export const contentService: ServiceDefinition<unknown> = {
  name: 'content',
  migrations,
  routes: () => undefined,
};

/** Builds the content app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(contentService, options);
