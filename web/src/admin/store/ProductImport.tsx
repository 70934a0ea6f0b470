// Products from a CSV file: the file is checked first (a dry run that lists every bad line with
// its number and reason, and previews the products it would create) and imported only when it has
// no problems and the owner confirms. Lines whose product the store has already (same SKU and
// title: the same file chosen again) are shown and left as they are.
import { useState } from 'react';
import { api, useAction, useInvalidate } from '../data.js';
import { Outcome } from '../ui.js';
import { apiPath } from '../../api/client.js';

/** Lines of the preview shown before the import (the count says how many more). */
const PREVIEW_ROWS = 50;

interface ImportResult {
  dryRun: boolean;
  products: Array<{ line: number; title: string; sku: string }>;
  unchanged: Array<{ line: number; title: string; sku: string }>;
  problems: Array<{ line: number; reason: string }>;
  imported: number;
}

export function ProductImport({ base }: { base: string }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const action = useAction();
  const invalidate = useInvalidate();
  const check = async (file: File | undefined) => {
    setChecked(null);
    if (!file) return setCsv(null);
    const text = await file.text();
    setCsv(text);
    const result = await action.run(() => api<ImportResult>('POST', `${base}/import`, { csv: text, dryRun: true }));
    if (result) setChecked(result);
  };
  const confirm = async () => {
    if (csv === null) return;
    const result = await action.run(() => api<ImportResult>('POST', `${base}/import`, { csv, dryRun: false }), 'Products imported');
    if (result) {
      setChecked(null);
      setCsv(null);
      invalidate(`${base}/items`, apiPath('/commerce/inventory'));
    }
  };
  return (
    <section aria-labelledby="import-title" className="stack">
      <h2 id="import-title">Import products from CSV</h2>
      <p className="hint">
        Columns: Title, SKU, Price (required); Sale price, Stock (empty: unlimited), Description, Type (physical, digital or service). One
        product per line.
      </p>
      <label className="field">
        <span className="field-label">CSV file</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => void check(e.target.files?.[0])} />
      </label>
      {checked ? (
        checked.problems.length > 0 ? (
          <div role="alert" className="problem">
            <p>
              {checked.problems.length} {checked.problems.length === 1 ? 'line has a problem' : 'lines have problems'}; nothing will be
              imported until they are fixed.
            </p>
            <table aria-label="Lines with problems">
              <thead>
                <tr>
                  <th>Line</th>
                  <th>Problem</th>
                </tr>
              </thead>
              <tbody>
                {checked.problems.map((p) => (
                  <tr key={p.line}>
                    <td>{p.line}</td>
                    <td>{p.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div role="status" className="stack">
            <p>
              {checked.products.length === 0
                ? 'Nothing new to import.'
                : `${checked.products.length} ${checked.products.length === 1 ? 'product is' : 'products are'} ready to import.`}
              {checked.unchanged.length > 0
                ? ` ${checked.unchanged.length} ${checked.unchanged.length === 1 ? 'line is' : 'lines are'} already in the store (same SKU and title) and will be left as ${checked.unchanged.length === 1 ? 'it is' : 'they are'}.`
                : ''}
            </p>
            {checked.products.length > 0 ? (
              <>
                <table aria-label="Products to import">
                  <thead>
                    <tr>
                      <th>Line</th>
                      <th>Title</th>
                      <th>SKU</th>
                    </tr>
                  </thead>
                  <tbody>
                    {checked.products.slice(0, PREVIEW_ROWS).map((p) => (
                      <tr key={p.line}>
                        <td>{p.line}</td>
                        <td>{p.title}</td>
                        <td>{p.sku}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {checked.products.length > PREVIEW_ROWS ? <p className="hint">and {checked.products.length - PREVIEW_ROWS} more.</p> : null}
                <p>
                  <button type="button" className="primary" disabled={action.busy} onClick={() => void confirm()}>
                    Import {checked.products.length} {checked.products.length === 1 ? 'product' : 'products'}
                  </button>
                </p>
              </>
            ) : null}
          </div>
        )
      ) : null}
      <Outcome action={action} />
    </section>
  );
}
