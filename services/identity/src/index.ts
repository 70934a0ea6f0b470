export { identityService, buildApp } from './app.js';
