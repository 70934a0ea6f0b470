export { renderService, buildApp } from './app.js';
