export { formsService, buildApp } from './app.js';
