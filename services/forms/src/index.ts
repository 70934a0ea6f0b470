export { formsService, buildApp, createFormsService, type FormsOptions } from './app.js';
export { DEMO_FORMS } from './seed.js';
export { DEFAULT_MAILING_LIST_ID, MAILING_LIST_CONSUMER, NewsletterService } from './newsletter.service.js';
