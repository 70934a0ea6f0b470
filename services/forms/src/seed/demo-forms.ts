// The demo website's forms: the engraving form the engraved notebook asks buyers to fill in
// (content points at DEMO_CONTENT.engravingFormId), a contact form and a newsletter block.
// Idempotent: a form that exists is left as the owner may have edited it.
import { DEMO_CONTENT, DEMO_WEBSITE_ID, FormSettings, FormType, type FormSettingsInput } from '@sc/contracts';
import type { FormsModule } from '../module.js';

export const DEMO_FORMS: Readonly<Record<string, FormSettingsInput>> = Object.freeze({
  [DEMO_CONTENT.engravingFormId]: {
    name: 'Engraving',
    formType: FormType.ADDITIONAL_FIELDS,
    build: {
      fields: [
        {
          id: 'initials',
          type: 'text',
          title: 'Initials to engrave',
          description: 'Up to three letters.',
          placeholder: 'ABC',
          required: true,
        },
        { id: 'font', type: 'select', title: 'Lettering', options: ['Serif', 'Sans serif', 'Script'], required: true },
        { id: 'note', type: 'textarea', title: 'Anything we should know?', maxLength: 200 },
      ],
      submitButtonText: 'Save',
    },
  },
  'demo-contact-form': {
    name: 'Contact us',
    build: {
      fields: [
        { id: 'name', type: 'name', title: 'Name', required: true },
        { id: 'email', type: 'email', title: 'Email', required: true },
        { id: 'topic', type: 'radio', title: 'Topic', options: ['An order', 'A workshop', 'Something else'], required: true },
        { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 2000 },
        { id: 'source', type: 'hidden', title: 'Source', key: 'ref', value: 'website' },
      ],
    },
    advanced: { submissionMessage: 'Thank you! We will write back within two days.' },
    captcha: { enabled: true },
    disclaimer: { enabled: true, message: 'We use your details only to answer you.' },
  },
  'demo-newsletter': {
    name: 'Harbour news',
    formType: FormType.NEWSLETTER_BLOCK,
    build: { fields: [{ id: 'email', type: 'email', title: 'Email Address', required: true }], submitButtonText: 'Sign Up' },
    advanced: { submissionMessage: 'Thank you! Please check your inbox to confirm.' },
  },
});

/** Writes the demo forms that are not there yet. */
export async function seedDemoForms(parts: Pick<FormsModule, 'repositories'>): Promise<void> {
  for (const [id, settings] of Object.entries(DEMO_FORMS)) {
    await parts.repositories.forms.insert(DEMO_WEBSITE_ID, id, FormSettings.parse(settings));
  }
}
