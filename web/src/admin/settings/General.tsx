// Website settings: title and domains (the website), and the site settings: currency, locale,
// time zone, country, business email, cookie banner, comments and store behaviour.
import { useEffect, useState, type FormEvent } from 'react';
import {
  CURRENCIES,
  CURRENCY_CODES,
  OwnerUiMessages,
  Permission,
  type CurrencyCode,
  type HeaderFooter,
  type SiteSettings,
  type UpdateSiteSettingsBody,
  type Website,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { emailProblem, lines } from '../forms-kit.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Problem } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

type Settings = Website['settings'];

/** The IANA time zones of this browser; undefined when it cannot list them. */
function timeZones(): string[] | undefined {
  try {
    const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
    return list && list.length > 0 ? list : undefined;
  } catch {
    return undefined;
  }
}

export function GeneralSettings() {
  const { websiteId } = useSession();
  const website = useApi<Website>(apiPath('/content-service/1.0/websites/{websiteId}', { websiteId }));
  return <Loaded resource={website}>{(data) => <GeneralForm website={data} onSaved={website.set} />}</Loaded>;
}

function GeneralForm({ website, onSaved }: { website: Website; onSaved: (website: Website) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.SETTINGS_MANAGE);
  const [title, setTitle] = useState(website.title);
  // Which title the header shows: this one, unless Header & footer sets a header text of its own.
  const headerText = useApi<HeaderFooter>(apiPath('/site-header-footer')).data?.header.siteTitle ?? '';
  const [domains, setDomains] = useState(website.domains.join('\n'));
  const [settings, setSettings] = useState<Settings>(website.settings);
  const [zones, setZones] = useState<string[] | undefined>();
  const [zonesFailed, setZonesFailed] = useState(false);
  const action = useAction();
  const guard = useDraftGuard({ title, domains, settings });
  useEffect(() => {
    const list = timeZones();
    if (list) setZones(list);
    else setZonesFailed(true);
  }, []);

  const emailError = settings.businessEmail ? emailProblem(settings.businessEmail) : undefined;
  const patch = (change: Partial<Settings>) => setSettings((s) => ({ ...s, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (emailError) return action.fail(emailError);
    const body: UpdateSiteSettingsBody = {
      currency: settings.currency,
      locale: settings.locale,
      timeZone: settings.timeZone,
      country: settings.country,
      cookieSettings: settings.cookieSettings,
      commentsEnabled: settings.commentsEnabled,
      store: settings.store,
      businessEmail: settings.businessEmail === '' ? null : settings.businessEmail,
    } satisfies Partial<SiteSettings>;
    const sent = { title, domains, settings };
    await action.run(async () => {
      await api('PUT', apiPath('/content-service/1.0/websites/{websiteId}', { websiteId }), { title, domains: lines(domains) });
      await api('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), body);
      onSaved(await api<Website>('GET', apiPath('/content-service/1.0/websites/{websiteId}', { websiteId })));
      guard.saved(sent);
    }, 'Settings saved');
  };

  return (
    <form onSubmit={(e) => void save(e)} className="stack">
      <fieldset disabled={!editable}>
        <legend>Website</legend>
        <Field
          label="Site title"
          hint={
            headerText === ''
              ? 'In use: shown in the site header and the browser tab title.'
              : `Shown in the browser tab title. The header shows “${headerText}” instead (Settings › Header & footer); empty it there to show this title.`
          }
        >
          <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </Field>
        <Field label="Domains" hint="One per line, e.g. shop.example.com">
          <textarea rows={3} value={domains} onChange={(e) => setDomains(e.target.value)} />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Region</legend>
        <Field label="Currency">
          <select value={settings.currency} onChange={(e) => patch({ currency: e.target.value as CurrencyCode })}>
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code} — {CURRENCIES[code].name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Language and region (locale)">
          <input value={settings.locale} onChange={(e) => patch({ locale: e.target.value })} />
        </Field>
        <Field label="Time zone">
          {zones ? (
            <select value={settings.timeZone} onChange={(e) => patch({ timeZone: e.target.value })}>
              {(zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones]).map((zone) => (
                <option key={zone}>{zone}</option>
              ))}
            </select>
          ) : (
            <input value={settings.timeZone} onChange={(e) => patch({ timeZone: e.target.value })} />
          )}
        </Field>
        {zonesFailed ? <Problem message={OwnerUiMessages.unableToLoadTimezones} /> : null}
        <Field label="Country" hint="Two letters, e.g. US">
          <input value={settings.country} maxLength={2} onChange={(e) => patch({ country: e.target.value.toUpperCase() })} />
        </Field>
        <Field label="Business email" error={emailError}>
          <input type="text" inputMode="email" value={settings.businessEmail ?? ''} onChange={(e) => patch({ businessEmail: e.target.value })} />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Cookies</legend>
        <Check label="Show the cookie banner" checked={settings.cookieSettings.bannerEnabled} onChange={(v) => patch({ cookieSettings: { ...settings.cookieSettings, bannerEnabled: v } })} />
        <Check
          label="Restrictive policy (no analytics cookies)"
          checked={settings.cookieSettings.restrictivePolicy}
          onChange={(v) => patch({ cookieSettings: { ...settings.cookieSettings, restrictivePolicy: v } })}
        />
        <Field label="Banner text">
          <textarea rows={2} maxLength={1000} value={settings.cookieSettings.bannerText} onChange={(e) => patch({ cookieSettings: { ...settings.cookieSettings, bannerText: e.target.value } })} />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Comments and store</legend>
        <Check label="Comments on this site" checked={settings.commentsEnabled} onChange={(v) => patch({ commentsEnabled: v })} />
        <Check label="Services can be bought in quantities above 1" checked={settings.store.allowMultipleQuantityForServices} onChange={(v) => patch({ store: { ...settings.store, allowMultipleQuantityForServices: v } })} />
        <Check label="Express checkout" checked={settings.store.expressCheckout} onChange={(v) => patch({ store: { ...settings.store, expressCheckout: v } })} />
        <Check label="Native product reviews" checked={settings.store.nativeReviewsEnabled} onChange={(v) => patch({ store: { ...settings.store, nativeReviewsEnabled: v } })} />
        <Check label="Installment payments" checked={settings.store.installmentsEnabled} onChange={(v) => patch({ store: { ...settings.store, installmentsEnabled: v } })} />
      </fieldset>
      <Outcome action={action} />
      {editable ? (
        <button type="submit" className="primary" disabled={action.busy}>
          Save settings
        </button>
      ) : null}
    </form>
  );
}
