// Settings › Search & social (issue 37): the site's description and social image (what pages
// without their own show), lines added to robots.txt, and URL redirects written one a line as
// `/old-path -> /new-path 301` (* for the rest of a path, [name] for one part). Content refuses a
// list that loops and says which line; nothing is saved then.
import { useState, type FormEvent } from 'react';
import { Permission, type SiteSettings, type UpdateSiteSettingsBody } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome } from '../ui.js';
import { parseRedirects, redirectLines } from './seo-preview.js';

export function SiteSeoSettings() {
  const { websiteId } = useSession();
  const settings = useApi<SiteSettings>(apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }));
  return <Loaded resource={settings}>{(data) => <SiteSeoForm settings={data} onSaved={settings.set} />}</Loaded>;
}

function SiteSeoForm({ settings, onSaved }: { settings: SiteSettings; onSaved: (settings: SiteSettings) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.SETTINGS_MANAGE);
  const [description, setDescription] = useState(settings.seo.description);
  const [socialImage, setSocialImage] = useState(settings.seo.socialImage ?? '');
  const [robots, setRobots] = useState(settings.seo.robotsTxt);
  const [redirects, setRedirects] = useState(redirectLines(settings.seo.redirects));
  const action = useAction();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRedirects(redirects);
    if ('badLine' in parsed) return action.fail(`Line ${parsed.badLine} of the redirects is not “/from -> /to 301”.`);
    const body: UpdateSiteSettingsBody = { seo: { description, socialImage: socialImage.trim() || null, robotsTxt: robots, redirects: parsed.rules } };
    const saved = await action.run(() => api<SiteSettings>('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), body), 'Saved');
    if (saved) onSaved(saved);
  };

  return (
    <form className="stack" onSubmit={(e) => void save(e)}>
      <fieldset disabled={!editable}>
        <legend>Search and social</legend>
        <Field label="Site description" hint="Search results and social cards show it for pages without a description of their own.">
          <textarea rows={2} maxLength={320} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field label="Social image" hint="An image address, for pages without a picture of their own.">
          <input value={socialImage} onChange={(e) => setSocialImage(e.target.value)} />
        </Field>
        <Field label="robots.txt additions" hint="Added after the rules every site has (cart, checkout, account, search and the admin are always kept out).">
          <textarea rows={4} className="code" value={robots} onChange={(e) => setRobots(e.target.value)} />
        </Field>
        <Field label="URL redirects" hint="One a line: /old-path -> /new-path 301 (or 302). * stands for the rest of a path, [name] for one part.">
          <textarea rows={6} className="code" value={redirects} onChange={(e) => setRedirects(e.target.value)} />
        </Field>
      </fieldset>
      <Outcome action={action} />
      {editable ? (
        <button type="submit" className="primary" disabled={action.busy}>
          Save
        </button>
      ) : null}
    </form>
  );
}
