// The store's rules: minimum order subtotal, shipping options (rate, free-over amount, countries,
// regions, weight bands, local pickup),
// tax rules (country, region, rate, on shipping) and the minimum donation.
// The form is react-hook-form's, checked with the contracts' StoreRulesForm (inline errors, a toast
// on save or failure); the body it makes is parsed with the server's UpdateStoreRulesBody first.
import type { InputHTMLAttributes } from 'react';
import { useFieldArray } from 'react-hook-form';
import { AdminFormMessages, Permission, UpdateStoreRulesBody, type CurrencyCode, type StoreRules } from '@sc/contracts';
import { StoreRulesForm } from '@sc/contracts/admin-forms';
import { api, useApi } from '../data.js';
import { decimalOf, parseAmount, useCurrency } from '../money.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { Field, Loaded, Page, Problem } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

export function ShippingTaxScreen() {
  const rules = useApi<StoreRules>(apiPath('/commerce/store-rules'));
  const currency = useCurrency();
  return (
    <Page title="Shipping and tax">
      <StoreTabs />
      <Loaded resource={rules}>{(data) => <RulesForm initial={data} currency={currency} onSaved={rules.set} />}</Loaded>
    </Page>
  );
}

type ShippingDraft = StoreRulesForm['shipping'][number] & { id: string };
type TaxDraft = StoreRulesForm['taxes'][number] & { id: string };
type RulesDraft = { minimum: string; donation: string; shipping: ShippingDraft[]; taxes: TaxDraft[]; pricesIncludeTax: boolean };

const newId = (prefix: string): string => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The rules as the form holds them (amounts in the store currency, lists as text). */
function draftOf(rules: StoreRules, currency: CurrencyCode): RulesDraft {
  return {
    minimum: decimalOf(rules.minimumOrderSubtotalCents, currency),
    donation: decimalOf(rules.minimumDonationCents, currency),
    shipping: rules.shippingOptions.map((o) => ({
      id: o.id,
      name: o.name,
      rate: decimalOf(o.rateCents, currency),
      freeOver: o.freeOverCents === null ? '' : decimalOf(o.freeOverCents, currency),
      countries: o.countries.join(', '),
      regions: (o.regions ?? []).join(', '),
      weights: (o.weightRates ?? []).map((w) => `${w.upToGrams}=${decimalOf(w.rateCents, currency)}`).join(', '),
      pickup: o.pickup === true,
    })),
    taxes: rules.taxRules.map((t) => ({
      id: t.id,
      name: t.name,
      country: t.country,
      region: t.region ?? '',
      rate: String(t.rateBps / 100),
      appliesToShipping: t.appliesToShipping,
    })),
    pricesIncludeTax: rules.pricesIncludeTax,
  };
}

/** The body PUT /commerce/store-rules takes, made from a draft the form has checked. */
function bodyOf(draft: RulesDraft, currency: CurrencyCode): UpdateStoreRulesBody {
  const cents = (text: string): number => parseAmount(text, currency) ?? 0;
  return {
    minimumOrderSubtotalCents: cents(draft.minimum),
    minimumDonationCents: cents(draft.donation),
    shippingOptions: draft.shipping.map((o) => {
      const regions = listOf(o.regions);
      const weightRates = listOf(o.weights).map((band) => {
        const [grams = '', amount = ''] = band.split('=').map((part) => part.trim());
        return { upToGrams: Number(grams), rateCents: cents(amount) };
      });
      return {
        id: o.id,
        name: o.name.trim(),
        rateCents: cents(o.rate),
        freeOverCents: o.freeOver.trim() ? cents(o.freeOver) : null,
        countries: listOf(o.countries).map((c) => c.toUpperCase()),
        ...(regions.length > 0 ? { regions } : {}),
        ...(weightRates.length > 0 ? { weightRates } : {}),
        ...(o.pickup ? { pickup: true } : {}),
      };
    }),
    taxRules: draft.taxes.map((t) => ({
      id: t.id,
      name: t.name.trim(),
      country: t.country.trim().toUpperCase(),
      region: t.region.trim() || null,
      rateBps: Math.round(Number(t.rate) * 100),
      appliesToShipping: t.appliesToShipping,
    })),
    pricesIncludeTax: draft.pricesIncludeTax,
  };
}

function RulesForm({ initial, currency, onSaved }: { initial: StoreRules; currency: CurrencyCode; onSaved: (rules: StoreRules) => void }) {
  const editable = useSession().can(Permission.STORE_MANAGE);
  const { form, action, submit, errorOf, saved } = useSchemaForm<RulesDraft>(StoreRulesForm, draftOf(initial, currency), {
    toastAs: 'Shipping and tax',
  });
  const { register, control } = form;
  const shipping = useFieldArray({ control, name: 'shipping', keyName: 'key' });
  const taxes = useFieldArray({ control, name: 'taxes', keyName: 'key' });

  const save = async (draft: RulesDraft) => {
    // The server's own schema: what it would refuse is said here, before sending.
    const body = UpdateStoreRulesBody.safeParse(bodyOf(draft, currency));
    if (!body.success) return action.fail(body.error.issues[0]?.message ?? AdminFormMessages.checkFields);
    const stored = await action.run(() => api<StoreRules>('PUT', apiPath('/commerce/store-rules'), body.data), 'Shipping and tax saved');
    if (!stored) return;
    saved(draft);
    onSaved(stored);
  };
  const text = (name: Parameters<typeof register>[0], props: InputHTMLAttributes<HTMLInputElement> = {}) => {
    const error = errorOf(name);
    return <input {...props} {...register(name)} aria-invalid={error ? true : undefined} />;
  };

  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(save)(e)}>
      <fieldset disabled={!editable}>
        <legend>Checkout</legend>
        <div className="row">
          <Field label={`Minimum order subtotal (${currency})`} error={errorOf('minimum')}>
            {text('minimum', { inputMode: 'decimal' })}
          </Field>
          <Field label={`Minimum donation (${currency})`} error={errorOf('donation')}>
            {text('donation', { inputMode: 'decimal' })}
          </Field>
        </div>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Shipping options</legend>
        {shipping.fields.map((o, index) => (
          <div key={o.key} className="row" role="group" aria-label={`Shipping option ${o.name || index + 1}`}>
            <Field label="Name" error={errorOf(`shipping.${index}.name`)}>
              {text(`shipping.${index}.name`)}
            </Field>
            <Field label={`Rate (${currency})`} error={errorOf(`shipping.${index}.rate`)}>
              {text(`shipping.${index}.rate`, { size: 8, inputMode: 'decimal' })}
            </Field>
            <Field label="Free over" error={errorOf(`shipping.${index}.freeOver`)}>
              {text(`shipping.${index}.freeOver`, { size: 8, placeholder: 'never', inputMode: 'decimal' })}
            </Field>
            <Field label="Countries" hint="Empty: everywhere" error={errorOf(`shipping.${index}.countries`)}>
              {text(`shipping.${index}.countries`, { placeholder: 'US, CA' })}
            </Field>
            <Field label="Regions" hint="Empty: all of them" error={errorOf(`shipping.${index}.regions`)}>
              {text(`shipping.${index}.regions`, { size: 8, placeholder: 'ME, NH' })}
            </Field>
            <Field
              label="Weight rates"
              hint="grams=amount, e.g. 1000=9.00, 3000=14.00; the rate applies beyond"
              error={errorOf(`shipping.${index}.weights`)}
            >
              {text(`shipping.${index}.weights`, { placeholder: 'flat rate' })}
            </Field>
            <label className="check">
              <input type="checkbox" {...register(`shipping.${index}.pickup`)} /> Local pickup
            </label>
            <button type="button" onClick={() => shipping.remove(index)}>
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() =>
            shipping.append(
              { id: newId('ship'), name: '', rate: '0', freeOver: '', countries: '', regions: '', weights: '', pickup: false },
              { shouldFocus: true },
            )
          }
        >
          Add shipping option
        </button>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Tax rules</legend>
        <label className="check">
          <input type="checkbox" {...register('pricesIncludeTax')} /> Prices include tax
        </label>
        <p className="hint">
          {form.watch('pricesIncludeTax')
            ? 'The cart and receipt show the tax your prices contain (“incl. $1.50 tax”).'
            : 'Tax is added to your prices at checkout.'}
        </p>
        {taxes.fields.map((t, index) => (
          <div key={t.key} className="row" role="group" aria-label={`Tax rule ${t.name || index + 1}`}>
            <Field label="Name" error={errorOf(`taxes.${index}.name`)}>
              {text(`taxes.${index}.name`)}
            </Field>
            <Field label="Country" error={errorOf(`taxes.${index}.country`)}>
              {text(`taxes.${index}.country`, { size: 3, maxLength: 2, autoCapitalize: 'characters' })}
            </Field>
            <Field label="Region" hint="Empty: whole country" error={errorOf(`taxes.${index}.region`)}>
              {text(`taxes.${index}.region`, { size: 6 })}
            </Field>
            <Field label="Rate (%)" error={errorOf(`taxes.${index}.rate`)}>
              {text(`taxes.${index}.rate`, { size: 6, inputMode: 'decimal' })}
            </Field>
            <label className="check">
              <input type="checkbox" {...register(`taxes.${index}.appliesToShipping`)} /> Also on shipping
            </label>
            <button type="button" onClick={() => taxes.remove(index)}>
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() =>
            taxes.append(
              { id: newId('tax'), name: '', country: 'US', region: '', rate: '0', appliesToShipping: false },
              { shouldFocus: true },
            )
          }
        >
          Add tax rule
        </button>
      </fieldset>
      <Problem message={action.error} />
      {editable ? (
        <button type="submit" className="primary" disabled={action.busy}>
          Save shipping and tax
        </button>
      ) : null}
    </form>
  );
}
