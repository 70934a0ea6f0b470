// The products of one store (a data table: thumbnails, sort, columns, filters by status and
// category from the API, search, bulk publish / draft / delete / export), and its categories
// (nested; SPEC 9 name length 25, SPEC 5 'This category already exists').
import { useMemo, useState } from 'react';
import { Permission, productTypeName, type Category, type Collection, type ContentItem, type ItemStatus } from '@sc/contracts';
import { api, ApiError, useAction, useApi } from '../data.js';
import { usePages } from '../paging.js';
import { downloadCsv } from '../ds/csv.js';
import { DataTable, type DataColumn } from '../ds/data-table.js';
import { productBody, productDraftOf } from './product-draft.js';
import { tagProblem } from '../forms-kit.js';
import { showMoney, useCurrency } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Badge, type BadgeTone } from '../ds/badge.js';
import { buttonClass } from '../ds/button.js';
import { EmptyState } from '../ds/empty-state.js';
import { Thumbnail } from '../ds/thumbnail.js';
import { Field, Loaded, Outcome, Page, Problem, useConfirm } from '../ui.js';
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
const stockTone = (label: string): BadgeTone =>
  label === 'Sold out' ? 'danger' : label.endsWith('in stock') || label === 'Unlimited' ? 'success' : 'neutral';
const statusTone = (label: string): BadgeTone =>
  label === 'Published' ? 'success' : label === 'Draft' ? 'neutral' : label === 'Scheduled' ? 'info' : 'warning';

/** The statuses the list filters by (the API's `status`). */
const STATUS_FILTERS: ReadonlyArray<{ value: ItemStatus | ''; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'needs-review', label: 'Needs Review' },
  { value: 'private', label: 'Private' },
];

export function ProductsScreen({ collectionId }: { collectionId: string }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const store = useApi<Collection>(base);
  const currency = useCurrency();
  // Filters the API takes (status, category) change what is loaded, 50 at a time; the search looks
  // through what is loaded.
  const [status, setStatus] = useState<ItemStatus | ''>('');
  const [categoryId, setCategoryId] = useState('');
  const [search, setSearch] = useState('');
  const listPath = `${base}/items?limit=50${status ? `&status=${status}` : ''}${categoryId ? `&categoryId=${encodeURIComponent(categoryId)}` : ''}`;
  const products = usePages<{ items: ContentItem[]; hasNextPage: boolean; nextPageCursor: string | null }>(
    listPath,
    (cursor) => `${listPath}&cursor=${encodeURIComponent(cursor)}`,
  );
  const categories = useApi<{ items: Category[] }>(`${base}/categories?limit=200`);
  const inventory = useApi<{ inventory: StockRow[] }>(apiPath('/commerce/inventory'));
  const live = useMemo(() => (inventory.error ? [] : inventory.data?.inventory), [inventory.error, inventory.data]);
  const bulk = useAction({ toastAs: 'Products' });
  const { modal, confirm } = useConfirm();

  const loaded = useMemo(() => [...(products.first.data?.items ?? []), ...products.more], [products.first.data, products.more]);
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      needle
        ? loaded.filter(
            (item) =>
              item.title.toLowerCase().includes(needle) ||
              (item.structuredContent?.variants ?? []).some((v) => v.sku.toLowerCase().includes(needle)),
          )
        : loaded,
    [loaded, needle],
  );

  const columns = useMemo<DataColumn<ContentItem>[]>(
    () => [
      {
        id: 'title',
        header: 'Product',
        sortValue: (item) => item.title.toLowerCase(),
        cell: (item) => (
          <span className="flex items-center gap-3">
            <Thumbnail src={item.mainImage?.assetUrl} />
            <Link to={`/store/${collectionId}/products/${item.id}`} className="font-semibold">
              {item.title}
            </Link>
          </span>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        hideable: true,
        sortValue: (item) => (item.structuredContent ? (productTypeName(item.structuredContent.productType) ?? '') : ''),
        cell: (item) => (item.structuredContent ? productTypeName(item.structuredContent.productType) : ''),
      },
      {
        id: 'price',
        header: 'Price',
        hideable: true,
        sortValue: (item) => Number(item.structuredContent?.priceMoney.value ?? 0),
        cell: (item) => (
          <>
            {item.structuredContent ? showMoney(item.structuredContent.priceMoney) : ''}
            {item.structuredContent?.onSale ? <> (sale {showMoney(item.structuredContent.salePriceMoney)})</> : null}
          </>
        ),
      },
      {
        id: 'stock',
        header: 'Stock',
        hideable: true,
        sortValue: (item) => stockLabel(item, live),
        cell: (item) => <Badge tone={stockTone(stockLabel(item, live))}>{stockLabel(item, live)}</Badge>,
      },
      {
        id: 'skus',
        header: 'SKUs',
        hideable: true,
        hiddenByDefault: true,
        cell: (item) => (item.structuredContent?.variants ?? []).map((v) => v.sku).join(', '),
      },
      {
        id: 'status',
        header: 'Status',
        hideable: true,
        sortValue: (item) => item.statusLabel ?? 'Published',
        cell: (item) => <Badge tone={statusTone(item.statusLabel ?? 'Published')}>{item.statusLabel ?? 'Published'}</Badge>,
      },
    ],
    [collectionId, live],
  );

  /** Sets the status of each selected product (its body as the editor would save it). */
  const setStatusOf = async (selected: ContentItem[], next: ItemStatus, clear: () => void) => {
    const done = await bulk.run(
      async () => {
        for (const item of selected) {
          const payload = productBody({ ...productDraftOf(item, currency), status: next }, currency);
          if (typeof payload === 'string') throw new ApiError(`${item.title}: ${payload}`, 400);
          await api('PUT', `${base}/items/${item.id}`, payload);
        }
        return true;
      },
      `${selected.length === 1 ? '1 product' : `${selected.length} products`} ${next === 'published' ? 'published' : 'set to draft'}`,
    );
    // The list is asked for again (a filtered one may no longer hold them).
    products.first.reload();
    if (done) clear();
  };
  const removeAll = async (selected: ContentItem[], clear: () => void) => {
    const what = selected.length === 1 ? (selected[0]?.title ?? '') : `${selected.length} products`;
    if (!(await confirm({ title: 'Delete products', message: `Delete ${what}? This cannot be undone.`, confirmLabel: 'Delete' }))) return;
    const done = await bulk.run(
      async () => {
        for (const item of selected) await api('DELETE', `${base}/items/${item.id}`);
        return true;
      },
      `${selected.length === 1 ? '1 product' : `${selected.length} products`} deleted`,
    );
    products.first.reload();
    if (done) clear();
  };
  const exportCsv = (selected: ContentItem[]) =>
    downloadCsv(
      'products.csv',
      ['Title', 'SKU', 'Price', 'Status', 'Stock'],
      selected.flatMap((item) =>
        (item.structuredContent?.variants ?? []).map((v) => [
          item.title,
          v.sku,
          showMoney(v.priceMoney),
          item.statusLabel ?? 'Published',
          stockLabel(item, live),
        ]),
      ),
    );

  const filtered = Boolean(status || categoryId || needle);
  return (
    <Page
      title={store.data?.title ?? 'Products'}
      actions={
        editable ? (
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
      <Loaded resource={products.first}>
        {() =>
          loaded.length === 0 && !filtered ? (
            <EmptyState title="No products yet.">Products you add here are sold on the store page.</EmptyState>
          ) : (
            <>
              <DataTable
                id="products"
                label="Products"
                rows={rows}
                columns={columns}
                rowId={(item) => item.id}
                rowName={(item) => item.title}
                toolbar={
                  <>
                    <Field label="Search products">
                      <input type="search" value={search} placeholder="Name or SKU" onChange={(e) => setSearch(e.target.value)} />
                    </Field>
                    <Field label="Status">
                      <select value={status} onChange={(e) => setStatus(e.target.value as ItemStatus | '')}>
                        {STATUS_FILTERS.map((f) => (
                          <option key={f.value} value={f.value}>
                            {f.label}
                          </option>
                        ))}
                      </select>
                    </Field>
                    <Field label="Category">
                      <select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
                        <option value="">All categories</option>
                        {(categories.data?.items ?? [])
                          .filter((c) => c.type !== 'ROOT')
                          .map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.displayName}
                            </option>
                          ))}
                      </select>
                    </Field>
                  </>
                }
                bulkActions={(selected, clear) => (
                  <>
                    {editable ? (
                      <>
                        <button type="button" disabled={bulk.busy} onClick={() => void setStatusOf(selected, 'published', clear)}>
                          Publish
                        </button>
                        <button type="button" disabled={bulk.busy} onClick={() => void setStatusOf(selected, 'draft', clear)}>
                          Set to draft
                        </button>
                      </>
                    ) : null}
                    <button type="button" onClick={() => exportCsv(selected)}>
                      Export selected
                    </button>
                    {editable ? (
                      <button type="button" className="danger" disabled={bulk.busy} onClick={() => void removeAll(selected, clear)}>
                        Delete selected
                      </button>
                    ) : null}
                  </>
                )}
              />
              {rows.length === 0 ? <p className="hint">No products match.</p> : null}
              {products.hasMore ? (
                <button type="button" disabled={products.loadingMore} onClick={products.loadMore}>
                  Load more
                </button>
              ) : null}
              <Problem message={products.moreError} />
            </>
          )
        }
      </Loaded>
      <Outcome action={bulk} />
      {editable ? <ProductImport base={base} /> : null}
      <Categories base={base} collectionId={collectionId} />
      {modal}
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
  const problem = tagProblem(
    'category',
    name,
    children.map((c) => c.displayName),
  );

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
                    <button
                      type="button"
                      className="link"
                      aria-label={`Remove category ${category.displayName}`}
                      onClick={() => void remove(category)}
                    >
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
