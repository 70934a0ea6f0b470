// The inventory panel (SPEC 2): every variant's live stock, edited in place. A change is sent as
// the new quantity (or unlimited) of that one variant; the row shows the stored answer.
import { useMemo, useState } from 'react';
import { Permission, productTypeName } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Loaded, Outcome, Page } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

interface Row {
  itemId: string;
  variantId: string;
  sku: string;
  title: string;
  productType: number;
  qtyInStock: number;
  unlimited: boolean;
}

export function InventoryScreen() {
  const inventory = useApi<{ inventory: Row[] }>(apiPath('/commerce/inventory'));
  const [filter, setFilter] = useState('');
  return (
    <Page
      title="Inventory"
      actions={
        <a className="button" href={apiPath('/commerce/store/exports/inventory.csv')} download>
          Export inventory (CSV)
        </a>
      }
    >
      <StoreTabs />
      <label className="field">
        <span className="field-label">Find a product or SKU</span>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <Loaded resource={inventory}>{(data) => <InventoryTable rows={data.inventory} filter={filter} />}</Loaded>
    </Page>
  );
}

function InventoryTable({ rows, filter }: { rows: Row[]; filter: string }) {
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? rows.filter((r) => r.title.toLowerCase().includes(q) || r.sku.toLowerCase().includes(q)) : rows;
  }, [rows, filter]);
  if (shown.length === 0) return <p>No variants match.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Product</th>
          <th>SKU</th>
          <th>Type</th>
          <th>Stock</th>
          <th>Unlimited</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <StockRow key={`${row.itemId}/${row.variantId}`} initial={row} />
        ))}
      </tbody>
    </table>
  );
}

function StockRow({ initial }: { initial: Row }) {
  const editable = useSession().can(Permission.STORE_MANAGE);
  const [row, setRow] = useState(initial);
  const [qty, setQty] = useState(String(initial.qtyInStock));
  const [unlimited, setUnlimited] = useState(initial.unlimited);
  const action = useAction();
  const changed = qty !== String(row.qtyInStock) || unlimited !== row.unlimited;
  const valid = /^\d{1,7}$/.test(qty.trim());

  const save = async () => {
    if (!valid) return action.fail('Stock must be a whole number of 0 or more.');
    const saved = await action.run(
      () =>
        api<Row>('PUT', apiPath('/commerce/inventory/{itemId}/{variantId}', { itemId: row.itemId, variantId: row.variantId }), {
          qtyInStock: Number(qty.trim()),
          unlimited,
        }),
      'Saved',
    );
    if (saved) {
      setRow(saved);
      setQty(String(saved.qtyInStock));
      setUnlimited(saved.unlimited);
    }
  };

  return (
    <tr aria-label={`Stock of ${row.sku}`}>
      <td>{row.title}</td>
      <td>{row.sku}</td>
      <td>{productTypeName(row.productType)}</td>
      <td>
        {editable ? (
          <input
            aria-label={`Quantity of ${row.sku}`}
            type="number"
            min={0}
            value={qty}
            disabled={unlimited}
            onChange={(e) => setQty(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
            style={{ width: '6rem' }}
          />
        ) : row.unlimited ? (
          '∞'
        ) : (
          row.qtyInStock
        )}
        {!row.unlimited && row.qtyInStock === 0 ? <span className="hint"> sold out</span> : null}
      </td>
      <td>
        {editable ? (
          <input type="checkbox" aria-label={`Unlimited ${row.sku}`} checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} />
        ) : row.unlimited ? (
          'yes'
        ) : (
          'no'
        )}
      </td>
      <td>
        {editable ? (
          <button type="button" disabled={!changed || action.busy} onClick={() => void save()}>
            Save
          </button>
        ) : null}
        <Outcome action={action} />
      </td>
    </tr>
  );
}
