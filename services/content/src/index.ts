export { contentService, buildApp } from './app.js';
