export { analyticsService, buildApp } from './app.js';
