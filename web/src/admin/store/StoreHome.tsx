// The store area's first screen: the website's store collections and the SPEC 3/5 store creation
// flow (title with its fallback, URL id made unique among the site's URLs, root category, main
// navigation entry), run by the content service in one call.
import { useState, type FormEvent } from 'react';
import { CollectionType, Permission, planStoreCollection, type Collection, type StoreCollectionInput } from '@sc/contracts';
import { api, useAction, useApi, type Resource } from '../data.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, Tabs } from '../ui.js';
import { apiPath } from '../../api/client.js';

export const STORE_TABS = [
  { to: '/store', label: 'Stores' },
  { to: '/store/inventory', label: 'Inventory' },
  { to: '/store/orders', label: 'Orders' },
  { to: '/store/customers', label: 'Customers' },
  { to: '/store/subscriptions', label: 'Subscriptions' },
  { to: '/store/gift-cards', label: 'Gift cards' },
  { to: '/store/coupons', label: 'Coupons' },
  { to: '/store/shipping-tax', label: 'Shipping & tax' },
] as const;

export function StoreTabs() {
  return <Tabs tabs={STORE_TABS} />;
}

/** The website's collections (paged list, first 200). */
export function useCollections(): Resource<{ items: Collection[] }> {
  const { websiteId } = useSession();
  return useApi<{ items: Collection[] }>(`${apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId })}?limit=200`);
}

export function StoreHome() {
  const collections = useCollections();
  const { can } = useSession();
  return (
    <Page title="Store">
      <StoreTabs />
      <Loaded resource={collections}>
        {(data) => {
          const stores = data.items.filter((c) => c.type === CollectionType.PRODUCTS);
          return (
            <>
              {stores.length === 0 ? (
                <p>This website has no store yet.</p>
              ) : (
                <table>
                  <thead>
                    <tr>
                      <th>Store</th>
                      <th>Address</th>
                      <th>Products</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stores.map((store) => (
                      <tr key={store.id}>
                        <td>
                          <Link to={`/store/${store.id}`}>{store.title}</Link>
                        </td>
                        <td>
                          <a href={store.fullUrl} target="_blank" rel="noreferrer">
                            {store.fullUrl}
                          </a>
                        </td>
                        <td>{store.itemCount}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {can(Permission.STORE_MANAGE) ? <CreateStore taken={data.items.map((c) => c.fullUrl)} /> : null}
            </>
          );
        }}
      </Loaded>
    </Page>
  );
}

function CreateStore({ taken }: { taken: string[] }) {
  const { websiteId } = useSession();
  const [storeTitle, setStoreTitle] = useState('');
  const [addToMainNav, setAddToMainNav] = useState(true);
  const [allCategoryDisplayName, setAll] = useState('All');
  const action = useAction();
  const input = (templateId: string): StoreCollectionInput => ({
    storeTitle,
    addToMainNav,
    fallbackStoreTitle: 'Shop',
    allCategoryDisplayName,
    websiteId,
    templateId,
    isSevenOne: true,
    storeUrls: taken,
  });
  // What the SPEC flow will make of the title, shown before creating.
  const preview = planStoreCollection(input('preview'));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const created = await action.run(async () => {
      const site = await api<{ templateId: string }>('GET', apiPath('/content-service/public/1.0/site'));
      return api<{ collection: Collection }>(
        'POST',
        apiPath('/content-service/product/1.1/websites/{websiteId}/stores', { websiteId }),
        input(site.templateId),
      );
    });
    if (created) navigate(`/store/${created.collection.id}`, { force: true });
  };

  return (
    <form className="stack" onSubmit={(e) => void create(e)}>
      <h2>Create a store</h2>
      <Field label="Store title" hint="Titles under 3 characters use “Shop”.">
        <input value={storeTitle} onChange={(e) => setStoreTitle(e.target.value)} maxLength={200} />
      </Field>
      <Field label="Name of the all-products category">
        <input value={allCategoryDisplayName} onChange={(e) => setAll(e.target.value)} maxLength={25} required />
      </Field>
      <Check label="Add to the main navigation" checked={addToMainNav} onChange={setAddToMainNav} />
      <p className="hint" data-testid="store-url-preview">
        Address: /{preview.collection.urlId}
      </p>
      <Outcome action={action} />
      <button type="submit" className="primary" disabled={action.busy}>
        Create store
      </button>
    </form>
  );
}
