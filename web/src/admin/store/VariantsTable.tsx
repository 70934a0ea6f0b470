// A product's variants, one row per combination of option values: SKU, GTIN, price, sale price,
// stock, and the shipping weight in grams (what weight-based shipping rates count).
import type { CurrencyCode } from '@sc/contracts';
import type { VariantDraft } from './variants.js';

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
}: {
  variants: VariantDraft[];
  currency: CurrencyCode;
  disabled: boolean;
  onChange: (index: number, patch: Partial<VariantDraft>) => void;
  /** The form's error of a variant's field. */
  errorOf?: (index: number, field: keyof VariantDraft) => string | undefined;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend>Variants</legend>
      <div className="table-scroll">
      <table className="variants-table">
        <thead>
          <tr>
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
            const name = Object.values(v.attributes).join(' / ') || 'Default';
            return (
              <tr key={`${index}-${name}`} aria-label={`Variant ${name}`}>
                <td>{name}</td>
                <td>
                  <input aria-label={`SKU of ${name}`} value={v.sku} aria-invalid={errorOf(index, 'sku') ? true : undefined} aria-describedby={errorOf(index, 'sku') ? `v${index}-sku-error` : undefined} onChange={(e) => onChange(index, { sku: e.target.value })} size={14} />
                  <CellError id={`v${index}-sku-error`} message={errorOf(index, 'sku')} />
                </td>
                <td>
                  <input aria-label={`GTIN of ${name}`} value={v.gtin} inputMode="numeric" pattern="\d{8}|\d{12,14}" title="8, 12, 13 or 14 digits (UPC, EAN, ISBN)" onChange={(e) => onChange(index, { gtin: e.target.value })} size={14} />
                </td>
                <td>
                  <input aria-label={`Price of ${name}`} value={v.price} inputMode="decimal" aria-invalid={errorOf(index, 'price') ? true : undefined} aria-describedby={errorOf(index, 'price') ? `v${index}-price-error` : undefined} onChange={(e) => onChange(index, { price: e.target.value })} size={8} />
                  <CellError id={`v${index}-price-error`} message={errorOf(index, 'price')} />
                </td>
                <td>
                  <input aria-label={`Sale price of ${name}`} value={v.salePrice} inputMode="decimal" aria-invalid={errorOf(index, 'salePrice') ? true : undefined} aria-describedby={errorOf(index, 'salePrice') ? `v${index}-sale-error` : undefined} onChange={(e) => onChange(index, { salePrice: e.target.value })} size={8} />
                  <CellError id={`v${index}-sale-error`} message={errorOf(index, 'salePrice')} />
                </td>
                <td>
                  <input type="checkbox" aria-label={`${name} on sale`} checked={v.onSale} onChange={(e) => onChange(index, { onSale: e.target.checked })} />
                </td>
                <td>
                  <input aria-label={`Stock of ${name}`} type="number" min={0} value={v.qtyInStock} disabled={v.unlimited} onChange={(e) => onChange(index, { qtyInStock: e.target.value })} style={{ width: '5rem' }} />
                </td>
                <td>
                  <input type="checkbox" aria-label={`${name} unlimited stock`} checked={v.unlimited} onChange={(e) => onChange(index, { unlimited: e.target.checked })} />
                </td>
                <td>
                  <input aria-label={`Weight of ${name} in grams`} value={v.weight} inputMode="numeric" placeholder="none" aria-invalid={errorOf(index, 'weight') ? true : undefined} aria-describedby={errorOf(index, 'weight') ? `v${index}-weight-error` : undefined} onChange={(e) => onChange(index, { weight: e.target.value })} size={6} />
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
