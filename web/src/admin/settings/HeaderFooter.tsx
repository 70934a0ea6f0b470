// Header and footer (SPEC 7 GET/PUT /api/site-header-footer) and the site's colours, both edited
// with the SPEC colour editor (hex, RGB, HSL). The header and footer form is react-hook-form's,
// checked with the contracts' HeaderFooterForm; the body is parsed with HeaderFooterBody first.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  AdminFormMessages,
  colourProblem,
  HeaderFooterBody,
  Permission,
  type ColourValue,
  type HeaderFooter,
  type Website,
} from '@sc/contracts';
import { HeaderFooterForm } from '@sc/contracts/admin-forms';
import { ColourEditor } from '../colour.js';
import { api, useAction, useApi } from '../data.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Problem } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

export function HeaderFooterSettings() {
  const resource = useApi<HeaderFooter>(apiPath('/site-header-footer'));
  const { websiteId } = useSession();
  const siteTitle = useApi<Website>(apiPath('/content-service/1.0/websites/{websiteId}', { websiteId })).data?.title ?? '';
  return (
    <Loaded resource={resource}>{(data) => <HeaderFooterEditor initial={data} onSaved={resource.set} siteTitle={siteTitle} />}</Loaded>
  );
}

type HeaderFooterDraft = HeaderFooter;

function HeaderFooterEditor({
  initial,
  onSaved,
  siteTitle,
}: {
  initial: HeaderFooter;
  onSaved: (value: HeaderFooter) => void;
  siteTitle: string;
}) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const { form, values, action, submit, errorOf, saved } = useSchemaForm<HeaderFooterDraft>(HeaderFooterForm, initial, {
    toastAs: 'Header and footer',
  });
  const { register, control } = form;
  const { header } = values;

  const save = async (draft: HeaderFooterDraft) => {
    const { blocks: _hb, ...headerFields } = draft.header;
    const { blocks: _fb, ...footerFields } = draft.footer;
    const logo =
      draft.header.logo && draft.header.logo.assetUrl.trim() ? { ...draft.header.logo, assetUrl: draft.header.logo.assetUrl.trim() } : null;
    // The server's own schema: what it would refuse is said here, before sending.
    const body = HeaderFooterBody.safeParse({ header: { ...headerFields, logo }, footer: footerFields });
    if (!body.success) return action.fail(body.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const stored = await action.run(() => api<HeaderFooter>('PUT', apiPath('/site-header-footer'), body.data), 'Header and footer saved');
    if (!stored) return;
    saved(draft);
    onSaved(stored);
  };
  const colour = (name: 'header.backgroundColor' | 'header.textColor' | 'footer.backgroundColor' | 'footer.textColor', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ColourEditor label={label} value={field.value} onChange={field.onChange} disabled={!editable} />}
    />
  );
  const check = (
    name: 'header.sticky' | 'header.showCart' | 'header.showAccountLink' | 'header.showSocialLinks' | 'footer.showSocialLinks',
    label: string,
  ) => (
    <label className="check">
      <input type="checkbox" {...register(name)} /> {label}
    </label>
  );

  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(save)(e)}>
      <fieldset disabled={!editable}>
        <legend>Header</legend>
        <Field
          label="Header text"
          error={errorOf('header.siteTitle')}
          hint={
            header.siteTitle.trim() === ''
              ? `Empty: the header and the browser tab show the site title from Settings › General${siteTitle ? ` (“${siteTitle}”)` : ''}.`
              : 'In use instead of the site title from Settings › General, in the header and the browser tab. Empty it to show the site title.'
          }
        >
          <input {...register('header.siteTitle')} aria-invalid={errorOf('header.siteTitle') ? true : undefined} />
        </Field>
        <Field label="Logo image URL" error={errorOf('header.logo.assetUrl')}>
          <Controller
            control={control}
            name="header.logo"
            render={({ field }) => (
              <input
                value={field.value?.assetUrl ?? ''}
                aria-invalid={errorOf('header.logo.assetUrl') ? true : undefined}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange({ assetUrl: e.target.value, altText: field.value?.altText ?? '' })}
              />
            )}
          />
        </Field>
        <Field label="Alignment">
          <select {...register('header.alignment')}>
            <option value="left">Left</option>
            <option value="center">Center</option>
            <option value="right">Right</option>
          </select>
        </Field>
        {check('header.sticky', 'Sticky header')}
        {check('header.showCart', 'Show the cart link')}
        {check('header.showAccountLink', 'Show the account link')}
        {check('header.showSocialLinks', 'Show social links')}
        {colour('header.backgroundColor', 'Header background')}
        {colour('header.textColor', 'Header text')}
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Footer</legend>
        <Field label="Footer text" error={errorOf('footer.text')}>
          <textarea rows={3} {...register('footer.text')} aria-invalid={errorOf('footer.text') ? true : undefined} />
        </Field>
        {check('footer.showSocialLinks', 'Show social links')}
        {colour('footer.backgroundColor', 'Footer background')}
        {colour('footer.textColor', 'Footer text')}
      </fieldset>
      <Problem message={action.error} />
      {editable ? (
        <button type="submit" className="primary" disabled={action.busy}>
          Save header and footer
        </button>
      ) : null}
    </form>
  );
}

/** The site's named colours (site settings `colors`). */
export function ColourSettings() {
  const { websiteId } = useSession();
  const website = useApi<Website>(apiPath('/content-service/1.0/websites/{websiteId}', { websiteId }));
  return <Loaded resource={website}>{(data) => <ColourForm initial={data.settings.colors} />}</Loaded>;
}

function ColourForm({ initial }: { initial: Record<string, ColourValue> }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.SETTINGS_MANAGE);
  const [colours, setColours] = useState<Array<[string, ColourValue]>>(Object.entries(initial));
  const [newName, setNewName] = useState('');
  const action = useAction();
  const guard = useDraftGuard(colours);
  const problem = colours.map(([, value]) => colourProblem(value)).find(Boolean);

  const save = async () => {
    if (problem) return action.fail(problem);
    const done = await action.run(
      () =>
        api('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), {
          colors: Object.fromEntries(colours),
        }).then(() => true),
      'Colours saved',
    );
    if (done) guard.saved();
  };

  return (
    <div className="stack">
      {colours.map(([name, value], index) => (
        <div key={name} className="row">
          <ColourEditor
            label={name}
            value={value}
            disabled={!editable}
            onChange={(c) => setColours(colours.map((entry, i) => (i === index ? [name, c] : entry)))}
          />
          {editable ? (
            <button type="button" onClick={() => setColours(colours.filter((_, i) => i !== index))}>
              Remove {name}
            </button>
          ) : null}
        </div>
      ))}
      {editable ? (
        <>
          <div className="row">
            <Field label="New colour name">
              <input value={newName} pattern="[a-zA-Z][a-zA-Z0-9\-]*" onChange={(e) => setNewName(e.target.value)} />
            </Field>
            <button
              type="button"
              disabled={!/^[a-zA-Z][a-zA-Z0-9-]{0,39}$/.test(newName) || colours.some(([n]) => n === newName)}
              onClick={() => {
                setColours([...colours, [newName, '#000000']]);
                setNewName('');
              }}
            >
              Add colour
            </button>
          </div>
          <Outcome action={action} />
          <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
            Save colours
          </button>
        </>
      ) : null}
    </div>
  );
}
