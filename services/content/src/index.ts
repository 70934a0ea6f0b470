export { contentService, buildApp } from './app.js';
export { WebsiteService, domainOfHost } from './websites.service.js';
