// The form builder: SPEC 3's five settings fieldsets (build, storage, advanced, captcha,
// disclaimer). Build holds the fields, each with the editable properties of its type (SPEC 3
// "Editable properties per type"); a live preview shows the form as visitors will see it.
import { useState } from 'react';
import { FIELD_PROPERTIES, FormFieldType, Permission, type FormDefinition, type FormField, type FormSettings } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { emailListProblem, lines } from '../forms-kit.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, Tabs } from '../ui.js';
import { move } from '../store/variants.js';
import { FormPreview } from './FormPreview.js';
import { apiPath } from '../../api/client.js';

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  website: 'Website',
  currency: 'Currency',
  phone: 'Phone',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Dropdown',
  likert: 'Likert scale',
  section: 'Section',
  hidden: 'Hidden',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
};

/** A new field of a type with its defaults (ids are unique within the form). */
export function newField(type: FormFieldType, taken: readonly string[]): FormField {
  let n = taken.length + 1;
  while (taken.includes(`${type}-${n}`)) n++;
  const id = `${type}-${n}`;
  const title = FIELD_TYPE_LABELS[type];
  switch (type) {
    case 'text':
    case 'email':
    case 'number':
    case 'website':
      return { id, type, title, description: '', placeholder: '', required: false };
    case 'textarea':
      return { id, type, title, description: '', placeholder: '', required: false, maxLength: null };
    case 'currency':
      return { id, type, title, description: '', currencySymbol: '$', required: false };
    case 'phone':
      return { id, type, title, description: '', showCountryCode: false, required: false };
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'likert':
      return { id, type, title, description: '', options: ['Option 1', 'Option 2'], required: false };
    case 'section':
      return { id, type, title, description: '', underline: false };
    case 'hidden':
      return { id, type, title, key: id, value: '' };
    case 'password':
    case 'twitter':
    case 'date':
    case 'time':
    case 'name':
    case 'address':
      return { id, type, title, description: '', required: false };
  }
}

const SECTIONS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = { build: 'Build', storage: 'Storage', advanced: 'Advanced', captcha: 'Captcha', disclaimer: 'Disclaimer' };

export function FormBuilderScreen({ formId }: { formId: string }) {
  const form = useApi<FormDefinition>(apiPath('/rest/forms/definitions/{formId}', { formId }));
  return <Loaded resource={form}>{(data) => <FormBuilder form={data} onSaved={form.set} />}</Loaded>;
}

export function FormTabs({ formId }: { formId: string }) {
  const { can } = useSession();
  return <Tabs tabs={[{ to: `/forms/${formId}`, label: 'Builder' }, ...(can(Permission.FORM_SUBMISSIONS_READ) ? [{ to: `/forms/${formId}/submissions`, label: 'Submissions' }] : [])]} />;
}

function FormBuilder({ form, onSaved }: { form: FormDefinition; onSaved: (form: FormDefinition) => void }) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const [settings, setSettings] = useState<FormSettings>(form.settings);
  const [section, setSection] = useState<Section>('build');
  const [notify, setNotify] = useState(form.settings.storage.notifyEmails.join('\n'));
  const [newType, setNewType] = useState<FormFieldType>('text');
  const action = useAction();
  const notifyProblem = lines(notify).length > 0 ? emailListProblem(lines(notify)) : undefined;
  const fields = settings.build.fields;
  const setFields = (next: FormField[]) => setSettings({ ...settings, build: { ...settings.build, fields: next } });
  const patch = <K extends Section>(key: K, value: Partial<FormSettings[K]>) => setSettings({ ...settings, [key]: { ...settings[key], ...value } });

  const save = async () => {
    if (notifyProblem) {
      setSection('storage');
      return action.fail(notifyProblem);
    }
    const body: FormSettings = { ...settings, storage: { notifyEmails: lines(notify) } };
    const saved = await action.run(() => api<FormDefinition>('PUT', apiPath('/rest/forms/definitions/{formId}', { formId: form.id }), body), 'Form saved');
    if (saved) onSaved(saved);
  };

  return (
    <Page title={settings.name || 'Form'} actions={<Link to="/forms">All forms</Link>}>
      <FormTabs formId={form.id} />
      <div className="form-builder">
        <nav className="tabs" aria-label="Form settings">
          {SECTIONS.map((s) => (
            <button key={s} type="button" className={s === section ? 'primary' : undefined} aria-pressed={s === section} onClick={() => setSection(s)}>
              {SECTION_LABELS[s]}
            </button>
          ))}
        </nav>
        <fieldset disabled={!editable} aria-label={SECTION_LABELS[section]}>
          <legend>{SECTION_LABELS[section]}</legend>
          {section === 'build' ? (
            <>
              <Field label="Form name">
                <input value={settings.name} onChange={(e) => setSettings({ ...settings, name: e.target.value })} />
              </Field>
              <ol className="fields">
                {fields.map((field, index) => (
                  <li key={field.id}>
                    <FieldEditor field={field} onChange={(next) => setFields(fields.map((f, i) => (i === index ? next : f)))} />
                    {editable ? (
                      <span className="buttons">
                        <button type="button" aria-label={`Move ${field.title || field.id} up`} disabled={index === 0} onClick={() => setFields(move(fields, index, -1))}>
                          ↑
                        </button>
                        <button type="button" aria-label={`Move ${field.title || field.id} down`} disabled={index === fields.length - 1} onClick={() => setFields(move(fields, index, 1))}>
                          ↓
                        </button>
                        <button type="button" aria-label={`Remove ${field.title || field.id}`} onClick={() => setFields(fields.filter((_, i) => i !== index))}>
                          Remove
                        </button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
              <div className="row">
                <Field label="Field type">
                  <select value={newType} onChange={(e) => setNewType(e.target.value as FormFieldType)}>
                    {FormFieldType.options.map((type) => (
                      <option key={type} value={type}>
                        {FIELD_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                </Field>
                <button type="button" onClick={() => setFields([...fields, newField(newType, fields.map((f) => f.id))])}>
                  Add field
                </button>
              </div>
              <Field label="Submit button text">
                <input value={settings.build.submitButtonText} maxLength={100} onChange={(e) => patch('build', { submitButtonText: e.target.value })} />
              </Field>
            </>
          ) : null}
          {section === 'storage' ? (
            <Field label="Also email each submission to" hint="One address per line. Submissions are always kept here." error={notifyProblem}>
              <textarea rows={3} value={notify} onChange={(e) => setNotify(e.target.value)} />
            </Field>
          ) : null}
          {section === 'advanced' ? (
            <>
              <Field label="Message after submitting">
                <textarea rows={3} value={settings.advanced.submissionMessage} onChange={(e) => patch('advanced', { submissionMessage: e.target.value })} />
              </Field>
              <Field label="HTML after submitting">
                <textarea rows={3} className="code" value={settings.advanced.submissionHTML} onChange={(e) => patch('advanced', { submissionHTML: e.target.value })} />
              </Field>
              <Field label="Redirect after submitting" hint="A page path such as /thanks, or a full URL">
                <input value={settings.advanced.successRedirect ?? ''} onChange={(e) => patch('advanced', { successRedirect: e.target.value.trim() ? e.target.value.trim() : null })} />
              </Field>
            </>
          ) : null}
          {section === 'captcha' ? (
            <>
              <Check label="Ask for a captcha" checked={settings.captcha.enabled} onChange={(v) => patch('captcha', { enabled: v })} />
              <Field label="Theme">
                <select value={settings.captcha.theme} onChange={(e) => patch('captcha', { theme: e.target.value as 'light' | 'dark' })}>
                  <option value="light">Light</option>
                  <option value="dark">Dark</option>
                </select>
              </Field>
              <Field label="Alignment">
                <select value={settings.captcha.alignment} onChange={(e) => patch('captcha', { alignment: e.target.value as 'left' | 'center' | 'right' })}>
                  <option value="left">Left</option>
                  <option value="center">Center</option>
                  <option value="right">Right</option>
                </select>
              </Field>
              <Field label="Size">
                <select value={settings.captcha.size} onChange={(e) => patch('captcha', { size: e.target.value as 'normal' | 'compact' })}>
                  <option value="normal">Normal</option>
                  <option value="compact">Compact</option>
                </select>
              </Field>
            </>
          ) : null}
          {section === 'disclaimer' ? (
            <>
              <Check label="Show a disclaimer" checked={settings.disclaimer.enabled} onChange={(v) => patch('disclaimer', { enabled: v })} />
              <Field label="Disclaimer text">
                <textarea rows={3} value={settings.disclaimer.message} onChange={(e) => patch('disclaimer', { message: e.target.value })} />
              </Field>
            </>
          ) : null}
        </fieldset>
        <Outcome action={action} />
        {editable ? (
          <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
            Save form
          </button>
        ) : null}
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">Preview</h2>
          <FormPreview settings={settings} />
        </section>
      </div>
    </Page>
  );
}

/** One field's editable properties (SPEC 3), by type. */
function FieldEditor({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const properties = FIELD_PROPERTIES[field.type];
  const has = (name: string) => properties.includes(name);
  const set = (change: Record<string, unknown>) => onChange({ ...field, ...change });
  const label = field.title || field.id;
  return (
    <fieldset className="field-editor" aria-label={`Field ${label}`}>
      <legend>
        {FIELD_TYPE_LABELS[field.type]}: {label}
      </legend>
      <div className="row">
        <Field label="Label">
          <input value={field.title} onChange={(e) => set({ title: e.target.value })} />
        </Field>
        {'description' in field && has('description') ? (
          <Field label="Description">
            <input value={field.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
        ) : null}
        {'placeholder' in field && has('placeholder') ? (
          <Field label="Placeholder">
            <input value={field.placeholder} onChange={(e) => set({ placeholder: e.target.value })} />
          </Field>
        ) : null}
        {field.type === 'textarea' ? (
          <Field label="Maximum length">
            <input type="number" min={1} value={field.maxLength ?? ''} onChange={(e) => set({ maxLength: e.target.value ? Number(e.target.value) : null })} style={{ width: '6rem' }} />
          </Field>
        ) : null}
        {field.type === 'currency' ? (
          <Field label="Currency symbol">
            <input value={field.currencySymbol} maxLength={8} onChange={(e) => set({ currencySymbol: e.target.value })} size={4} />
          </Field>
        ) : null}
        {field.type === 'hidden' ? (
          <>
            <Field label="Key">
              <input value={field.key} onChange={(e) => set({ key: e.target.value })} />
            </Field>
            <Field label="Value">
              <input value={field.value} onChange={(e) => set({ value: e.target.value })} />
            </Field>
          </>
        ) : null}
      </div>
      {'options' in field ? (
        <Field label={field.type === 'likert' ? 'Statements' : 'Options'} hint="One per line">
          <textarea rows={3} defaultValue={field.options.join('\n')} onBlur={(e) => set({ options: lines(e.target.value) })} />
        </Field>
      ) : null}
      {field.type === 'phone' ? <Check label="Show country code" checked={field.showCountryCode} onChange={(v) => set({ showCountryCode: v })} /> : null}
      {field.type === 'section' ? <Check label="Underline" checked={field.underline} onChange={(v) => set({ underline: v })} /> : null}
      {'required' in field ? <Check label="Required" checked={field.required} onChange={(v) => set({ required: v })} /> : null}
    </fieldset>
  );
}
