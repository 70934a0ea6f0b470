// The form builder: SPEC 3's five settings fieldsets (build, storage, advanced, captcha,
// disclaimer). Build holds the fields, each with the editable properties of its type (SPEC 3
// "Editable properties per type"); a live preview shows the form as visitors will see it.
// The settings are react-hook-form's, checked with the contracts' FormBuilderForm (the server's
// FormSettings inside); unsaved values are kept in this browser and offered back on return.
import { useMemo, useState } from 'react';
import { AdminFormMessages, FormSettings, Permission, type FormDefinition, type FormFieldType } from '@sc/contracts';
import { FormBuilderForm } from '@sc/contracts/admin-forms';
import { api, useApi } from '../data.js';
import { lines } from '../forms-kit.js';
import { DraftOffer, useLocalDraft } from '../local-draft.js';
import { Link } from '../router.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Page, Problem, Tabs } from '../ui.js';
import { BuildSection } from './BuildSection.js';
import { FormPreview } from './FormPreview.js';
import { apiPath } from '../../api/client.js';

const SECTIONS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = {
  build: 'Build',
  storage: 'Storage',
  advanced: 'Advanced',
  captcha: 'Captcha',
  disclaimer: 'Disclaimer',
};

export function FormBuilderScreen({ formId }: { formId: string }) {
  const form = useApi<FormDefinition>(apiPath('/rest/forms/definitions/{formId}', { formId }));
  return <Loaded resource={form}>{(data) => <FormBuilder form={data} onSaved={form.set} />}</Loaded>;
}

export function FormTabs({ formId }: { formId: string }) {
  const { can } = useSession();
  return (
    <Tabs
      tabs={[
        { to: `/forms/${formId}`, label: 'Builder' },
        ...(can(Permission.FORM_SUBMISSIONS_READ) ? [{ to: `/forms/${formId}/submissions`, label: 'Submissions' }] : []),
      ]}
    />
  );
}

interface BuilderDraft {
  settings: FormSettings;
  notify: string;
}

function FormBuilder({ form: definition, onSaved }: { form: FormDefinition; onSaved: (form: FormDefinition) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.CONTENT_EDIT);
  const opened = useMemo<BuilderDraft>(
    () => ({ settings: definition.settings, notify: definition.settings.storage.notifyEmails.join('\n') }),
    [definition],
  );
  const { form, values, action, dirty, saved, submit, errorOf } = useSchemaForm<BuilderDraft>(FormBuilderForm, opened, { toastAs: 'Form' });
  const settings = values.settings;
  const [section, setSection] = useState<Section>('build');
  const [newType, setNewType] = useState<FormFieldType>('text');
  // A long form keeps its unsaved values in this browser; on return they are offered back.
  const kept = useLocalDraft(`sc-form-draft:${websiteId}:${definition.id}`, values, dirty, opened);
  const setSettings = (next: FormSettings) =>
    form.setValue('settings', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const patch = <K extends Section>(key: K, value: Partial<FormSettings[K]>) =>
    setSettings({ ...settings, [key]: { ...settings[key], ...value } });
  // The first section holding a refused field is shown, so its message is seen.
  const refusedSection = (): Section | undefined =>
    errorOf('notify')
      ? 'storage'
      : (SECTIONS.find((s) => Boolean(form.formState.errors.settings?.[s as keyof FormSettings])) ??
        (errorOf('settings.name') ? 'build' : undefined));

  const save = async (draft: BuilderDraft) => {
    const body = FormSettings.safeParse({ ...draft.settings, storage: { notifyEmails: lines(draft.notify) } });
    if (!body.success) return action.fail(body.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const stored = await action.run(
      () => api<FormDefinition>('PUT', apiPath('/rest/forms/definitions/{formId}', { formId: definition.id }), body.data),
      'Form saved',
    );
    if (!stored) return;
    saved(draft);
    onSaved(stored);
  };
  const onSubmit = submit(save);
  const trySave = async () => {
    await onSubmit();
    const refused = refusedSection();
    if (refused) setSection(refused);
  };

  return (
    <Page title={settings.name || 'Form'} actions={<Link to="/forms">All forms</Link>}>
      <FormTabs formId={definition.id} />
      <DraftOffer
        offer={kept.offer}
        what="this form"
        onRestore={(restored) => {
          form.reset(restored, { keepDefaultValues: true });
          kept.answered();
        }}
        onDiscard={kept.answered}
      />
      <div className="form-builder">
        <nav className="tabs" aria-label="Form settings">
          {SECTIONS.map((s) => (
            <button
              key={s}
              type="button"
              className={s === section ? 'primary' : undefined}
              aria-pressed={s === section}
              onClick={() => setSection(s)}
            >
              {SECTION_LABELS[s]}
            </button>
          ))}
        </nav>
        <fieldset disabled={!editable} aria-label={SECTION_LABELS[section]}>
          <legend>{SECTION_LABELS[section]}</legend>
          {section === 'build' ? (
            <BuildSection
              settings={settings}
              editable={editable}
              onChange={setSettings}
              newType={newType}
              onNewType={setNewType}
              nameError={errorOf('settings.name')}
            />
          ) : null}
          {section === 'storage' ? (
            <Field
              label="Also email each submission to"
              hint="One address per line. Submissions are always kept here."
              error={errorOf('notify')}
            >
              <textarea rows={3} {...form.register('notify')} aria-invalid={errorOf('notify') ? true : undefined} />
            </Field>
          ) : null}
          {section === 'advanced' ? (
            <>
              <Field label="Message after submitting" error={errorOf('settings.advanced.submissionMessage')}>
                <textarea
                  rows={3}
                  value={settings.advanced.submissionMessage}
                  onChange={(e) => patch('advanced', { submissionMessage: e.target.value })}
                />
              </Field>
              <Field label="HTML after submitting" error={errorOf('settings.advanced.submissionHTML')}>
                <textarea
                  rows={3}
                  className="code"
                  value={settings.advanced.submissionHTML}
                  onChange={(e) => patch('advanced', { submissionHTML: e.target.value })}
                />
              </Field>
              <Field
                label="Redirect after submitting"
                hint="A page path such as /thanks, or a full URL"
                error={errorOf('settings.advanced.successRedirect')}
              >
                <input
                  value={settings.advanced.successRedirect ?? ''}
                  onChange={(e) => patch('advanced', { successRedirect: e.target.value.trim() ? e.target.value.trim() : null })}
                />
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
                <select
                  value={settings.captcha.alignment}
                  onChange={(e) => patch('captcha', { alignment: e.target.value as 'left' | 'center' | 'right' })}
                >
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
              <Check
                label="Show a disclaimer"
                checked={settings.disclaimer.enabled}
                onChange={(v) => patch('disclaimer', { enabled: v })}
              />
              <Field label="Disclaimer text" error={errorOf('settings.disclaimer.message')}>
                <textarea rows={3} value={settings.disclaimer.message} onChange={(e) => patch('disclaimer', { message: e.target.value })} />
              </Field>
            </>
          ) : null}
        </fieldset>
        <Problem message={action.error} />
        {dirty && !action.error ? <p className="hint">Unsaved changes</p> : null}
        {editable ? (
          <button type="button" className="primary" disabled={action.busy} onClick={() => void trySave()}>
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
