// Header and footer (SPEC 7 GET/PUT /api/site-header-footer) and the site's colours, both edited
// with the SPEC colour editor (hex, RGB, HSL).
import { useState, type FormEvent } from 'react';
import { colourProblem, Permission, type ColourValue, type HeaderFooter, type Website } from '@sc/contracts';
import { ColourEditor } from '../colour.js';
import { api, useAction, useApi } from '../data.js';
import { pageUrlProblem } from '../forms-kit.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

export function HeaderFooterSettings() {
  const resource = useApi<HeaderFooter>(apiPath('/site-header-footer'));
  const { websiteId } = useSession();
  const siteTitle = useApi<Website>(apiPath('/content-service/1.0/websites/{websiteId}', { websiteId })).data?.title ?? '';
  return <Loaded resource={resource}>{(data) => <HeaderFooterForm initial={data} onSaved={resource.set} siteTitle={siteTitle} />}</Loaded>;
}

function HeaderFooterForm({ initial, onSaved, siteTitle }: { initial: HeaderFooter; onSaved: (value: HeaderFooter) => void; siteTitle: string }) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const [header, setHeader] = useState(initial.header);
  const [footer, setFooter] = useState(initial.footer);
  const action = useAction();
  const guard = useDraftGuard({ header, footer });
  const logoProblem = header.logo && header.logo.assetUrl ? pageUrlProblem(header.logo.assetUrl) : undefined;
  const problems = [colourProblem(header.backgroundColor), colourProblem(header.textColor), colourProblem(footer.backgroundColor), colourProblem(footer.textColor), logoProblem].filter(Boolean);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (problems.length > 0) return action.fail(problems[0] ?? '');
    const { blocks: _hb, ...headerFields } = header;
    const { blocks: _fb, ...footerFields } = footer;
    const logo = header.logo && header.logo.assetUrl ? header.logo : null;
    const saved = await action.run(() => api<HeaderFooter>('PUT', apiPath('/site-header-footer'), { header: { ...headerFields, logo }, footer: footerFields }), 'Header and footer saved');
    if (!saved) return;
    guard.saved();
    onSaved(saved);
  };

  return (
    <form className="stack" onSubmit={(e) => void save(e)}>
      <fieldset disabled={!editable}>
        <legend>Header</legend>
        <Field
          label="Header text"
          hint={
            header.siteTitle.trim() === ''
              ? `Empty: the header and the browser tab show the site title from Settings › General${siteTitle ? ` (“${siteTitle}”)` : ''}.`
              : 'In use instead of the site title from Settings › General, in the header and the browser tab. Empty it to show the site title.'
          }
        >
          <input value={header.siteTitle} maxLength={200} onChange={(e) => setHeader({ ...header, siteTitle: e.target.value })} />
        </Field>
        <Field label="Logo image URL" error={logoProblem}>
          <input value={header.logo?.assetUrl ?? ''} onChange={(e) => setHeader({ ...header, logo: { assetUrl: e.target.value, altText: header.logo?.altText ?? '' } })} />
        </Field>
        <Field label="Alignment">
          <select value={header.alignment} onChange={(e) => setHeader({ ...header, alignment: e.target.value as 'left' | 'center' | 'right' })}>
            <option value="left">Left</option>
            <option value="center">Center</option>
            <option value="right">Right</option>
          </select>
        </Field>
        <Check label="Sticky header" checked={header.sticky} onChange={(v) => setHeader({ ...header, sticky: v })} />
        <Check label="Show the cart link" checked={header.showCart} onChange={(v) => setHeader({ ...header, showCart: v })} />
        <Check label="Show the account link" checked={header.showAccountLink} onChange={(v) => setHeader({ ...header, showAccountLink: v })} />
        <Check label="Show social links" checked={header.showSocialLinks} onChange={(v) => setHeader({ ...header, showSocialLinks: v })} />
        <ColourEditor label="Header background" value={header.backgroundColor} onChange={(c) => setHeader({ ...header, backgroundColor: c })} disabled={!editable} />
        <ColourEditor label="Header text" value={header.textColor} onChange={(c) => setHeader({ ...header, textColor: c })} disabled={!editable} />
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Footer</legend>
        <Field label="Footer text">
          <textarea rows={3} value={footer.text} onChange={(e) => setFooter({ ...footer, text: e.target.value })} />
        </Field>
        <Check label="Show social links" checked={footer.showSocialLinks} onChange={(v) => setFooter({ ...footer, showSocialLinks: v })} />
        <ColourEditor label="Footer background" value={footer.backgroundColor} onChange={(c) => setFooter({ ...footer, backgroundColor: c })} disabled={!editable} />
        <ColourEditor label="Footer text" value={footer.textColor} onChange={(c) => setFooter({ ...footer, textColor: c })} disabled={!editable} />
      </fieldset>
      <Outcome action={action} />
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
    const done = await action.run(() => api('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), { colors: Object.fromEntries(colours) }).then(() => true), 'Colours saved');
    if (done) guard.saved();
  };

  return (
    <div className="stack">
      {colours.map(([name, value], index) => (
        <div key={name} className="row">
          <ColourEditor label={name} value={value} disabled={!editable} onChange={(c) => setColours(colours.map((entry, i) => (i === index ? [name, c] : entry)))} />
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
