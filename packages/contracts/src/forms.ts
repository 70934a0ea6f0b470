// Forms (SPEC 3 "Form", "Form submission payload"; SPEC 4 "Form submission"; SPEC 5 "Forms";
// SPEC 7 /api/template, /api/rest/forms and /api/form calls). Owners edit a form definition in the
// five settings fieldsets (build, storage, advanced, captcha, disclaimer); visitors see the SPEC 3
// Form view of it. The sanitizing and validation rules live here, pure, so the server and the web
// island apply the same ones.
import { z } from 'zod';
import { FormMessages } from './form-messages.js';
import { LIKERT_DEFAULT_LABELS, formatMessage } from './messages.js';
import { EmailPatterns } from './rules.js';

// ---------------------------------------------------------------------------------------------
// Names and limits

/** The example address the SPEC's '{email}' placeholder is filled with. */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

export const FORM_LIMITS = Object.freeze({
  fields: 100,
  options: 100,
  /** Any single text value, whatever the field's own limit (keeps stored rows bounded). */
  valueLength: 10_000,
  /** A submission key is valid once, for this long. */
  submissionKeyTtlMs: 30 * 60_000,
  notifyEmails: 10,
});

export const FormId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const FieldId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The kinds of form a template schema is asked for (SPEC 7 GetTemplateSchema `type`); SPEC 7's captcha action types plus additional fields. */
export const FormType = {
  FORM_BLOCK: 1,
  NEWSLETTER_BLOCK: 2,
  PRODUCT_WAITLIST: 3,
  PROMO_POPUP: 4,
  ADDITIONAL_FIELDS: 5,
} as const;
export type FormType = (typeof FormType)[keyof typeof FormType];
export const FormTypeSchema = z.enum(FormType);

// ---------------------------------------------------------------------------------------------
// Fields (SPEC 3: the editable properties per type, owner side)

export const FormFieldType = z.enum([
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'currency',
  'phone',
  'radio',
  'checkbox',
  'select',
  'likert',
  'section',
  'hidden',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
]);
export type FormFieldType = z.infer<typeof FormFieldType>;

const title = z.string().max(200).default('');
const description = z.string().max(2000).default('');
const placeholder = z.string().max(200).default('');
const required = z.boolean().default(false);
const options = z.array(z.string().min(1).max(200)).min(1).max(FORM_LIMITS.options);
const base = { id: FieldId, title };

const TextLike = (type: 'text' | 'email' | 'number' | 'website') =>
  z.object({ ...base, type: z.literal(type), description, placeholder, required }).strict();

export const FormField = z.discriminatedUnion('type', [
  TextLike('text'),
  TextLike('email'),
  TextLike('number'),
  TextLike('website'),
  z
    .object({
      ...base,
      type: z.literal('textarea'),
      description,
      placeholder,
      required,
      /** Shown with the 'count / max' counter; over it: 'You have exceeded the character limit.' */
      maxLength: z.number().int().min(1).max(FORM_LIMITS.valueLength).nullable().default(null),
    })
    .strict(),
  z.object({ ...base, type: z.literal('currency'), description, currencySymbol: z.string().min(1).max(8).default('$'), required }).strict(),
  z.object({ ...base, type: z.literal('phone'), description, showCountryCode: z.boolean().default(false), required }).strict(),
  z.object({ ...base, type: z.literal('radio'), description, options, required }).strict(),
  z.object({ ...base, type: z.literal('checkbox'), description, options, required }).strict(),
  z.object({ ...base, type: z.literal('select'), description, options, required }).strict(),
  /** `options` are the statements; each is answered on the five-point scale (-2 to 2). */
  z.object({ ...base, type: z.literal('likert'), description, options, required }).strict(),
  z.object({ ...base, type: z.literal('section'), description, underline: z.boolean().default(false) }).strict(),
  z.object({ ...base, type: z.literal('hidden'), key: z.string().min(1).max(100), value: z.string().max(2000).default('') }).strict(),
  z.object({ ...base, type: z.literal('password'), description, required }).strict(),
  z.object({ ...base, type: z.literal('twitter'), description, required }).strict(),
  z.object({ ...base, type: z.literal('date'), description, required }).strict(),
  z.object({ ...base, type: z.literal('time'), description, required }).strict(),
  z.object({ ...base, type: z.literal('name'), description, required }).strict(),
  z.object({ ...base, type: z.literal('address'), description, required }).strict(),
]);
export type FormField = z.infer<typeof FormField>;

/** The owner-editable properties of each field type (besides id, type and title), in SPEC 3's words. */
export const FIELD_PROPERTIES: Readonly<Record<FormFieldType, readonly string[]>> = Object.freeze({
  text: ['description', 'placeholder', 'required'],
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  website: ['description', 'placeholder', 'required'],
  currency: ['description', 'currencySymbol', 'required'],
  phone: ['description', 'showCountryCode', 'required'],
  radio: ['description', 'options', 'required'],
  checkbox: ['description', 'options', 'required'],
  select: ['description', 'options', 'required'],
  likert: ['description', 'options', 'required'],
  section: ['description', 'underline'],
  hidden: ['key', 'value'],
  password: ['description', 'required'],
  twitter: ['description', 'required'],
  date: ['description', 'required'],
  time: ['description', 'required'],
  name: ['description', 'required'],
  address: ['description', 'required'],
});

/** The parts of the multi-part fields, in the order their sanitized list has them. */
export const FIELD_PARTS = Object.freeze({
  name: ['first', 'last'],
  address: ['address1', 'address2', 'city', 'state', 'zip', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'second', 'ampm'],
  phone: ['country', 'areaCode', 'prefix', 'line'],
} as const);

/** The visitor-facing label of each part of a multi-part field (the form and the admin's preview of it). */
export const FIELD_PART_LABELS: Readonly<{ [K in keyof typeof FIELD_PARTS]: Readonly<Record<(typeof FIELD_PARTS)[K][number], string>> }> =
  Object.freeze({
    name: { first: 'First Name', last: 'Last Name' },
    address: { address1: 'Address 1', address2: 'Address 2', city: 'City', state: 'State', zip: 'ZIP Code', country: 'Country' },
    date: { month: 'Month', day: 'Day', year: 'Year' },
    time: { hour: 'Hour', minute: 'Minute', second: 'Second', ampm: 'AM/PM' },
    phone: { country: 'Country', areaCode: 'Area code', prefix: 'Prefix', line: 'Line' },
  });

/** The label of part `part` of a field of type `type` (the part's name when it has none). */
export function fieldPartLabel(type: string, part: string): string {
  const labels = (FIELD_PART_LABELS as Readonly<Record<string, Readonly<Record<string, string>> | undefined>>)[type];
  return labels?.[part] ?? part;
}

/** SPEC 3 likert answers: -2 to 2, labelled by SPEC 9's defaults. */
export const LIKERT_ANSWERS = Object.freeze([-2, -1, 0, 1, 2] as const);
export const likertLabel = (answer: number): string | undefined => LIKERT_DEFAULT_LABELS[answer + 2];

// ---------------------------------------------------------------------------------------------
// The form definition: the five settings fieldsets (SPEC 3)

export const CaptchaTheme = z.enum(['light', 'dark']);
export const CaptchaAlignment = z.enum(['left', 'center', 'right']);
export const CaptchaSize = z.enum(['normal', 'compact']);

const SuccessRedirect = z
  .string()
  .max(2048)
  .refine((v) => v.startsWith('/') || /^https?:\/\/[^\s]+$/.test(v), 'must be a path or an http(s) URL')
  .nullable();

export const FormSettings = z
  .object({
    name: z.string().trim().min(1).max(200),
    formType: FormTypeSchema.default(FormType.FORM_BLOCK),
    build: z
      .object({
        fields: z.array(FormField).max(FORM_LIMITS.fields).default([]),
        submitButtonText: z.string().min(1).max(100).default('Submit'),
      })
      .strict()
      .default({ fields: [], submitButtonText: 'Submit' }),
    storage: z
      .object({
        /** Submissions are always kept; these addresses are also told of each one. */
        notifyEmails: z.array(z.email().max(256)).max(FORM_LIMITS.notifyEmails).default([]),
      })
      .strict()
      .default({ notifyEmails: [] }),
    advanced: z
      .object({
        /** Shown after a submission (plain text; paragraphs on blank lines). */
        submissionMessage: z.string().max(5000).default(''),
        /** The post-submit HTML (owner-trusted; e.g. a conversion snippet). */
        submissionHTML: z.string().max(20_000).default(''),
        successRedirect: SuccessRedirect.default(null),
      })
      .strict()
      .default({ submissionMessage: '', submissionHTML: '', successRedirect: null }),
    captcha: z
      .object({
        enabled: z.boolean().default(false),
        theme: CaptchaTheme.default('light'),
        alignment: CaptchaAlignment.default('left'),
        size: CaptchaSize.default('normal'),
      })
      .strict()
      .default({ enabled: false, theme: 'light', alignment: 'left', size: 'normal' }),
    disclaimer: z
      .object({ enabled: z.boolean().default(false), message: z.string().max(5000).default('') })
      .strict()
      .default({ enabled: false, message: '' }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.build.fields.forEach((field, index) => {
      if (seen.has(field.id)) ctx.addIssue({ code: 'custom', path: ['build', 'fields', index, 'id'], message: 'Field ids must be unique' });
      seen.add(field.id);
    });
  });
export type FormSettings = z.infer<typeof FormSettings>;
export type FormSettingsInput = z.input<typeof FormSettings>;

/** A stored form definition (owner view). */
export const FormDefinition = z.object({
  id: FormId,
  websiteId: z.string(),
  settings: FormSettings,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormDefinition = z.infer<typeof FormDefinition>;

export const CreateFormBody = FormSettings;
export const FormParams = z.object({ formId: FormId }).strict();

/** The visitor's view of a form (SPEC 3 "Form"). */
export const PublicForm = z.object({
  id: z.string(),
  name: z.string(),
  formType: FormTypeSchema,
  fields: z.array(FormField),
  submitButtonText: z.string(),
  parsedSubmissionMessage: z.string(),
  submissionHTML: z.string(),
  successRedirect: z.string().nullable(),
  parsedDisclaimerMessage: z.string(),
  captchaEnabled: z.boolean(),
  captchaTheme: CaptchaTheme,
  captchaAlignment: CaptchaAlignment,
  captchaSize: CaptchaSize,
});
export type PublicForm = z.infer<typeof PublicForm>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Owner text as HTML: escaped, paragraphs on blank lines, line breaks kept. Empty text gives ''. */
export function parseMessage(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('');
}

/** The SPEC 3 Form view of a definition. */
export function publicFormOf(id: string, settings: FormSettings): PublicForm {
  return {
    id,
    name: settings.name,
    formType: settings.formType,
    fields: settings.build.fields,
    submitButtonText: settings.build.submitButtonText,
    parsedSubmissionMessage: parseMessage(settings.advanced.submissionMessage),
    submissionHTML: settings.advanced.submissionHTML,
    successRedirect: settings.advanced.successRedirect,
    parsedDisclaimerMessage: settings.disclaimer.enabled ? parseMessage(settings.disclaimer.message) : '',
    captchaEnabled: settings.captcha.enabled,
    captchaTheme: settings.captcha.theme,
    captchaAlignment: settings.captcha.alignment,
    captchaSize: settings.captcha.size,
  };
}

// ---------------------------------------------------------------------------------------------
// Template schema (SPEC 7 GET /api/template/GetTemplateSchema?type=)

export const TemplateSchemaQuery = z.object({ type: z.coerce.number().pipe(FormTypeSchema) }).strict();
export const TemplateSchema = z.object({
  type: FormTypeSchema,
  name: z.string(),
  fieldsets: z.array(z.enum(['build', 'storage', 'advanced', 'captcha', 'disclaimer'])),
  fieldTypes: z.array(z.object({ type: FormFieldType, properties: z.array(z.string()) })),
  defaults: z.record(z.string(), z.unknown()),
  /** JSON Schema of the settings body accepted by the owner routes. */
  settingsSchema: z.record(z.string(), z.unknown()),
});
export type TemplateSchema = z.infer<typeof TemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Values: sanitizing (SPEC 5) and validation (SPEC 5)

/** A sanitized value: text, a list (multi-part fields, checkbox) or a likert map (statement → answer). */
export type FieldValue = string | string[] | Record<string, string>;
export const FieldValueSchema: z.ZodType<FieldValue> = z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]);

/** Thrown (as a result) when a value has a shape its field cannot take. */
export interface SanitizeFailure {
  fieldId: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? String(v) : undefined;

/** `[{ value, checked }]` or a list of values → the checked values; undefined for other shapes. */
function checkedValues(input: unknown): string[] | undefined {
  if (input === undefined || input === null || input === '') return [];
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return undefined;
  const out: string[] = [];
  for (const item of input) {
    const text = scalar(item);
    if (text !== undefined) {
      out.push(text);
      continue;
    }
    if (!isRecord(item)) return undefined;
    const value = scalar(item.value);
    if (value === undefined) return undefined;
    if (item.checked === true) out.push(value);
  }
  return out;
}

function parts(input: unknown, names: readonly string[]): string[] | undefined {
  if (input === undefined || input === null) return names.map(() => '');
  if (Array.isArray(input)) {
    const list = input.map(scalar);
    return list.every((v): v is string => v !== undefined) ? list : undefined;
  }
  if (isRecord(input)) {
    const list = names.map((name) => (input[name] === undefined ? '' : scalar(input[name])));
    return list.every((v): v is string => v !== undefined) ? list : undefined;
  }
  return undefined;
}

/**
 * SPEC 5 sanitizing of one field's input: name, address, date, time give a list; phone a list
 * with a blank country part when it has 3 parts; checkbox the checked values; radio the first
 * checked value; select its value; likert a map from statement to checked answer; hidden the URL
 * query value when there is one, else its own. Accepts already-sanitized values unchanged.
 * Answers undefined when the input has a shape the field cannot take; section has no value (null).
 */
export function sanitizeValue(
  field: FormField,
  input: unknown,
  query: Readonly<Record<string, string>> = {},
): FieldValue | null | undefined {
  switch (field.type) {
    case 'section':
      return null;
    case 'hidden': {
      const fromQuery = Object.prototype.hasOwnProperty.call(query, field.key) ? query[field.key] : undefined;
      if (fromQuery !== undefined) return fromQuery;
      const sent = scalar(input);
      return sent !== undefined && sent !== '' ? sent : field.value;
    }
    case 'text':
    case 'textarea':
    case 'email':
    case 'number':
    case 'website':
    case 'currency':
    case 'password':
    case 'twitter':
    case 'select': {
      if (input === undefined || input === null) return '';
      return scalar(input);
    }
    case 'name':
    case 'address':
    case 'date':
    case 'time': {
      const names = FIELD_PARTS[field.type];
      const list = parts(input, names);
      return list && list.length === names.length ? list : undefined;
    }
    case 'phone': {
      const list = parts(input, FIELD_PARTS.phone);
      if (!list) return undefined;
      if (list.length === 3) return ['', ...list];
      return list.length === 4 ? list : undefined;
    }
    case 'checkbox':
      return checkedValues(input);
    case 'radio': {
      const checked = checkedValues(input);
      return checked === undefined ? undefined : (checked[0] ?? '');
    }
    case 'likert': {
      if (input === undefined || input === null) return {};
      if (!isRecord(input)) return undefined;
      const out: Record<string, string> = {};
      for (const statement of field.options) {
        if (!Object.prototype.hasOwnProperty.call(input, statement)) continue;
        const raw = input[statement];
        const answer = scalar(raw) ?? (Array.isArray(raw) ? checkedValues(raw)?.[0] : undefined);
        // Likert never errors (SPEC 5): an answer off the scale is simply not kept.
        if (answer !== undefined && (LIKERT_ANSWERS as readonly number[]).includes(Number(answer)) && answer.trim() !== '')
          out[statement] = String(Number(answer));
      }
      return out;
    }
  }
}

const blank = (value: FieldValue | null): boolean =>
  value === null ||
  (typeof value === 'string'
    ? value.trim() === ''
    : Array.isArray(value)
      ? value.every((v) => v.trim() === '')
      : Object.keys(value).length === 0);

/** SPEC 5 validation of one sanitized value: the message for its field, or undefined when valid. */
export function validateValue(field: FormField, value: FieldValue | null): string | undefined {
  // Section always valid; likert never errors; hidden is not the visitor's to fill.
  if (field.type === 'section' || field.type === 'hidden' || field.type === 'likert') return undefined;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join('') : '';
  if (field.required && blank(value)) return FormMessages.required;
  if (text.length > FORM_LIMITS.valueLength) return FormMessages.characterLimitExceeded;
  if (field.type === 'textarea' && field.maxLength !== null && typeof value === 'string' && value.length > field.maxLength) {
    return FormMessages.characterLimitExceeded;
  }
  if (field.type === 'email' && typeof value === 'string' && value.trim() !== '' && !EmailPatterns.simple.test(value.trim())) {
    return formatMessage(FormMessages.emailInvalid, { email: EMAIL_FORMAT_EXAMPLE });
  }
  if ((field.type === 'select' || field.type === 'radio') && typeof value === 'string' && value !== '' && !field.options.includes(value)) {
    return FormMessages.required;
  }
  if (field.type === 'checkbox' && Array.isArray(value) && value.some((v) => !field.options.includes(v))) return FormMessages.required;
  return undefined;
}

export interface CheckedForm {
  /** Sanitized values of the input fields (section fields have none). */
  values: Record<string, FieldValue>;
  /** Field id → SPEC message, for every invalid field. */
  errors: Record<string, string>;
  /** Fields whose input had a shape they cannot take. */
  unparsable: string[];
}

/** Sanitizes and validates every field of a form against `input` (field id → raw or sanitized value). */
export function checkForm(
  fields: readonly FormField[],
  input: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, string>> = {},
): CheckedForm {
  const values: Record<string, FieldValue> = {};
  const errors: Record<string, string> = {};
  const unparsable: string[] = [];
  for (const field of fields) {
    const raw = Object.prototype.hasOwnProperty.call(input, field.id) ? input[field.id] : undefined;
    const value = sanitizeValue(field, raw, query);
    if (value === undefined) {
      unparsable.push(field.id);
      continue;
    }
    const error = validateValue(field, value);
    if (error) errors[field.id] = error;
    if (value !== null) values[field.id] = value;
  }
  return { values, errors, unparsable };
}

// ---------------------------------------------------------------------------------------------
// HTTP bodies of the visitor path (SPEC 4 order: validate, captcha, key, save)

/** POST /api/rest/forms/validate/{formId}: field id → value (raw or sanitized). */
export const ValidateFormBody = z.record(z.string().max(64), z.unknown());
export const ValidateFormResponse = z.object({ errors: z.record(z.string(), z.string()) });

export const SubmissionKeyResponse = z.object({ key: z.string(), expiresAt: z.string() });

export const ContentSource = z.enum(['i', 'c']);

/** SPEC 3 "Form submission payload" (the formId names the form; the SPEC does not show where it travels). */
export const SaveSubmissionBody = z
  .object({
    formId: FormId,
    key: z.string().min(1).max(200),
    /** Field id → sanitized value; a JSON string of that map is accepted too. */
    form: z.union([z.string().max(500_000), z.record(z.string().max(64), z.unknown())]),
    captchaKey: z.string().max(4096).optional(),
    pageTitle: z.string().max(500).optional(),
    pageId: z.string().max(128).optional(),
    contentSource: ContentSource.optional(),
    pagePath: z.string().max(2048).optional(),
    pagePermissionTypeValue: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type SaveSubmissionBody = z.infer<typeof SaveSubmissionBody>;

export const SaveSubmissionResponse = z.object({
  submissionId: z.string(),
  successRedirect: z.string().nullable(),
  parsedSubmissionMessage: z.string(),
  submissionHTML: z.string(),
});

/** A stored submission (owner view). */
export const FormSubmission = z.object({
  id: z.string(),
  formId: z.string(),
  values: z.record(z.string(), FieldValueSchema),
  pageTitle: z.string().nullable(),
  pageId: z.string().nullable(),
  contentSource: ContentSource.nullable(),
  pagePath: z.string().nullable(),
  pagePermissionTypeValue: z.number().nullable(),
  createdAt: z.string(),
});
export type FormSubmission = z.infer<typeof FormSubmission>;

export const SubmissionListQuery = z
  .object({
    q: z.string().max(200).optional(),
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Captcha (built-in proof of work) and newsletter

/** A proof-of-work challenge: find a nonce so that SHA-256(`salt:nonce`) starts with `difficulty` zero bits. */
export const CaptchaChallenge = z.object({
  provider: z.literal('pow'),
  challengeId: z.string(),
  salt: z.string(),
  difficulty: z.number().int(),
  algorithm: z.literal('SHA-256'),
  expiresAt: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/** The token a solved challenge is sent as (captchaKey, captchaToken). */
export const powToken = (challengeId: string, nonce: string | number): string => `pow.${challengeId}.${nonce}`;

export const NewsletterSubscribeBody = z
  .object({
    email: z.string().max(1000),
    captchaKey: z.string().max(4096).optional(),
    language: z.string().max(35).optional(),
  })
  .strict();
export const NewsletterSubscribeResponse = z.object({ status: z.enum(['pending', 'confirmed']) });
export const NewsletterTokenQuery = z.object({ token: z.string().min(1).max(200) }).strict();

export const NewsletterSubscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  language: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Events

export const FormSubmissionSaved = z
  .object({
    submissionId: z.string(),
    formId: z.string(),
    formType: z.number().int(),
    pageId: z.string().nullable(),
    pagePath: z.string().nullable(),
    contentSource: ContentSource.nullable(),
  })
  .strict();
export const NewsletterSubscriberChanged = z
  // The subscriber's email (optional: events from before it was sent have none): cart's customers
  // read model shows newsletter consent by email.
  .object({
    subscriberId: z.string(),
    formId: z.string(),
    status: z.enum(['pending', 'confirmed', 'unsubscribed']),
    email: z.string().optional(),
  })
  .strict();

export const FormsEventSchemas = {
  'forms.submission.saved': FormSubmissionSaved,
  'forms.subscriber.confirmed': NewsletterSubscriberChanged,
  'forms.subscriber.unsubscribed': NewsletterSubscriberChanged,
} as const;

// ---------------------------------------------------------------------------------------------
// The local mailbox (what the admin app shows when no SMTP server is configured)

export const MailboxMessage = z.object({
  id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  deliveredAt: z.string(),
});
export const MailboxQuery = z
  .object({
    kind: z.string().max(64).optional(),
    to: z.string().max(256).optional(),
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const MailStats = z.object({
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
});
