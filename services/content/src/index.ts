export { contentService, createContentService, buildApp, type ContentOptions } from './app.js';
export { WebsiteService, domainOfHost } from './websites/websites.service.js';
export { createContentModule, type ContentModuleOptions, type ContentParts } from './module.js';
