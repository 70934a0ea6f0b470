// The store's rules: minimum order subtotal, shipping options (rate, free-over amount, countries,
// regions, weight bands, local pickup),
// tax rules (country, region, rate, on shipping) and the minimum donation.
import { useState } from 'react';
import { Permission, type CurrencyCode, type StoreRules } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { decimalOf, parseAmount, useCurrency } from '../money.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
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

interface ShippingDraft {
  id: string;
  name: string;
  rate: string;
  freeOver: string;
  countries: string;
  regions: string;
  /** "1000=9.00, 3000=14.00": up to so many grams, this rate (the rate above applies beyond). */
  weights: string;
  pickup: boolean;
}
interface TaxDraft {
  id: string;
  name: string;
  country: string;
  region: string;
  rate: string;
  appliesToShipping: boolean;
}

const newId = (prefix: string): string => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

function RulesForm({ initial, currency, onSaved }: { initial: StoreRules; currency: CurrencyCode; onSaved: (rules: StoreRules) => void }) {
  const editable = useSession().can(Permission.STORE_MANAGE);
  const [minimum, setMinimum] = useState(decimalOf(initial.minimumOrderSubtotalCents, currency));
  const [donation, setDonation] = useState(decimalOf(initial.minimumDonationCents, currency));
  const [shipping, setShipping] = useState<ShippingDraft[]>(
    initial.shippingOptions.map((o) => ({
      id: o.id,
      name: o.name,
      rate: decimalOf(o.rateCents, currency),
      freeOver: o.freeOverCents === null ? '' : decimalOf(o.freeOverCents, currency),
      countries: o.countries.join(', '),
      regions: (o.regions ?? []).join(', '),
      weights: (o.weightRates ?? []).map((w) => `${w.upToGrams}=${decimalOf(w.rateCents, currency)}`).join(', '),
      pickup: o.pickup === true,
    })),
  );
  const [taxes, setTaxes] = useState<TaxDraft[]>(
    initial.taxRules.map((t) => ({ id: t.id, name: t.name, country: t.country, region: t.region ?? '', rate: String(t.rateBps / 100), appliesToShipping: t.appliesToShipping })),
  );
  const [pricesIncludeTax, setPricesIncludeTax] = useState(initial.pricesIncludeTax);
  const action = useAction();
  const guard = useDraftGuard({ minimum, donation, shipping, taxes, pricesIncludeTax });

  const save = async () => {
    const minimumCents = parseAmount(minimum, currency);
    const donationCents = parseAmount(donation, currency);
    if (minimumCents === undefined) return action.fail('Enter the minimum order subtotal as an amount, e.g. 10.00.');
    if (donationCents === undefined || donationCents < 1) return action.fail('Enter the minimum donation as an amount above 0.');
    const shippingOptions: StoreRules['shippingOptions'] = [];
    for (const o of shipping) {
      const rateCents = parseAmount(o.rate, currency);
      const freeOverCents = o.freeOver.trim() ? parseAmount(o.freeOver, currency) : null;
      if (!o.name.trim()) return action.fail('Every shipping option needs a name.');
      if (rateCents === undefined || freeOverCents === undefined) return action.fail(`Enter the amounts of ${o.name} as amounts such as 5.00.`);
      const countries = o.countries.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
      if (countries.some((c) => !/^[A-Z]{2}$/.test(c))) return action.fail('Countries are two-letter codes such as US, separated by commas.');
      const regions = o.regions.split(',').map((r) => r.trim()).filter(Boolean);
      const weightRates: Array<{ upToGrams: number; rateCents: number }> = [];
      for (const band of o.weights.split(',').map((w) => w.trim()).filter(Boolean)) {
        const [grams = '', amount = ''] = band.split('=').map((part) => part.trim());
        const bandCents = parseAmount(amount, currency);
        if (!/^\d{1,8}$/.test(grams) || Number(grams) < 1 || bandCents === undefined) return action.fail(`Write the weight rates of ${o.name} as grams=amount, e.g. 1000=9.00, 3000=14.00.`);
        if (weightRates.some((w) => w.upToGrams === Number(grams))) return action.fail(`Each weight rate of ${o.name} needs its own weight.`);
        weightRates.push({ upToGrams: Number(grams), rateCents: bandCents });
      }
      shippingOptions.push({
        id: o.id,
        name: o.name.trim(),
        rateCents,
        freeOverCents,
        countries,
        ...(regions.length > 0 ? { regions } : {}),
        ...(weightRates.length > 0 ? { weightRates } : {}),
        ...(o.pickup ? { pickup: true } : {}),
      });
    }
    const taxRules: StoreRules['taxRules'] = [];
    for (const t of taxes) {
      const percent = Number(t.rate);
      if (!t.name.trim()) return action.fail('Every tax rule needs a name.');
      if (!/^[A-Z]{2}$/.test(t.country.trim().toUpperCase())) return action.fail('A tax rule needs a two-letter country code such as US.');
      if (!(percent >= 0 && percent <= 100)) return action.fail('A tax rate is between 0 and 100 %.');
      taxRules.push({ id: t.id, name: t.name.trim(), country: t.country.trim().toUpperCase(), region: t.region.trim() || null, rateBps: Math.round(percent * 100), appliesToShipping: t.appliesToShipping });
    }
    const saved = await action.run(
      () => api<StoreRules>('PUT', apiPath('/commerce/store-rules'), { minimumOrderSubtotalCents: minimumCents, minimumDonationCents: donationCents, shippingOptions, taxRules, pricesIncludeTax }),
      'Shipping and tax saved',
    );
    if (!saved) return;
    guard.saved();
    onSaved(saved);
  };

  const setShip = (index: number, patch: Partial<ShippingDraft>) => setShipping(shipping.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const setTax = (index: number, patch: Partial<TaxDraft>) => setTaxes(taxes.map((t, i) => (i === index ? { ...t, ...patch } : t)));

  return (
    <div className="stack">
      <fieldset disabled={!editable}>
        <legend>Checkout</legend>
        <div className="row">
          <Field label={`Minimum order subtotal (${currency})`}>
            <input value={minimum} inputMode="decimal" onChange={(e) => setMinimum(e.target.value)} />
          </Field>
          <Field label={`Minimum donation (${currency})`}>
            <input value={donation} inputMode="decimal" onChange={(e) => setDonation(e.target.value)} />
          </Field>
        </div>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Shipping options</legend>
        {shipping.map((o, index) => (
          <div key={o.id} className="row" aria-label={`Shipping option ${o.name || index + 1}`}>
            <Field label="Name">
              <input value={o.name} onChange={(e) => setShip(index, { name: e.target.value })} />
            </Field>
            <Field label={`Rate (${currency})`}>
              <input value={o.rate} size={8} onChange={(e) => setShip(index, { rate: e.target.value })} />
            </Field>
            <Field label="Free over">
              <input value={o.freeOver} size={8} placeholder="never" onChange={(e) => setShip(index, { freeOver: e.target.value })} />
            </Field>
            <Field label="Countries" hint="Empty: everywhere">
              <input value={o.countries} placeholder="US, CA" onChange={(e) => setShip(index, { countries: e.target.value })} />
            </Field>
            <Field label="Regions" hint="Empty: all of them">
              <input value={o.regions} size={8} placeholder="ME, NH" onChange={(e) => setShip(index, { regions: e.target.value })} />
            </Field>
            <Field label="Weight rates" hint="grams=amount, e.g. 1000=9.00, 3000=14.00; the rate applies beyond">
              <input value={o.weights} placeholder="flat rate" onChange={(e) => setShip(index, { weights: e.target.value })} />
            </Field>
            <Check label="Local pickup" checked={o.pickup} onChange={(v) => setShip(index, { pickup: v })} />
            <button type="button" onClick={() => setShipping(shipping.filter((_, i) => i !== index))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setShipping([...shipping, { id: newId('ship'), name: '', rate: '0', freeOver: '', countries: '', regions: '', weights: '', pickup: false }])}>
          Add shipping option
        </button>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Tax rules</legend>
        <Check label="Prices include tax" checked={pricesIncludeTax} onChange={setPricesIncludeTax} />
        <p className="hint">{pricesIncludeTax ? 'The cart and receipt show the tax your prices contain (“incl. $1.50 tax”).' : 'Tax is added to your prices at checkout.'}</p>
        {taxes.map((t, index) => (
          <div key={t.id} className="row" aria-label={`Tax rule ${t.name || index + 1}`}>
            <Field label="Name">
              <input value={t.name} onChange={(e) => setTax(index, { name: e.target.value })} />
            </Field>
            <Field label="Country">
              <input value={t.country} size={3} maxLength={2} onChange={(e) => setTax(index, { country: e.target.value.toUpperCase() })} />
            </Field>
            <Field label="Region" hint="Empty: whole country">
              <input value={t.region} size={6} onChange={(e) => setTax(index, { region: e.target.value })} />
            </Field>
            <Field label="Rate (%)">
              <input value={t.rate} size={6} inputMode="decimal" onChange={(e) => setTax(index, { rate: e.target.value })} />
            </Field>
            <Check label="Also on shipping" checked={t.appliesToShipping} onChange={(v) => setTax(index, { appliesToShipping: v })} />
            <button type="button" onClick={() => setTaxes(taxes.filter((_, i) => i !== index))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setTaxes([...taxes, { id: newId('tax'), name: '', country: 'US', region: '', rate: '0', appliesToShipping: false }])}>
          Add tax rule
        </button>
      </fieldset>
      <Outcome action={action} />
      {editable ? (
        <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
          Save shipping and tax
        </button>
      ) : null}
    </div>
  );
}
