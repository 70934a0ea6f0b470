// A product's variants, one row per combination of option values: SKU, GTIN, price, sale price,
// stock, and the shipping weight in grams (what weight-based shipping rates count).
// Rows chosen by their checkbox (or all at once) take one price or one stock together (bulk edit);
// the amount is checked with the form's own rule before it is written into each row.
import { useState } from 'react';
import type { CurrencyCode } from '@sc/contracts';
import { amountText, wholeNumberText } from '@sc/contracts/admin-forms';
import { Field } from '../ui.js';
import type { VariantDraft } from './variants.js';

const BULK_PRICE = amountText('the price', '12.50');
const BULK_STOCK = wholeNumberText('Stock', 0, 1_000_000);

/** The bar over the table while rows are chosen: a price or a stock for all of them. */
function BulkEdit({
  count,
  currency,
  onApply,
}: {
  count: number;
  currency: CurrencyCode;
  onApply: (patch: Partial<VariantDraft>) => void;
}) {
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [errors, setErrors] = useState<{ price?: string; stock?: string }>({});
  const rows = `${count} selected variant${count === 1 ? '' : 's'}`;
  const apply = (field: 'price' | 'stock') => {
    const checked = field === 'price' ? BULK_PRICE.safeParse(price) : BULK_STOCK.safeParse(stock);
    if (!checked.success) return setErrors({ [field]: checked.error.issues[0]?.message });
    setErrors({});
    onApply(field === 'price' ? { price: checked.data } : { qtyInStock: checked.data, unlimited: false });
  };
  return (
    <div className="variants-bulk" role="group" aria-label="Edit selected variants">
      <strong>{rows}</strong>
      <Field label={`Price for all (${currency})`} error={errors.price}>
        <input
          value={price}
          inputMode="decimal"
          aria-invalid={errors.price ? true : undefined}
          onChange={(e) => setPrice(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply('price'))}
        />
      </Field>
      <button type="button" onClick={() => apply('price')}>
        Set price
      </button>
      <Field label="Stock for all" error={errors.stock}>
        <input
          value={stock}
          inputMode="numeric"
          aria-invalid={errors.stock ? true : undefined}
          onChange={(e) => setStock(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply('stock'))}
        />
      </Field>
      <button type="button" onClick={() => apply('stock')}>
        Set stock
      </button>
    </div>
  );
}

/** A field's error under its input in the cell (described by it, so a screen reader says it on focus). */
function CellError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error cell-error" role="alert">
      {message}
    </span>
  ) : null;
}

export function VariantsTable({
  variants,
  currency,
  disabled,
  onChange,
  errorOf = () => undefined,
  onBulk,
}: {
  variants: VariantDraft[];
  currency: CurrencyCode;
  disabled: boolean;
  onChange: (index: number, patch: Partial<VariantDraft>) => void;
  /** The form's error of a variant's field. */
  errorOf?: (index: number, field: keyof VariantDraft) => string | undefined;
  /** The same change to several variants at once (their indices). */
  onBulk: (indices: number[], patch: Partial<VariantDraft>) => void;
}) {
  // The rows chosen, by name (the table is rebuilt when the options change; a gone name drops out).
  const names = variants.map((v) => Object.values(v.attributes).join(' / ') || 'Default');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = names.flatMap((name, index) => (chosen.has(name) ? [index] : []));
  const all = selected.length === variants.length && variants.length > 0;
  const choose = (name: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  return (
    <fieldset disabled={disabled}>
      <legend>Variants</legend>
      {selected.length > 0 && !disabled ? (
        <BulkEdit count={selected.length} currency={currency} onApply={(patch) => onBulk(selected, patch)} />
      ) : null}
      <div className="table-scroll">
        <table className="variants-table">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label="Select all variants"
                  checked={all}
                  ref={(box) => {
                    if (box) box.indeterminate = selected.length > 0 && !all;
                  }}
                  onChange={(e) => setChosen(e.target.checked ? new Set(names) : new Set())}
                />
              </th>
              <th>Variant</th>
              <th>SKU</th>
              <th>GTIN</th>
              <th>Price ({currency})</th>
              <th>Sale price</th>
              <th>On sale</th>
              <th>Stock</th>
              <th>Unlimited</th>
              <th>Weight (g)</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v, index) => {
              const name = names[index] ?? 'Default';
              return (
                <tr key={`${index}-${name}`} aria-label={`Variant ${name}`}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${name}`}
                      checked={chosen.has(name)}
                      onChange={(e) => choose(name, e.target.checked)}
                    />
                  </td>
                  <td>{name}</td>
                  <td>
                    <input
                      aria-label={`SKU of ${name}`}
                      value={v.sku}
                      aria-invalid={errorOf(index, 'sku') ? true : undefined}
                      aria-describedby={errorOf(index, 'sku') ? `v${index}-sku-error` : undefined}
                      onChange={(e) => onChange(index, { sku: e.target.value })}
                      size={14}
                    />
                    <CellError id={`v${index}-sku-error`} message={errorOf(index, 'sku')} />
                  </td>
                  <td>
                    <input
                      aria-label={`GTIN of ${name}`}
                      value={v.gtin}
                      inputMode="numeric"
                      pattern="\d{8}|\d{12,14}"
                      title="8, 12, 13 or 14 digits (UPC, EAN, ISBN)"
                      onChange={(e) => onChange(index, { gtin: e.target.value })}
                      size={14}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Price of ${name}`}
                      value={v.price}
                      inputMode="decimal"
                      aria-invalid={errorOf(index, 'price') ? true : undefined}
                      aria-describedby={errorOf(index, 'price') ? `v${index}-price-error` : undefined}
                      onChange={(e) => onChange(index, { price: e.target.value })}
                      size={8}
                    />
                    <CellError id={`v${index}-price-error`} message={errorOf(index, 'price')} />
                  </td>
                  <td>
                    <input
                      aria-label={`Sale price of ${name}`}
                      value={v.salePrice}
                      inputMode="decimal"
                      aria-invalid={errorOf(index, 'salePrice') ? true : undefined}
                      aria-describedby={errorOf(index, 'salePrice') ? `v${index}-sale-error` : undefined}
                      onChange={(e) => onChange(index, { salePrice: e.target.value })}
                      size={8}
                    />
                    <CellError id={`v${index}-sale-error`} message={errorOf(index, 'salePrice')} />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} on sale`}
                      checked={v.onSale}
                      onChange={(e) => onChange(index, { onSale: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Stock of ${name}`}
                      type="number"
                      min={0}
                      value={v.qtyInStock}
                      disabled={v.unlimited}
                      onChange={(e) => onChange(index, { qtyInStock: e.target.value })}
                      style={{ width: '5rem' }}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} unlimited stock`}
                      checked={v.unlimited}
                      onChange={(e) => onChange(index, { unlimited: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Weight of ${name} in grams`}
                      value={v.weight}
                      inputMode="numeric"
                      placeholder="none"
                      aria-invalid={errorOf(index, 'weight') ? true : undefined}
                      aria-describedby={errorOf(index, 'weight') ? `v${index}-weight-error` : undefined}
                      onChange={(e) => onChange(index, { weight: e.target.value })}
                      size={6}
                    />
                    <CellError id={`v${index}-weight-error`} message={errorOf(index, 'weight')} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
