// A product: type, text, images, options (with their order) and one variant per combination with
// its SKU, price, sale price, stock; subscriptions, gift-card amounts, the custom button text and
// the additional-fields form. Stock typed for a new variant is its initial stock; for existing
// variants it is the live stock of the cart service, changed through the inventory call.
import { useState, type FormEvent } from 'react';
import { Permission, ProductType, productTypeName, type Category, type ContentItem, type CurrencyCode, type FormDefinition, type ItemStatus } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { ImagesEditor } from '../images.js';
import { useCurrency } from '../money.js';
import { Link, navigate, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { TagsEditor } from '../TagsEditor.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm } from '../ui.js';
import { changed, useUnsavedChanges } from '../unsaved.js';
import { productBody, productDraftOf, type ProductDraft, type Selling } from './product-draft.js';
import { ProductOptions } from './ProductOptions.js';
import { ProductSelling } from './ProductSelling.js';
import { useLiveStock } from './useLiveStock.js';
import { syncVariants, type OptionDraft, type VariantDraft } from './variants.js';
import { VariantsTable } from './VariantsTable.js';
import { apiPath } from '../../api/client.js';
import { SeoPanel } from '../seo/SeoPanel.js';

export function ProductEditorScreen({ collectionId, itemId }: { collectionId: string; itemId?: string }) {
  const { websiteId } = useSession();
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const product = useApi<ContentItem>(itemId ? `${base}/items/${itemId}` : null);
  const categories = useApi<{ items: Category[] }>(`${base}/categories?limit=200`);
  const currency = useCurrency();
  if (itemId) {
    return (
      <Loaded resource={product}>
        {(item) => <ProductEditor key={item.id} collectionId={collectionId} item={item} categories={categories.data?.items ?? []} currency={currency} />}
      </Loaded>
    );
  }
  return <ProductEditor collectionId={collectionId} categories={categories.data?.items ?? []} currency={currency} />;
}

function ProductEditor({ collectionId, item, categories, currency }: { collectionId: string; item?: ContentItem; categories: Category[]; currency: CurrencyCode }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const [draft, setDraft] = useState<ProductDraft>(() => productDraftOf(item, currency));
  // What the draft is compared with: the product as opened, then as last saved.
  const [saved, setSaved] = useState(draft);
  const guard = useUnsavedChanges(changed(draft, saved));
  const update = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const { title, status, productType, body, excerpt, tags, categoryIds, images, options, variants, denominations } = draft;
  const forms = useApi<{ forms: FormDefinition[] }>(can(Permission.CONTENT_READ) ? apiPath('/rest/forms/definitions') : null);
  const action = useAction();
  const { modal, confirm } = useConfirm();
  // Creating moves to the product's own address; the notice travels in the query.
  const justCreated = useLocation().query.get('created') === '1';
  // The live stock is read into the saved version too: reading it changes nothing to save.
  const saveStock = useLiveStock(item, (apply) => {
    setDraft((d) => ({ ...d, variants: apply(d.variants) }));
    setSaved((d) => ({ ...d, variants: apply(d.variants) }));
  });

  const isGiftCard = productType === ProductType.GIFT_CARD;
  const isDigital = productType === ProductType.DIGITAL;
  const setOptionsAndSync = (next: OptionDraft[]) => update({ options: next, variants: syncVariants(next, variants, title) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload = productBody(draft, currency);
    if (typeof payload === 'string') return action.fail(payload);
    const stored = await action.run(async () => {
      const answer = item ? await api<ContentItem>('PUT', `${base}/items/${item.id}`, payload) : await api<ContentItem>('POST', `${base}/items`, payload);
      await saveStock(variants);
      return answer;
    }, 'Product saved');
    if (!stored) return;
    setSaved(draft);
    guard.release();
    if (!item) navigate(`/store/${collectionId}/products/${stored.id}?created=1`, { replace: true });
  };

  const remove = async () => {
    if (!item || !(await confirm({ title: 'Delete product', message: `Delete ${item.title}? This cannot be undone.`, confirmLabel: 'Delete' }))) return;
    const done = await action.run(() => api('DELETE', `${base}/items/${item.id}`));
    if (done !== undefined) navigate(`/store/${collectionId}`, { force: true });
  };

  const setVariant = (index: number, patch: Partial<VariantDraft>) => update({ variants: variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) });

  return (
    <Page title={item ? item.title : 'New product'} actions={<Link to={`/store/${collectionId}`}>Back to products</Link>}>
      {item ? (
        <p>
          <a href={item.fullUrl} target="_blank" rel="noreferrer">
            View on the site
          </a>
        </p>
      ) : null}
      <form className="stack" onSubmit={(e) => void save(e)}>
        <fieldset disabled={!editable}>
          <legend>Product</legend>
          <Field label="Product name">
            <input value={title} required maxLength={200} onChange={(e) => update({ title: e.target.value })} />
          </Field>
          <Field label="Product type">
            <select value={productType} onChange={(e) => update({ productType: Number(e.target.value) })}>
              {Object.values(ProductType).map((type) => (
                <option key={type} value={type}>
                  {productTypeName(type)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select value={status} onChange={(e) => update({ status: e.target.value as ItemStatus })}>
              <option value="published">Published</option>
              <option value="draft">Draft</option>
              <option value="private">Private</option>
              <option value="needs-review">Needs Review</option>
            </select>
          </Field>
          <Field label="Short description">
            <textarea rows={2} value={excerpt} onChange={(e) => update({ excerpt: e.target.value })} />
          </Field>
          <Field label="Description">
            <textarea rows={5} value={body} onChange={(e) => update({ body: e.target.value })} />
          </Field>
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>Images</legend>
          <ImagesEditor images={images} onChange={(next) => update({ images: next })} disabled={!editable} />
        </fieldset>
        <SeoPanel
          value={draft.seo}
          onChange={(seo) => update({ seo })}
          slug={item ? { value: draft.urlId, onChange: (urlId) => update({ urlId }), prefix: item.fullUrl.slice(0, item.fullUrl.length - item.urlId.length) } : undefined}
          page={{ title: title || 'New product', excerpt, body, image: images[0]?.assetUrl ?? null, path: item?.fullUrl ?? '/' }}
          disabled={!editable}
        />
        {isGiftCard ? (
          <fieldset disabled={!editable}>
            <legend>Gift card amounts</legend>
            <Field label="Amounts" hint={`In ${currency}, separated by commas`}>
              <input value={denominations} onChange={(e) => update({ denominations: e.target.value })} />
            </Field>
          </fieldset>
        ) : (
          <>
            {isDigital ? null : <ProductOptions options={options} disabled={!editable} onChange={setOptionsAndSync} onAdd={(next) => update({ options: next })} />}
            <VariantsTable variants={variants} currency={currency} disabled={!editable} onChange={setVariant} />
          </>
        )}
        <fieldset disabled={!editable}>
          <legend>Categories and tags</legend>
          {categories.filter((c) => c.type !== 'ROOT').length === 0 ? <p className="hint">This store has no categories yet.</p> : null}
          {categories
            .filter((c) => c.type !== 'ROOT')
            .map((category) => (
              <Check
                key={category.id}
                label={category.displayName}
                checked={categoryIds.includes(category.id)}
                onChange={(on) => update({ categoryIds: on ? [...categoryIds, category.id] : categoryIds.filter((id) => id !== category.id) })}
              />
            ))}
          <TagsEditor tagType="tag" label="Tags" values={tags} onChange={(next) => update({ tags: next })} disabled={!editable} />
        </fieldset>
        <ProductSelling
          selling={draft.selling}
          productType={productType}
          forms={forms.data?.forms ?? []}
          disabled={!editable}
          onChange={(patch: Partial<Selling>) => setDraft((d) => ({ ...d, selling: { ...d.selling, ...patch } }))}
        />
        <Outcome action={action} />
        {justCreated && !action.error && !action.notice ? <p role="status">Product saved</p> : null}
        {editable ? (
          <div className="row">
            <button type="submit" className="primary" disabled={action.busy}>
              {item ? 'Save product' : 'Create product'}
            </button>
            {item ? (
              <button type="button" className="danger" onClick={() => void remove()}>
                Delete product
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
      {modal}
    </Page>
  );
}
