// "Create website" (issue 34): a gallery of the starting designs, each with a live preview (the
// renderer drawing the design's showcase home page, framed from this origin at /_designs/<id>/),
// a name and the address it will get; then the new website is made, the owner is handed over to
// its own address (identity makes them its admin as soon as content announces the website) and
// lands in its content, ready to edit. Reached right after sign-up and from the website switcher.
// Below, the owner's deleted websites, to restore (DeletedWebsites.tsx).
import { useMemo, useState, type FormEvent } from 'react';
import { HANDOFF_QUERY, type CreatedWebsite, type DesignList, type WebsiteHandoff } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { api, ApiError, problemOf, useApi } from '../data.js';
import { DeletedWebsites } from './DeletedWebsites.js';
import './create-website.css';

/** The address label a name gives (the server makes the same one, and a free one when it is taken). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
}

/** /config/content on the new website's address, with the hand-off that signs the owner in there. */
function editUrl(domain: string, token: string, location: Location = window.location): string {
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}/config/content?${HANDOFF_QUERY}=${encodeURIComponent(token)}`;
}

/** The hand-off to the new website: identity grants the admin role from content's event, a moment after. */
async function handoffTo(websiteId: string): Promise<WebsiteHandoff> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<WebsiteHandoff>('POST', apiPath('/auth/websites/{websiteId}/handoff', { websiteId }));
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status !== 404 || attempt >= 40) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export function CreateWebsiteScreen() {
  const designs = useApi<DesignList>(apiPath('/content-service/1.0/designs'));
  const [design, setDesign] = useState<string>();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const list = useMemo(() => designs.data?.designs ?? [], [designs.data]);
  const chosen = design ?? list[0]?.id;
  const address = slug || slugFromName(name);
  const baseDomain = useMemo(
    () => (list[0] ? new URL(list[0].previewUrl).host.replace(/^design-[a-z]+\./, '') : window.location.host),
    [list],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setProblem(undefined);
    setBusy('Creating your website…');
    try {
      const made = await api<CreatedWebsite>('POST', apiPath('/content-service/1.0/websites'), {
        name,
        design: chosen,
        ...(slug ? { slug } : {}),
      });
      setBusy('Opening the editor…');
      const handoff = await handoffTo(made.website.id);
      window.location.assign(editUrl(handoff.domain, handoff.token));
    } catch (failure) {
      setProblem(problemOf(failure));
      setBusy(undefined);
    }
  };

  return (
    <section className="create-website" aria-labelledby="page-title">
      <h1 id="page-title">Create a website</h1>
      <p>Pick a starting design. You can change every word and picture, and switch design later without losing your content.</p>
      {designs.error ? <p role="alert">{designs.error}</p> : null}
      {designs.loading && list.length === 0 ? <p aria-busy="true">Loading the designs…</p> : null}
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="design-gallery">
          <legend>Design</legend>
          {list.map((d) => (
            <label key={d.id} className="design-card" data-design={d.id} data-chosen={d.id === chosen ? 'true' : undefined}>
              <input type="radio" name="design" value={d.id} checked={d.id === chosen} onChange={() => setDesign(d.id)} />
              <span className="design-preview">
                <iframe
                  src={d.previewPath}
                  title={`Preview of the ${d.name} design`}
                  loading="lazy"
                  sandbox="allow-same-origin"
                  tabIndex={-1}
                />
              </span>
              <span className="design-name">
                {d.name} <small>· {d.purpose}</small>
              </span>
              <span className="design-description">{d.description}</span>
            </label>
          ))}
        </fieldset>
        <label>
          Website name
          <input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="Rosa’s Bakery" />
        </label>
        <label>
          Address
          <span className="address-field">
            <input
              name="slug"
              value={slug}
              onChange={(e) => setSlug(e.target.value.toLowerCase())}
              placeholder={slugFromName(name) || 'my-site'}
              pattern="[a-z0-9-]{3,40}"
            />
            <span>.{baseDomain}</span>
          </span>
        </label>
        <p className="address-preview" aria-live="polite">
          Your website will be at <strong>{address ? `${address}.${baseDomain}` : `…${baseDomain}`}</strong>. You can connect your own
          domain later.
        </p>
        {problem ? <p role="alert">{problem}</p> : null}
        {busy ? <p role="status">{busy}</p> : null}
        <button type="submit" disabled={busy !== undefined || !chosen || name.trim() === ''}>
          Create website
        </button>
      </form>
      <DeletedWebsites />
    </section>
  );
}
