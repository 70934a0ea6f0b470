// A product: type, text, images, options (with their order) and one variant per combination with
// its SKU, price, sale price, stock; subscriptions, gift-card amounts, the custom button text and
// the additional-fields form. Stock typed for a new variant is its initial stock; for existing
// variants it is the live stock of the cart service, changed through the inventory call.
// The form is react-hook-form's, checked with the contracts' ProductForm (inline errors, a toast on
// save or failure); the body it sends is parsed with the server's own ProductBody first. On a wide
// screen it has two columns: what the product is on the left; status, price and stock at a glance,
// and organisation on the right. One column on a phone. The description is rich text with the page
// editor's Tiptap setup (stored as the HTML the render service sanitises); images are a grid dragged
// into order with files dropped on it uploaded; chosen variants take one price or stock at once.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { schemaResolver } from '../schema-form.js';
import {
  AdminFormMessages,
  Permission,
  ProductBody,
  ProductType,
  productTypeName,
  type Category,
  type ContentItem,
  type CurrencyCode,
  type FormDefinition,
} from '@sc/contracts';
import { ProductForm } from '@sc/contracts/admin-forms';
import { api, useAction, useApi } from '../data.js';
import { ImagesEditor } from '../images.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { TagsEditor } from '../TagsEditor.js';
import { Check, Field, Loaded, Page, Problem, useConfirm } from '../ui.js';
import { parseAmount, showMinor, useCurrency } from '../money.js';
import { changed, useUnsavedChanges } from '../unsaved.js';
import { productBody, productDraftOf, stockOf, type ProductDraft, type Selling } from './product-draft.js';
import { ProductOptions } from './ProductOptions.js';
import { ProductSelling } from './ProductSelling.js';
import { useLiveStock } from './useLiveStock.js';
import { syncVariants, type VariantDraft } from './variants.js';
import { VariantsTable } from './VariantsTable.js';
import { apiPath } from '../../api/client.js';
import { SeoPanel } from '../seo/SeoPanel.js';

// The page editor's Tiptap setup, loaded with the first product opened (not with the store's lists).
const RichText = lazy(() => import('../editor/RichText.js').then((m) => ({ default: m.RichText })));

export function ProductEditorScreen({ collectionId, itemId }: { collectionId: string; itemId?: string }) {
  const { websiteId } = useSession();
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const product = useApi<ContentItem>(itemId ? `${base}/items/${itemId}` : null);
  const categories = useApi<{ items: Category[] }>(`${base}/categories?limit=200`);
  const currency = useCurrency();
  if (itemId) {
    return (
      <Loaded resource={product}>
        {(item) => (
          <ProductEditor
            key={item.id}
            collectionId={collectionId}
            item={item}
            categories={categories.data?.items ?? []}
            currency={currency}
          />
        )}
      </Loaded>
    );
  }
  return <ProductEditor collectionId={collectionId} categories={categories.data?.items ?? []} currency={currency} />;
}

function ProductEditor({
  collectionId,
  item,
  categories,
  currency,
}: {
  collectionId: string;
  item?: ContentItem;
  categories: Category[];
  currency: CurrencyCode;
}) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const initial = useMemo(() => productDraftOf(item, currency), [item, currency]);
  const form = useForm<ProductDraft>({
    defaultValues: initial,
    resolver: schemaResolver<ProductDraft>(ProductForm),
    reValidateMode: 'onChange',
  });
  const { register, setValue, getValues, handleSubmit, formState } = form;
  const errors: FieldErrors<ProductDraft> = formState.errors;
  const draft = form.watch();
  // What the draft is compared with: the product as opened, then as last saved.
  const [saved, setSaved] = useState(initial);
  const dirty = changed(draft, saved);
  const guard = useUnsavedChanges(dirty);
  const update = (patch: Partial<ProductDraft>) => {
    for (const [key, value] of Object.entries(patch) as [keyof ProductDraft, ProductDraft[keyof ProductDraft]][]) {
      setValue(key, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };
  const { title, productType, excerpt, body, tags, categoryIds, images, options, variants } = draft;
  const forms = useApi<{ forms: FormDefinition[] }>(can(Permission.CONTENT_READ) ? apiPath('/rest/forms/definitions') : null);
  const action = useAction({ toastAs: 'Product' });
  const removal = useAction();
  const { modal, confirm } = useConfirm();
  // The live stock is read into the saved version too: reading it changes nothing to save.
  const saveStock = useLiveStock(item, (apply) => {
    setValue('variants', apply(getValues('variants')));
    setSaved((d) => ({ ...d, variants: apply(d.variants) }));
  });

  const isGiftCard = productType === ProductType.GIFT_CARD;
  const isDigital = productType === ProductType.DIGITAL;
  const setOptionsAndSync = (next: ProductDraft['options']) =>
    update({ options: next, variants: syncVariants(next, getValues('variants'), getValues('title')) });

  // The values as typed (the check's trimmed ones are not what the draft is compared with).
  const save = async () => {
    const current = getValues();
    const payload = productBody(current, currency);
    if (typeof payload === 'string') return action.fail(payload);
    // The server's own schema: what it would refuse is said here, before sending.
    const checked = ProductBody.safeParse(payload);
    if (!checked.success)
      return action.fail(
        checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)[0] ?? AdminFormMessages.checkFields,
      );
    const stored = await action.run(async () => {
      const answer = item
        ? await api<ContentItem>('PUT', `${base}/items/${item.id}`, payload)
        : await api<ContentItem>('POST', `${base}/items`, payload);
      await saveStock(current.variants);
      return answer;
    }, 'Product saved');
    if (!stored) return;
    setSaved(current);
    guard.release();
    if (!item) navigate(`/store/${collectionId}/products/${stored.id}`, { replace: true });
  };
  const refused = () => action.fail(AdminFormMessages.checkFields);

  const remove = async () => {
    if (
      !item ||
      !(await confirm({ title: 'Delete product', message: `Delete ${item.title}? This cannot be undone.`, confirmLabel: 'Delete' }))
    )
      return;
    const done = await removal.run(() => api('DELETE', `${base}/items/${item.id}`));
    if (done !== undefined) navigate(`/store/${collectionId}`, { force: true });
  };

  const setVariant = (index: number, patch: Partial<VariantDraft>) =>
    update({ variants: getValues('variants').map((v, i) => (i === index ? { ...v, ...patch } : v)) });
  const setVariants = (indices: number[], patch: Partial<VariantDraft>) =>
    update({ variants: getValues('variants').map((v, i) => (indices.includes(i) ? { ...v, ...patch } : v)) });
  const variantError = (index: number, field: keyof VariantDraft): string | undefined => {
    const problem = errors.variants?.[index]?.[field];
    return problem && 'message' in problem && typeof problem.message === 'string' ? problem.message : undefined;
  };
  const visibleCategories = categories.filter((c) => c.type !== 'ROOT');

  return (
    <Page title={item ? item.title : 'New product'} actions={<Link to={`/store/${collectionId}`}>Back to products</Link>}>
      <form className="product-editor" noValidate onSubmit={(e) => void handleSubmit(save, refused)(e)}>
        <div className="product-main">
          <fieldset disabled={!editable}>
            <legend>Product</legend>
            <Field label="Product name" error={errors.title?.message}>
              <input {...register('title')} maxLength={200} aria-invalid={errors.title ? true : undefined} />
            </Field>
            <Field label="Short description" error={errors.excerpt?.message}>
              <textarea rows={2} {...register('excerpt')} />
            </Field>
            <div className="field">
              <span className="field-label">Description</span>
              <Suspense fallback={<p aria-busy="true">Loading the editor…</p>}>
                <RichText label="Description" value={body} disabled={!editable} onChange={(html) => update({ body: html })} />
              </Suspense>
              {errors.body?.message ? (
                <span className="field-error" role="alert">
                  {errors.body.message}
                </span>
              ) : null}
            </div>
          </fieldset>
          <fieldset disabled={!editable}>
            <legend>Images</legend>
            <ImagesEditor images={images} onChange={(next) => update({ images: next })} disabled={!editable} />
          </fieldset>
          {isGiftCard ? (
            <fieldset disabled={!editable}>
              <legend>Gift card amounts</legend>
              <Field label="Amounts" hint={`In ${currency}, separated by commas`} error={errors.denominations?.message}>
                <input {...register('denominations')} aria-invalid={errors.denominations ? true : undefined} />
              </Field>
            </fieldset>
          ) : (
            <>
              {isDigital ? null : (
                <ProductOptions
                  options={options}
                  disabled={!editable}
                  onChange={setOptionsAndSync}
                  onAdd={(next) => update({ options: next })}
                />
              )}
              <VariantsTable
                variants={variants}
                currency={currency}
                disabled={!editable}
                onChange={setVariant}
                errorOf={variantError}
                onBulk={setVariants}
              />
            </>
          )}
          <ProductSelling
            selling={draft.selling}
            productType={productType}
            forms={forms.data?.forms ?? []}
            disabled={!editable}
            errors={{
              billingValue: errors.selling?.billingValue?.message,
              cycles: errors.selling?.cycles?.message,
              customButton: errors.selling?.customButton?.message,
            }}
            onChange={(patch: Partial<Selling>) => update({ selling: { ...getValues('selling'), ...patch } })}
          />
          <SeoPanel
            value={draft.seo}
            onChange={(seo) => update({ seo })}
            slug={
              item
                ? {
                    value: draft.urlId,
                    onChange: (urlId) => update({ urlId }),
                    prefix: item.fullUrl.slice(0, item.fullUrl.length - item.urlId.length),
                  }
                : undefined
            }
            page={{ title: title || 'New product', excerpt, body, image: images[0]?.assetUrl ?? null, path: item?.fullUrl ?? '/' }}
            disabled={!editable}
          />
        </div>
        <div className="product-side">
          <fieldset disabled={!editable}>
            <legend>Status</legend>
            <Field label="Status">
              <select {...register('status')}>
                <option value="published">Published</option>
                <option value="draft">Draft</option>
                <option value="private">Private</option>
                <option value="needs-review">Needs Review</option>
              </select>
            </Field>
            {item ? (
              <p className="m-0 text-sm">
                <a href={item.fullUrl} target="_blank" rel="noreferrer">
                  View on the site
                </a>
              </p>
            ) : null}
          </fieldset>
          {isGiftCard ? null : <PriceAndStock variants={variants} currency={currency} />}
          <fieldset disabled={!editable}>
            <legend>Organisation</legend>
            <Field label="Product type">
              <select {...register('productType', { valueAsNumber: true })}>
                {Object.values(ProductType).map((type) => (
                  <option key={type} value={type}>
                    {productTypeName(type)}
                  </option>
                ))}
              </select>
            </Field>
            <div role="group" aria-label="Categories" className="product-categories">
              <span className="field-label">Categories</span>
              {visibleCategories.length === 0 ? <p className="hint">This store has no categories yet.</p> : null}
              {visibleCategories.map((category) => (
                <Check
                  key={category.id}
                  label={category.displayName}
                  checked={categoryIds.includes(category.id)}
                  onChange={(on) =>
                    update({ categoryIds: on ? [...categoryIds, category.id] : categoryIds.filter((id) => id !== category.id) })
                  }
                />
              ))}
            </div>
            <TagsEditor tagType="tag" label="Tags" values={tags} onChange={(next) => update({ tags: next })} disabled={!editable} />
          </fieldset>
        </div>
        {editable ? (
          <div className="product-savebar">
            <div className="product-savebar-note">
              <Problem message={action.error ?? removal.error} />
              {dirty && !action.error ? <span className="hint">Unsaved changes</span> : null}
            </div>
            {item ? (
              <button type="button" className="danger" onClick={() => void remove()}>
                Delete product
              </button>
            ) : null}
            <button type="submit" className="primary" disabled={action.busy}>
              {item ? 'Save product' : 'Create product'}
            </button>
          </div>
        ) : null}
      </form>
      {modal}
    </Page>
  );
}

/** The side's summary of the variants: the price (or its range) and the stock. */
function PriceAndStock({ variants, currency }: { variants: VariantDraft[]; currency: CurrencyCode }) {
  const prices = variants.map((v) => parseAmount(v.price, currency)).filter((p): p is number => p !== undefined);
  const low = prices.length ? Math.min(...prices) : undefined;
  const high = prices.length ? Math.max(...prices) : undefined;
  const price =
    low === undefined || high === undefined
      ? '—'
      : low === high
        ? showMinor(low, currency)
        : `${showMinor(low, currency)} – ${showMinor(high, currency)}`;
  const unlimited = variants.some((v) => v.unlimited);
  const stock = variants.filter((v) => !v.unlimited).reduce((sum, v) => sum + stockOf(v), 0);
  const onSale = variants.filter((v) => v.onSale).length;
  return (
    <section className="product-summary" aria-label="Price and stock">
      <h2>Price and stock</h2>
      <dl>
        <dt>Price</dt>
        <dd>{price}</dd>
        <dt>In stock</dt>
        <dd>{unlimited && stock === 0 ? 'Unlimited' : `${stock}${unlimited ? ' + unlimited' : ''}`}</dd>
        <dt>Variants</dt>
        <dd>
          {variants.length}
          {onSale ? ` (${onSale} on sale)` : ''}
        </dd>
      </dl>
      <p className="hint">Edit each variant's price and stock under Variants.</p>
    </section>
  );
}
