export { formsService, buildApp, createFormsService, type FormsOptions } from './app.js';
export { DEMO_FORMS } from './seed.js';
