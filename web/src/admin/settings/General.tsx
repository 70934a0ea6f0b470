// Website settings: title and domains (the website), and the site settings: currency, locale,
// time zone, country, business email, cookie banner, comments and store behaviour. The form is
// react-hook-form's with the contracts' SiteSettingsForm (checked as typed); a toast says it saved.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../schema-form.js';
import { SiteSettingsForm } from '@sc/contracts/admin-forms';
import {
  AdminFormMessages,
  CURRENCIES,
  CURRENCY_CODES,
  OwnerUiMessages,
  Permission,
  type HeaderFooter,
  type SiteSettings,
  type UpdateSiteSettingsBody,
  type Website,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { lines } from '../forms-kit.js';
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

interface GeneralDraft {
  title: string;
  domains: string;
  settings: Settings;
}

function GeneralForm({ website, onSaved }: { website: Website; onSaved: (website: Website) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.SETTINGS_MANAGE);
  // Which title the header shows: this one, unless Header & footer sets a header text of its own.
  const headerText = useApi<HeaderFooter>(apiPath('/site-header-footer')).data?.header.siteTitle ?? '';
  // react-hook-form, checked with the contracts' SiteSettingsForm as the owner types.
  const form = useForm<GeneralDraft>({
    defaultValues: {
      title: website.title,
      domains: website.domains.join('\n'),
      settings: { ...website.settings, businessEmail: website.settings.businessEmail ?? '' },
    },
    resolver: schemaResolver<GeneralDraft>(SiteSettingsForm),
    mode: 'onChange',
  });
  const { register, handleSubmit, setValue, formState } = form;
  const errors = formState.errors;
  const draft = form.watch();
  const settings = draft.settings;
  const [zones, setZones] = useState<string[] | undefined>();
  const [zonesFailed, setZonesFailed] = useState(false);
  const action = useAction({ toastAs: 'Settings' });
  const guard = useDraftGuard(draft);
  useEffect(() => {
    const list = timeZones();
    if (list) setZones(list);
    else setZonesFailed(true);
  }, []);
  const patch = (change: Partial<Settings>) => {
    for (const [key, value] of Object.entries(change) as [keyof Settings, Settings[keyof Settings]][])
      setValue(`settings.${key}`, value, { shouldDirty: true });
  };

  const save = async () => {
    const sent = form.getValues();
    const { title, domains, settings: typed } = sent;
    const body: UpdateSiteSettingsBody = {
      currency: typed.currency,
      locale: typed.locale,
      timeZone: typed.timeZone,
      country: typed.country.toUpperCase(),
      cookieSettings: typed.cookieSettings,
      commentsEnabled: typed.commentsEnabled,
      store: typed.store,
      businessEmail: !typed.businessEmail ? null : typed.businessEmail.trim(),
    } satisfies Partial<SiteSettings>;
    await action.run(async () => {
      await api('PUT', apiPath('/content-service/1.0/websites/{websiteId}', { websiteId }), { title, domains: lines(domains) });
      await api('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), body);
      onSaved(await api<Website>('GET', apiPath('/content-service/1.0/websites/{websiteId}', { websiteId })));
      guard.saved(sent);
    }, 'Settings saved');
  };

  return (
    <form onSubmit={(e) => void handleSubmit(save, () => action.fail(AdminFormMessages.checkFields))(e)} className="stack" noValidate>
      <fieldset disabled={!editable}>
        <legend>Website</legend>
        <Field
          label="Site title"
          error={errors.title?.message}
          hint={
            headerText === ''
              ? 'In use: shown in the site header and the browser tab title.'
              : `Shown in the browser tab title. The header shows “${headerText}” instead (Settings › Header & footer); empty it there to show this title.`
          }
        >
          <input {...register('title')} maxLength={200} aria-invalid={errors.title ? true : undefined} />
        </Field>
        <Field label="Domains" hint="One per line, e.g. shop.example.com">
          <textarea rows={3} {...register('domains')} />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Region</legend>
        <Field label="Currency">
          <select {...register('settings.currency')}>
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code} — {CURRENCIES[code].name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Language and region (locale)">
          <input {...register('settings.locale')} />
        </Field>
        <Field label="Time zone">
          {zones ? (
            <select {...register('settings.timeZone')}>
              {(zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones]).map((zone) => (
                <option key={zone}>{zone}</option>
              ))}
            </select>
          ) : (
            <input {...register('settings.timeZone')} />
          )}
        </Field>
        {zonesFailed ? <Problem message={OwnerUiMessages.unableToLoadTimezones} /> : null}
        <Field label="Country" hint="Two letters, e.g. US" error={errors.settings?.country?.message}>
          <input
            {...register('settings.country')}
            maxLength={2}
            autoCapitalize="characters"
            aria-invalid={errors.settings?.country ? true : undefined}
          />
        </Field>
        <Field label="Business email" error={errors.settings?.businessEmail?.message}>
          <input
            type="text"
            inputMode="email"
            {...register('settings.businessEmail')}
            aria-invalid={errors.settings?.businessEmail ? true : undefined}
          />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Cookies</legend>
        <Check
          label="Show the cookie banner"
          checked={settings.cookieSettings.bannerEnabled}
          onChange={(v) => patch({ cookieSettings: { ...settings.cookieSettings, bannerEnabled: v } })}
        />
        <Check
          label="Restrictive policy (no analytics cookies)"
          checked={settings.cookieSettings.restrictivePolicy}
          onChange={(v) => patch({ cookieSettings: { ...settings.cookieSettings, restrictivePolicy: v } })}
        />
        <Field label="Banner text">
          <textarea
            rows={2}
            maxLength={1000}
            value={settings.cookieSettings.bannerText}
            onChange={(e) => patch({ cookieSettings: { ...settings.cookieSettings, bannerText: e.target.value } })}
          />
        </Field>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Comments and store</legend>
        <Check label="Comments on this site" checked={settings.commentsEnabled} onChange={(v) => patch({ commentsEnabled: v })} />
        <Check
          label="Services can be bought in quantities above 1"
          checked={settings.store.allowMultipleQuantityForServices}
          onChange={(v) => patch({ store: { ...settings.store, allowMultipleQuantityForServices: v } })}
        />
        <Check
          label="Express checkout"
          checked={settings.store.expressCheckout}
          onChange={(v) => patch({ store: { ...settings.store, expressCheckout: v } })}
        />
        <Check
          label="Native product reviews"
          checked={settings.store.nativeReviewsEnabled}
          onChange={(v) => patch({ store: { ...settings.store, nativeReviewsEnabled: v } })}
        />
        <Check
          label="Installment payments"
          checked={settings.store.installmentsEnabled}
          onChange={(v) => patch({ store: { ...settings.store, installmentsEnabled: v } })}
        />
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
