// The popup overlay (slide type popup-overlay): a newsletter signup or a promotion shown over the
// site's pages. Every save is a new version, and visitors who closed the popup see it again once
// its version changes (SPEC 3 local storage: closed-date, version, submitted).
// The form is react-hook-form's, checked with the contracts' PopupForm; the body is parsed with the
// server's PopupOverlayBody before it is sent; a toast says it saved or why not.
import { AdminFormMessages, FormType, Permission, PopupOverlayBody, type FormDefinition, type PopupOverlay } from '@sc/contracts';
import { PopupForm } from '@sc/contracts/admin-forms';
import { api, useAction, useApi, type Action } from '../data.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, when } from '../ui.js';
import { CommunityTabs, contentBase } from './CommunityTabs.js';
import { apiPath } from '../../api/client.js';

type PopupDraft = Omit<PopupOverlayBody, 'buttonUrl' | 'formId'> & { buttonUrl: string; formId: string };

/** The popup as the form holds it (no link or form: empty text). */
function draftOf(popup: PopupOverlay): PopupDraft {
  const { version: _version, updatedOn: _updatedOn, ...body } = popup;
  return { ...body, buttonUrl: body.buttonUrl ?? '', formId: body.formId ?? '' };
}

/** The form of one version; `action` lives above it, so its outcome outlasts the form of the version it saved. */
function PopupEditor({
  popup,
  edit,
  action,
  onSaved,
}: {
  popup: PopupOverlay;
  edit: boolean;
  action: Action;
  onSaved: (saved: PopupOverlay) => void;
}) {
  const { websiteId } = useSession();
  // Saving gives the form a new key (the popup's new version), which starts clean.
  const { form, values, submit, errorOf } = useSchemaForm<PopupDraft>(PopupForm, draftOf(popup), { toastAs: 'Popup' });
  const { register } = form;
  const forms = useApi<{ forms: FormDefinition[] }>(values.kind === 'newsletter' ? apiPath('/rest/forms/definitions') : null);
  const save = async (draft: PopupDraft) => {
    const payload = PopupOverlayBody.safeParse({
      ...draft,
      buttonUrl: draft.kind === 'promotion' ? draft.buttonUrl.trim() || null : null,
      formId: draft.kind === 'newsletter' ? draft.formId || null : null,
    });
    if (!payload.success) return action.fail(payload.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const saved = await action.run(() => api<PopupOverlay>('PUT', `${contentBase(websiteId)}/popup-overlay`, payload.data), 'Popup saved');
    if (saved) onSaved(saved);
  };
  const refused = (name: keyof PopupDraft) => (errorOf(name) ? true : undefined);
  const newsletterForms = (forms.data?.forms ?? []).filter(
    (f) => f.settings.formType === FormType.NEWSLETTER_BLOCK || f.settings.formType === FormType.PROMO_POPUP,
  );

  return (
    <form className="popup-form" noValidate onSubmit={(e) => void submit(save)(e)}>
      <fieldset disabled={!edit}>
        <label className="check">
          <input type="checkbox" {...register('enabled')} /> Show the popup
        </label>
        <Field label="Kind">
          <select {...register('kind')}>
            <option value="newsletter">Newsletter signup</option>
            <option value="promotion">Promotion</option>
          </select>
        </Field>
        <Field label="Title" error={errorOf('title')}>
          <input {...register('title')} aria-invalid={refused('title')} />
        </Field>
        <Field label="Text" error={errorOf('body')}>
          <textarea rows={3} {...register('body')} aria-invalid={refused('body')} />
        </Field>
        <Field label="Button text" error={errorOf('buttonText')}>
          <input {...register('buttonText')} aria-invalid={refused('buttonText')} />
        </Field>
        {values.kind === 'promotion' ? (
          <Field label="Button link" hint="A page of the site such as /shop, or a full address." error={errorOf('buttonUrl')}>
            <input {...register('buttonUrl')} aria-invalid={refused('buttonUrl')} />
          </Field>
        ) : (
          <Field label="Newsletter form" error={errorOf('formId')}>
            <select {...register('formId')} aria-invalid={refused('formId')}>
              <option value="">Choose a form</option>
              {newsletterForms.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.settings.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Show after (seconds)" error={errorOf('delaySeconds')}>
          <input
            type="number"
            min={0}
            max={120}
            step={1}
            {...register('delaySeconds', { valueAsNumber: true })}
            aria-invalid={refused('delaySeconds')}
          />
        </Field>
        <Field label="After a visitor closes it, wait (days)" error={errorOf('hideForDays')}>
          <input
            type="number"
            min={0}
            max={365}
            step={1}
            {...register('hideForDays', { valueAsNumber: true })}
            aria-invalid={refused('hideForDays')}
          />
        </Field>
        <Field label="Pages">
          <select {...register('pages')}>
            <option value="all">Every page</option>
            <option value="home">The home page only</option>
          </select>
        </Field>
        <button type="submit" disabled={action.busy}>
          Save popup
        </button>
      </fieldset>
    </form>
  );
}

export function PopupScreen() {
  const { websiteId, can } = useSession();
  const popup = useApi<PopupOverlay>(`${contentBase(websiteId)}/popup-overlay`);
  const action = useAction({ toastAs: 'Popup' });
  return (
    <Page title="Popup">
      <CommunityTabs />
      <Loaded resource={popup}>
        {(data) => (
          <>
            <p className="popup-version">
              {data.version === 0 ? 'Never saved.' : `Version ${data.version}, saved ${when(data.updatedOn)}.`} Saving makes a new version:
              visitors who closed the popup see it again.
            </p>
            <Outcome action={action} />
            <PopupEditor key={data.version} popup={data} edit={can(Permission.CONTENT_EDIT)} action={action} onSaved={popup.set} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
