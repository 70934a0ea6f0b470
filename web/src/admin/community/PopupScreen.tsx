// The popup overlay (slide type popup-overlay): a newsletter signup or a promotion shown over the
// site's pages. Every save is a new version, and visitors who closed the popup see it again once
// its version changes (SPEC 3 local storage: closed-date, version, submitted).
import { useState, type FormEvent } from 'react';
import { FormType, Permission, type FormDefinition, type PopupOverlay, type PopupOverlayBody } from '@sc/contracts';
import { api, useAction, useApi, type Action } from '../data.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, when } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { CommunityTabs, contentBase } from './CommunityTabs.js';
import { apiPath } from '../../api/client.js';

function bodyOf(popup: PopupOverlay): PopupOverlayBody {
  const { version: _version, updatedOn: _updatedOn, ...body } = popup;
  return body;
}

/** The form of one version; `action` lives above it, so its outcome outlasts the form of the version it saved. */
function PopupForm({ popup, edit, action, onSaved }: { popup: PopupOverlay; edit: boolean; action: Action; onSaved: (saved: PopupOverlay) => void }) {
  const { websiteId } = useSession();
  const [body, setBody] = useState<PopupOverlayBody>(bodyOf(popup));
  // Saving gives the form a new key (the popup's new version), which starts clean.
  useDraftGuard(body);
  const forms = useApi<{ forms: FormDefinition[] }>(body.kind === 'newsletter' ? apiPath('/rest/forms/definitions') : null);
  const set = (patch: Partial<PopupOverlayBody>) => setBody((b) => ({ ...b, ...patch }));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload: PopupOverlayBody = {
      ...body,
      buttonUrl: body.kind === 'promotion' ? body.buttonUrl || null : null,
      formId: body.kind === 'newsletter' ? body.formId || null : null,
    };
    const saved = await action.run(() => api<PopupOverlay>('PUT', `${contentBase(websiteId)}/popup-overlay`, payload), 'Popup saved');
    if (saved) onSaved(saved);
  };
  const newsletterForms = (forms.data?.forms ?? []).filter((f) => f.settings.formType === FormType.NEWSLETTER_BLOCK || f.settings.formType === FormType.PROMO_POPUP);

  return (
    <form className="popup-form" onSubmit={(e) => void save(e)}>
      <fieldset disabled={!edit}>
        <Check label="Show the popup" checked={body.enabled} onChange={(enabled) => set({ enabled })} />
        <Field label="Kind">
          <select value={body.kind} onChange={(e) => set({ kind: e.target.value as PopupOverlayBody['kind'] })}>
            <option value="newsletter">Newsletter signup</option>
            <option value="promotion">Promotion</option>
          </select>
        </Field>
        <Field label="Title">
          <input value={body.title} required maxLength={200} onChange={(e) => set({ title: e.target.value })} />
        </Field>
        <Field label="Text">
          <textarea value={body.body} maxLength={2000} rows={3} onChange={(e) => set({ body: e.target.value })} />
        </Field>
        <Field label="Button text">
          <input value={body.buttonText} required maxLength={60} onChange={(e) => set({ buttonText: e.target.value })} />
        </Field>
        {body.kind === 'promotion' ? (
          <Field label="Button link" hint="A page of the site such as /shop, or a full address.">
            <input value={body.buttonUrl ?? ''} onChange={(e) => set({ buttonUrl: e.target.value })} />
          </Field>
        ) : (
          <Field label="Newsletter form">
            <select value={body.formId ?? ''} onChange={(e) => set({ formId: e.target.value || null })}>
              <option value="">Choose a form</option>
              {newsletterForms.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.settings.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Show after (seconds)">
          <input type="number" min={0} max={120} step={1} value={body.delaySeconds} onChange={(e) => set({ delaySeconds: Number(e.target.value) })} />
        </Field>
        <Field label="After a visitor closes it, wait (days)">
          <input type="number" min={0} max={365} step={1} value={body.hideForDays} onChange={(e) => set({ hideForDays: Number(e.target.value) })} />
        </Field>
        <Field label="Pages">
          <select value={body.pages} onChange={(e) => set({ pages: e.target.value as PopupOverlayBody['pages'] })}>
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
  const action = useAction();
  return (
    <Page title="Popup">
      <CommunityTabs />
      <Loaded resource={popup}>
        {(data) => (
          <>
            <p className="popup-version">
              {data.version === 0 ? 'Never saved.' : `Version ${data.version}, saved ${when(data.updatedOn)}.`} Saving makes a new version: visitors who closed the popup see it again.
            </p>
            <Outcome action={action} />
            <PopupForm key={data.version} popup={data} edit={can(Permission.CONTENT_EDIT)} action={action} onSaved={popup.set} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
