// The content service: websites and site settings, collections, items, categories, navigation,
// header and footer, multilingual settings and commerce preferences.
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { contentRoutes } from './content.routes.js';
import type { ContentDB } from './content.table.js';
import { migrations } from './migrations/index.js';
import { seedDemo } from './seed/demo.js';

export const contentService: ServiceDefinition<ContentDB> = {
  name: 'content',
  migrations,
  routes: contentRoutes,
  seed: seedDemo,
};

/** Builds the content app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(contentService, options);
