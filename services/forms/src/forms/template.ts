// GET /api/template/GetTemplateSchema: what an owner can build for a kind of form — the settings
// fieldsets, the field types allowed with their editable properties, the defaults, and the JSON
// Schema of the settings body the owner routes accept.
import { z } from 'zod';
import { FIELD_PROPERTIES, FormFieldType, FormSettings, FormType, type TemplateSchema } from '@sc/contracts';

const NAMES: Record<FormType, string> = {
  [FormType.FORM_BLOCK]: 'Form block',
  [FormType.NEWSLETTER_BLOCK]: 'Newsletter block',
  [FormType.PRODUCT_WAITLIST]: 'Product waitlist',
  [FormType.PROMO_POPUP]: 'Promotional pop-up',
  [FormType.ADDITIONAL_FIELDS]: 'Product additional fields',
};

/** Newsletters and waitlists collect an address (and a name); the others take any field. */
const FIELD_TYPES: Record<FormType, readonly FormFieldType[]> = {
  [FormType.FORM_BLOCK]: FormFieldType.options,
  [FormType.NEWSLETTER_BLOCK]: ['email', 'name', 'hidden'],
  [FormType.PRODUCT_WAITLIST]: ['email'],
  [FormType.PROMO_POPUP]: ['email', 'name', 'hidden'],
  [FormType.ADDITIONAL_FIELDS]: FormFieldType.options.filter((t) => t !== 'password'),
};

let settingsSchema: Record<string, unknown> | undefined;

/** The template schema of a form type. */
export function templateSchema(type: FormType): TemplateSchema {
  settingsSchema ??= z.toJSONSchema(FormSettings, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const defaults = FormSettings.parse({ name: NAMES[type], formType: type });
  return {
    type,
    name: NAMES[type],
    fieldsets: ['build', 'storage', 'advanced', 'captcha', 'disclaimer'],
    fieldTypes: FIELD_TYPES[type].map((t) => ({ type: t, properties: [...FIELD_PROPERTIES[t]] })),
    defaults: defaults,
    settingsSchema,
  };
}

/** True when a form of `type` may hold fields of `fieldType`. */
export const allowsField = (type: FormType, fieldType: FormFieldType): boolean => FIELD_TYPES[type].includes(fieldType);
