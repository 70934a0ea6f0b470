// The products of one store, with price, stock state and status, and its categories (nested;
// SPEC 9 name length 25, SPEC 5 'This category already exists').
import { useState } from 'react';
import { Permission, productTypeName, type Category, type Collection, type ContentItem } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { tagProblem } from '../forms-kit.js';
import { showMoney } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Badge, type BadgeTone } from '../ds/badge.js';
import { buttonClass } from '../ds/button.js';
import { EmptyState } from '../ds/empty-state.js';
import { Thumbnail } from '../ds/thumbnail.js';
import { Field, Loaded, Outcome, Page } from '../ui.js';
import { ProductImport } from './ProductImport.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

export interface StockRow {
  itemId: string;
  variantId: string;
  qtyInStock: number;
  unlimited: boolean;
}

/** The stock state of a product from the cart service's live stock (the product's own numbers are only the initial stock). */
export function stockLabel(item: ContentItem, live: readonly StockRow[] | undefined): string {
  const sc = item.structuredContent;
  if (!sc) return '—';
  // SPEC 4: physical and service products are sold out when no variant is unlimited or above 0.
  if (sc.productType !== 1 && sc.productType !== 3) return 'Always available';
  // Until the live stock has loaded the label says so: the product's own numbers are only its
  // initial stock and would show a sold-out product as in stock for a moment. A product the cart
  // has not heard of yet (just created) shows its initial stock.
  if (live === undefined) return 'Checking stock…';
  const liveRows = live.filter((r) => r.itemId === item.id);
  const rows = liveRows.length > 0 ? liveRows : sc.variants.map((v) => ({ qtyInStock: v.qtyInStock, unlimited: v.unlimited }));
  if (rows.some((v) => v.unlimited)) return 'Unlimited';
  const total = rows.reduce((sum, v) => sum + v.qtyInStock, 0);
  return total > 0 ? `${total} in stock` : 'Sold out';
}

/** The colour of a stock or status word. */
const stockTone = (label: string): BadgeTone => (label === 'Sold out' ? 'danger' : label.endsWith('in stock') || label === 'Unlimited' ? 'success' : 'neutral');
const statusTone = (label: string): BadgeTone => (label === 'Published' ? 'success' : label === 'Draft' ? 'neutral' : label === 'Scheduled' ? 'info' : 'warning');

export function ProductsScreen({ collectionId }: { collectionId: string }) {
  const { websiteId, can } = useSession();
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const store = useApi<Collection>(base);
  const products = useApi<{ items: ContentItem[] }>(`${base}/items?limit=200`);
  const inventory = useApi<{ inventory: StockRow[] }>(apiPath('/commerce/inventory'));
  return (
    <Page title={store.data?.title ?? 'Products'} actions={
        can(Permission.STORE_MANAGE) ? (
          <Link to={`/store/${collectionId}/products/new`} className={buttonClass('primary')}>
            Add product
          </Link>
        ) : undefined
      }
    >
      <StoreTabs />
      {store.data ? (
        <p>
          <a href={store.data.fullUrl} target="_blank" rel="noreferrer">
            View the store
          </a>
        </p>
      ) : null}
      <Loaded resource={products}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No products yet.">Products you add here are sold on the store page.</EmptyState>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Type</th>
                  <th>Price</th>
                  <th>Stock</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <span className="flex items-center gap-3">
                        <Thumbnail src={item.mainImage?.assetUrl} />
                        <Link to={`/store/${collectionId}/products/${item.id}`} className="font-semibold">
                          {item.title}
                        </Link>
                      </span>
                    </td>
                    <td>{item.structuredContent ? productTypeName(item.structuredContent.productType) : ''}</td>
                    <td>
                      {item.structuredContent ? showMoney(item.structuredContent.priceMoney) : ''}
                      {item.structuredContent?.onSale ? <> (sale {showMoney(item.structuredContent.salePriceMoney)})</> : null}
                    </td>
                    <td>
                      <Badge tone={stockTone(stockLabel(item, inventory.error ? [] : inventory.data?.inventory))}>{stockLabel(item, inventory.error ? [] : inventory.data?.inventory)}</Badge>
                    </td>
                    <td>
                      <Badge tone={statusTone(item.statusLabel ?? 'Published')}>{item.statusLabel ?? 'Published'}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {can(Permission.STORE_MANAGE) ? <ProductImport base={base} /> : null}
      <Categories base={base} collectionId={collectionId} />
    </Page>
  );
}

function Categories({ base, collectionId }: { base: string; collectionId: string }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const categories = useApi<{ items: Category[] }>(`${base}/categories?limit=200`);
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const action = useAction({ invalidates: [`${base}/categories`] });
  const list = categories.data?.items ?? [];
  const root = list.find((c) => c.type === 'ROOT');
  const children = list.filter((c) => c.type !== 'ROOT');
  const problem = tagProblem('category', name, children.map((c) => c.displayName));

  const add = async () => {
    if (problem || !name.trim()) return;
    const created = await action.run(
      () =>
        api('POST', `${base}/categories`, {
          displayName: name.trim(),
          parentCategoryId: parent || root?.id || '',
          type: 'CATEGORY',
          pageRendering: 'LIST_VIEW',
          displayIndex: children.length + 1,
          websiteId,
          collectionId,
        }),
      'Category added',
    );
    if (created) setName('');
  };

  const remove = async (category: Category) => {
    await action.run(() => api('DELETE', `${base}/categories/${category.id}`), 'Category removed');
  };

  const depth = (category: Category): number => {
    let n = 0;
    let current: Category | undefined = category;
    while (current && current.parentCategoryId && current.parentCategoryId !== root?.id && n < 10) {
      const parentId: string = current.parentCategoryId;
      current = list.find((c) => c.id === parentId);
      n++;
    }
    return n;
  };

  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title">Categories</h2>
      <Loaded resource={categories}>
        {() => (
          <>
            {root ? <p className="hint">All products: {root.displayName}</p> : null}
            <ul>
              {children.map((category) => (
                <li key={category.id} style={{ marginLeft: `${depth(category)}rem` }}>
                  <a href={category.fullUrl} target="_blank" rel="noreferrer">
                    {category.displayName}
                  </a>{' '}
                  {editable ? (
                    <button type="button" className="link" aria-label={`Remove category ${category.displayName}`} onClick={() => void remove(category)}>
                      remove
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {editable ? (
              <div className="row">
                <Field label="New category" error={problem}>
                  <input value={name} onChange={(e) => setName(e.target.value)} />
                </Field>
                <Field label="Inside">
                  <select value={parent} onChange={(e) => setParent(e.target.value)}>
                    <option value="">(top level)</option>
                    {children.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.displayName}
                      </option>
                    ))}
                  </select>
                </Field>
                <button type="button" disabled={!name.trim() || Boolean(problem) || action.busy} onClick={() => void add()}>
                  Add category
                </button>
              </div>
            ) : null}
            <Outcome action={action} />
          </>
        )}
      </Loaded>
    </section>
  );
}
