// Settings › Search & social (issue 37): the site's description and social image (what pages
// without their own show), lines added to robots.txt, and URL redirects written one a line as
// `/old-path -> /new-path 301` (* for the rest of a path, [name] for one part). Content refuses a
// list that loops and says which line; nothing is saved then. The form is react-hook-form's with
// the contracts' SiteSeoForm; the body is parsed with UpdateSiteSettingsBody before it is sent.
import { AdminFormMessages, formatMessage, Permission, UpdateSiteSettingsBody, type SiteSettings } from '@sc/contracts';
import { SiteSeoForm } from '@sc/contracts/admin-forms';
import { apiPath } from '../../api/client.js';
import { api, useApi } from '../data.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { Field, Loaded, Problem } from '../ui.js';
import { parseRedirects, redirectLines } from './seo-preview.js';

export function SiteSeoSettings() {
  const { websiteId } = useSession();
  const settings = useApi<SiteSettings>(apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }));
  return <Loaded resource={settings}>{(data) => <SiteSeoEditor settings={data} onSaved={settings.set} />}</Loaded>;
}

function SiteSeoEditor({ settings, onSaved }: { settings: SiteSettings; onSaved: (settings: SiteSettings) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.SETTINGS_MANAGE);
  const initial: SiteSeoForm = {
    description: settings.seo.description,
    socialImage: settings.seo.socialImage ?? '',
    robotsTxt: settings.seo.robotsTxt,
    redirects: redirectLines(settings.seo.redirects),
  };
  const { form, action, submit, errorOf, saved } = useSchemaForm<SiteSeoForm>(SiteSeoForm, initial, {
    toastAs: 'Search and social settings',
  });
  const { register } = form;

  const save = async (typed: SiteSeoForm) => {
    const parsed = parseRedirects(typed.redirects);
    if ('badLine' in parsed) return action.fail(formatMessage(AdminFormMessages.redirectLine, { line: parsed.badLine }));
    // The server's own schema (each redirect's paths, the limits): what it would refuse is said here.
    const body = UpdateSiteSettingsBody.safeParse({
      seo: {
        description: typed.description,
        socialImage: typed.socialImage.trim() || null,
        robotsTxt: typed.robotsTxt,
        redirects: parsed.rules,
      },
    });
    if (!body.success) return action.fail(body.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const stored = await action.run(
      () => api<SiteSettings>('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), body.data),
      'Search and social settings saved',
    );
    if (!stored) return;
    saved(typed);
    onSaved(stored);
  };
  const invalid = (name: keyof SiteSeoForm) => (errorOf(name) ? true : undefined);

  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(save)(e)}>
      <fieldset disabled={!editable}>
        <legend>Search and social</legend>
        <Field
          label="Site description"
          hint="Search results and social cards show it for pages without a description of their own."
          error={errorOf('description')}
        >
          <textarea rows={2} {...register('description')} aria-invalid={invalid('description')} />
        </Field>
        <Field label="Social image" hint="An image address, for pages without a picture of their own." error={errorOf('socialImage')}>
          <input {...register('socialImage')} aria-invalid={invalid('socialImage')} />
        </Field>
        <Field
          label="robots.txt additions"
          hint="Added after the rules every site has (cart, checkout, account, search and the admin are always kept out)."
          error={errorOf('robotsTxt')}
        >
          <textarea rows={4} className="code" {...register('robotsTxt')} aria-invalid={invalid('robotsTxt')} />
        </Field>
        <Field
          label="URL redirects"
          hint="One a line: /old-path -> /new-path 301 (or 302). * stands for the rest of a path, [name] for one part."
          error={errorOf('redirects')}
        >
          <textarea rows={6} className="code" {...register('redirects')} aria-invalid={invalid('redirects')} />
        </Field>
      </fieldset>
      <Problem message={action.error} />
      {editable ? (
        <button type="submit" className="primary" disabled={action.busy}>
          Save
        </button>
      ) : null}
    </form>
  );
}
