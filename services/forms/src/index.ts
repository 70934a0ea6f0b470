export { formsService, buildApp, createFormsService, type FormsOptions } from './app.js';
export { createFormsModule, type FormsModule } from './module.js';
export { DEMO_FORMS } from './seed/demo-forms.js';
export { DEFAULT_MAILING_LIST_ID, MAILING_LIST_CONSUMER, NewsletterService } from './newsletter/newsletter.service.js';
