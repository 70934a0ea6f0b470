export { restockService, buildApp } from './app.js';
