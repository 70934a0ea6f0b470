// How a product sells: as a subscription (for the types that may), with a custom add-to-cart
// button text, with an additional-fields form.
import { SUBSCRIBABLE_PRODUCT_TYPES, type BillingUnit, type FormDefinition } from '@sc/contracts';
import { Check, Field } from '../ui.js';
import type { Selling } from './product-draft.js';

export function ProductSelling({
  selling,
  productType,
  forms,
  disabled,
  errors = {},
  onChange,
}: {
  selling: Selling;
  productType: number;
  forms: FormDefinition[];
  disabled: boolean;
  /** The form's errors of these fields. */
  errors?: { billingValue?: string | undefined; cycles?: string | undefined; customButton?: string | undefined };
  onChange: (patch: Partial<Selling>) => void;
}) {
  const { isSubscribable, billingValue, billingUnit, cycles, useCustomButton, customButton, formId } = selling;
  return (
    <fieldset disabled={disabled}>
      <legend>Selling</legend>
      {SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as 1) ? (
        <>
          <Check label="Sell as a subscription" checked={isSubscribable} onChange={(on) => onChange({ isSubscribable: on })} />
          {isSubscribable ? (
            <div className="row">
              <Field label="Every" error={errors.billingValue}>
                <input
                  type="number"
                  min={1}
                  max={52}
                  value={billingValue}
                  onChange={(e) => onChange({ billingValue: e.target.value })}
                  style={{ width: '4rem' }}
                />
              </Field>
              <Field label="Period">
                <select value={billingUnit} onChange={(e) => onChange({ billingUnit: e.target.value as BillingUnit })}>
                  <option value="WEEK">Weeks</option>
                  <option value="MONTH">Months</option>
                  <option value="YEAR">Years</option>
                </select>
              </Field>
              <Field label="Billing cycles" hint="0 runs until cancelled" error={errors.cycles}>
                <input
                  type="number"
                  min={0}
                  max={520}
                  value={cycles}
                  onChange={(e) => onChange({ cycles: e.target.value })}
                  style={{ width: '5rem' }}
                />
              </Field>
            </div>
          ) : null}
        </>
      ) : null}
      <Check label="Custom add-to-cart button text" checked={useCustomButton} onChange={(on) => onChange({ useCustomButton: on })} />
      {useCustomButton ? (
        <Field label="Button text" error={errors.customButton}>
          <input value={customButton} maxLength={60} onChange={(e) => onChange({ customButton: e.target.value })} />
        </Field>
      ) : null}
      <Field label="Additional fields form">
        <select value={formId} onChange={(e) => onChange({ formId: e.target.value })}>
          <option value="">None</option>
          {forms.map((form) => (
            <option key={form.id} value={form.id}>
              {form.settings.name}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}
