// The form builder: SPEC 3's five settings fieldsets (build, storage, advanced, captcha,
// disclaimer). Build holds the fields, each with the editable properties of its type (SPEC 3
// "Editable properties per type"); a live preview shows the form as visitors will see it.
import { useState } from 'react';
import { Permission, type FormDefinition, type FormFieldType, type FormSettings } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { emailListProblem, lines } from '../forms-kit.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, Tabs } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { BuildSection } from './BuildSection.js';
import { FormPreview } from './FormPreview.js';
import { apiPath } from '../../api/client.js';

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
  const guard = useDraftGuard({ settings, notify });
  const notifyProblem = lines(notify).length > 0 ? emailListProblem(lines(notify)) : undefined;
  const patch = <K extends Section>(key: K, value: Partial<FormSettings[K]>) => setSettings({ ...settings, [key]: { ...settings[key], ...value } });

  const save = async () => {
    if (notifyProblem) {
      setSection('storage');
      return action.fail(notifyProblem);
    }
    const body: FormSettings = { ...settings, storage: { notifyEmails: lines(notify) } };
    const saved = await action.run(() => api<FormDefinition>('PUT', apiPath('/rest/forms/definitions/{formId}', { formId: form.id }), body), 'Form saved');
    if (!saved) return;
    guard.saved();
    onSaved(saved);
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
          {section === 'build' ? <BuildSection settings={settings} editable={editable} onChange={setSettings} newType={newType} onNewType={setNewType} /> : null}
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
