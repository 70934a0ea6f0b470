// A product: type, text, images, options (with their order) and one variant per combination with
// its SKU, price, sale price, stock; subscriptions, gift-card amounts, the custom button text and
// the additional-fields form. Stock typed for a new variant is its initial stock; for existing
// variants it is the live stock of the cart service, changed through the inventory call.
import { useEffect, useState, type FormEvent } from 'react';
import {
  ContentMessages,
  Permission,
  ProductType,
  SUBSCRIBABLE_PRODUCT_TYPES,
  productTypeName,
  type BillingUnit,
  type Category,
  type ContentItem,
  type CurrencyCode,
  type FormDefinition,
  type ImageBody,
  type ItemBody,
  type ItemStatus,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { ImagesEditor } from '../images.js';
import { decimalOf, moneyOf, parseAmount, useCurrency } from '../money.js';
import { Link, navigate, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { TagsEditor } from '../TagsEditor.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm } from '../ui.js';
import { move, syncVariants, type OptionDraft, type VariantDraft } from './variants.js';
import { apiPath } from '../../api/client.js';

interface InventoryRow {
  itemId: string;
  variantId: string;
  qtyInStock: number;
  unlimited: boolean;
}

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

function optionsOf(item: ContentItem | undefined): OptionDraft[] {
  const order = item?.variantOptionOrdering ?? [];
  const variants = item?.structuredContent?.variants ?? [];
  return order.map((name) => ({ name, values: [...new Set(variants.map((v) => v.attributes[name]).filter((v): v is string => Boolean(v)))] }));
}

function variantsOf(item: ContentItem | undefined, currency: CurrencyCode): VariantDraft[] {
  return (item?.structuredContent?.variants ?? []).map((v) => ({
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    price: decimalOf(v.priceMoney.value, currency),
    salePrice: v.onSale || v.salePriceMoney.value !== '0' ? decimalOf(v.salePriceMoney.value, currency) : '',
    onSale: v.onSale,
    qtyInStock: String(v.qtyInStock),
    unlimited: v.unlimited,
  }));
}

function ProductEditor({ collectionId, item, categories, currency }: { collectionId: string; item?: ContentItem; categories: Category[]; currency: CurrencyCode }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.STORE_MANAGE);
  const base = apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}', { websiteId, collectionId });
  const sc = item?.structuredContent;
  const [title, setTitle] = useState(item?.title ?? '');
  const [status, setStatus] = useState<ItemStatus>(item?.status ?? 'published');
  const [productType, setProductType] = useState<number>(sc?.productType ?? ProductType.PHYSICAL);
  const [body, setBody] = useState(item?.body ?? '');
  const [excerpt, setExcerpt] = useState(item?.excerpt ?? '');
  const [tags, setTags] = useState<string[]>(item?.tags ?? []);
  const [categoryIds, setCategoryIds] = useState<string[]>(item?.categoryIds ?? []);
  const [images, setImages] = useState<ImageBody[]>(() => (item?.items ?? (item?.mainImage ? [item.mainImage] : [])));
  const [options, setOptions] = useState<OptionDraft[]>(() => optionsOf(item));
  const [variants, setVariants] = useState<VariantDraft[]>(() => (item ? variantsOf(item, currency) : syncVariants([], [], '')));
  const [isSubscribable, setSubscribable] = useState(sc?.isSubscribable ?? false);
  const [billingValue, setBillingValue] = useState(String(sc?.subscriptionPlan?.billingPeriod.value ?? 1));
  const [billingUnit, setBillingUnit] = useState<BillingUnit>(sc?.subscriptionPlan?.billingPeriod.unit ?? 'MONTH');
  const [cycles, setCycles] = useState(String(sc?.subscriptionPlan?.numBillingCycles ?? 0));
  const [denominations, setDenominations] = useState((sc?.giftCardDenominations ?? []).map((m) => decimalOf(m.value, currency)).join(', '));
  const [useCustomButton, setUseCustomButton] = useState(sc?.useCustomAddButtonText ?? false);
  const [customButton, setCustomButton] = useState(sc?.customAddButtonText ?? '');
  const [formId, setFormId] = useState(sc?.additionalFieldsFormId ?? '');
  const [live, setLive] = useState<Map<string, InventoryRow>>(new Map());
  const [newOption, setNewOption] = useState('');
  const forms = useApi<{ forms: FormDefinition[] }>(can(Permission.CONTENT_READ) ? apiPath('/rest/forms/definitions') : null);
  const action = useAction();
  const { modal, confirm } = useConfirm();
  // Creating moves to the product's own address; the notice travels in the query.
  const justCreated = useLocation().query.get('created') === '1';

  // Live stock of the existing variants (the cart service's, not the product's initial stock).
  useEffect(() => {
    if (!item) return;
    api<{ inventory: InventoryRow[] }>('GET', `${apiPath('/commerce/inventory')}?itemId=${encodeURIComponent(item.id)}`).then(
      ({ inventory }) => {
        const rows = new Map(inventory.map((row) => [row.variantId, row]));
        setLive(rows);
        setVariants((current) => current.map((v) => (v.id && rows.has(v.id) ? { ...v, qtyInStock: String(rows.get(v.id)?.qtyInStock ?? 0), unlimited: rows.get(v.id)?.unlimited ?? false } : v)));
      },
      () => undefined,
    );
  }, [item]);

  const isGiftCard = productType === ProductType.GIFT_CARD;
  const isDigital = productType === ProductType.DIGITAL;
  const setOptionsAndSync = (next: OptionDraft[]) => {
    setOptions(next);
    setVariants(syncVariants(next, variants, title));
  };

  const buildBody = (): ItemBody | string => {
    const amounts: { sku: string; price: number; sale?: number }[] = [];
    for (const v of isGiftCard ? [] : variants) {
      const price = parseAmount(v.price, currency);
      if (price === undefined) return `Enter the price of ${v.sku || 'each variant'} as an amount such as 12.50.`;
      const sale = v.salePrice.trim() ? parseAmount(v.salePrice, currency) : undefined;
      if (v.salePrice.trim() && sale === undefined) return `Enter the sale price of ${v.sku} as an amount such as 9.50.`;
      if (v.onSale && sale === undefined) return ContentMessages.salePriceRequired;
      amounts.push({ sku: v.sku, price, ...(sale !== undefined ? { sale } : {}) });
    }
    const giftAmounts = isGiftCard ? denominations.split(',').map((d) => d.trim()).filter(Boolean) : [];
    const parsedGift = giftAmounts.map((d) => parseAmount(d, currency));
    if (parsedGift.some((d) => d === undefined)) return 'Enter the gift card amounts as numbers separated by commas, e.g. 25, 50.';
    if (isGiftCard && parsedGift.length === 0) return ContentMessages.giftCardDenominationsRequired;
    return {
      recordType: 11,
      title: title.trim(),
      status,
      body,
      excerpt,
      tags,
      categoryIds,
      images,
      structuredContent: {
        productType: productType as 1,
        variantOptionOrdering: isGiftCard || isDigital ? [] : options.map((o) => o.name.trim()).filter(Boolean),
        variants: isGiftCard
          ? []
          : variants.map((v, i) => ({
              ...(v.id ? { id: v.id } : {}),
              sku: v.sku.trim(),
              attributes: isDigital ? {} : v.attributes,
              priceMoney: moneyOf(amounts[i]?.price ?? 0, currency),
              ...(amounts[i]?.sale !== undefined ? { salePriceMoney: moneyOf(amounts[i]?.sale ?? 0, currency) } : {}),
              onSale: v.onSale,
              qtyInStock: Math.max(0, Number.parseInt(v.qtyInStock, 10) || 0),
              unlimited: v.unlimited,
            })),
        isSubscribable: SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as 1) && isSubscribable,
        subscriptionPlan:
          SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as 1) && isSubscribable
            ? { billingPeriod: { value: Number(billingValue) || 1, unit: billingUnit }, numBillingCycles: Number(cycles) || 0 }
            : null,
        additionalFieldsFormId: formId || null,
        useCustomAddButtonText: useCustomButton,
        customAddButtonText: customButton,
        giftCardDenominations: parsedGift.map((d) => moneyOf(d ?? 0, currency)),
      },
    };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const payload = buildBody();
    if (typeof payload === 'string') return action.fail(payload);
    const saved = await action.run(async () => {
      const answer = item ? await api<ContentItem>('PUT', `${base}/items/${item.id}`, payload) : await api<ContentItem>('POST', `${base}/items`, payload);
      // Existing variants: a changed stock goes to the cart service's live stock.
      for (const v of variants) {
        const row = v.id ? live.get(v.id) : undefined;
        const qty = Math.max(0, Number.parseInt(v.qtyInStock, 10) || 0);
        if (row && (row.qtyInStock !== qty || row.unlimited !== v.unlimited)) {
          await api('PUT', apiPath('/commerce/inventory/{itemId}/{variantId}', { itemId: row.itemId, variantId: row.variantId }), { qtyInStock: qty, unlimited: v.unlimited });
        }
      }
      return answer;
    }, 'Product saved');
    if (saved && !item) navigate(`/store/${collectionId}/products/${saved.id}?created=1`, { replace: true });
  };

  const remove = async () => {
    if (!item || !(await confirm({ title: 'Delete product', message: `Delete ${item.title}? This cannot be undone.`, confirmLabel: 'Delete' }))) return;
    const done = await action.run(() => api('DELETE', `${base}/items/${item.id}`));
    if (done !== undefined) navigate(`/store/${collectionId}`);
  };

  const setVariant = (index: number, patch: Partial<VariantDraft>) => setVariants(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));

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
            <input value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label="Product type">
            <select value={productType} onChange={(e) => setProductType(Number(e.target.value))}>
              {Object.values(ProductType).map((type) => (
                <option key={type} value={type}>
                  {productTypeName(type)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select value={status} onChange={(e) => setStatus(e.target.value as ItemStatus)}>
              <option value="published">Published</option>
              <option value="draft">Draft</option>
              <option value="private">Private</option>
              <option value="needs-review">Needs Review</option>
            </select>
          </Field>
          <Field label="Short description">
            <textarea rows={2} value={excerpt} onChange={(e) => setExcerpt(e.target.value)} />
          </Field>
          <Field label="Description">
            <textarea rows={5} value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>Images</legend>
          <ImagesEditor images={images} onChange={setImages} disabled={!editable} />
        </fieldset>
        {isGiftCard ? (
          <fieldset disabled={!editable}>
            <legend>Gift card amounts</legend>
            <Field label="Amounts" hint={`In ${currency}, separated by commas`}>
              <input value={denominations} onChange={(e) => setDenominations(e.target.value)} />
            </Field>
          </fieldset>
        ) : (
          <>
            {isDigital ? null : (
              <fieldset disabled={!editable}>
                <legend>Options</legend>
                {options.map((option, index) => (
                  <div key={index} className="row" aria-label={`Option ${option.name}`}>
                    <Field label="Option name">
                      <input value={option.name} onChange={(e) => setOptionsAndSync(options.map((o, i) => (i === index ? { ...o, name: e.target.value } : o)))} />
                    </Field>
                    <Field label={`Values of ${option.name || 'this option'}`} hint="Separated by commas">
                      <input
                        key={option.values.join('|')}
                        defaultValue={option.values.join(', ')}
                        onBlur={(e) =>
                          setOptionsAndSync(
                            options.map((o, i) => (i === index ? { ...o, values: [...new Set(e.target.value.split(',').map((v) => v.trim()).filter(Boolean))] } : o)),
                          )
                        }
                      />
                    </Field>
                    <button type="button" aria-label={`Move option ${option.name} up`} disabled={index === 0} onClick={() => setOptionsAndSync(move(options, index, -1))}>
                      ↑
                    </button>
                    <button type="button" aria-label={`Move option ${option.name} down`} disabled={index === options.length - 1} onClick={() => setOptionsAndSync(move(options, index, 1))}>
                      ↓
                    </button>
                    <button type="button" aria-label={`Remove option ${option.name}`} onClick={() => setOptionsAndSync(options.filter((_, i) => i !== index))}>
                      Remove
                    </button>
                  </div>
                ))}
                {options.length < 6 ? (
                  <div className="row">
                    <Field label="New option">
                      <input value={newOption} placeholder="e.g. Size" onChange={(e) => setNewOption(e.target.value)} />
                    </Field>
                    <button
                      type="button"
                      disabled={!newOption.trim() || options.some((o) => o.name.trim().toLowerCase() === newOption.trim().toLowerCase())}
                      onClick={() => {
                        setOptions([...options, { name: newOption.trim(), values: [] }]);
                        setNewOption('');
                      }}
                    >
                      Add option
                    </button>
                  </div>
                ) : null}
              </fieldset>
            )}
            <fieldset disabled={!editable}>
              <legend>Variants</legend>
              <table>
                <thead>
                  <tr>
                    <th>Variant</th>
                    <th>SKU</th>
                    <th>Price ({currency})</th>
                    <th>Sale price</th>
                    <th>On sale</th>
                    <th>Stock</th>
                    <th>Unlimited</th>
                  </tr>
                </thead>
                <tbody>
                  {variants.map((v, index) => {
                    const name = Object.values(v.attributes).join(' / ') || 'Default';
                    return (
                      <tr key={`${index}-${name}`} aria-label={`Variant ${name}`}>
                        <td>{name}</td>
                        <td>
                          <input aria-label={`SKU of ${name}`} value={v.sku} required onChange={(e) => setVariant(index, { sku: e.target.value })} size={14} />
                        </td>
                        <td>
                          <input aria-label={`Price of ${name}`} value={v.price} inputMode="decimal" required onChange={(e) => setVariant(index, { price: e.target.value })} size={8} />
                        </td>
                        <td>
                          <input aria-label={`Sale price of ${name}`} value={v.salePrice} inputMode="decimal" onChange={(e) => setVariant(index, { salePrice: e.target.value })} size={8} />
                        </td>
                        <td>
                          <input type="checkbox" aria-label={`${name} on sale`} checked={v.onSale} onChange={(e) => setVariant(index, { onSale: e.target.checked })} />
                        </td>
                        <td>
                          <input aria-label={`Stock of ${name}`} type="number" min={0} value={v.qtyInStock} disabled={v.unlimited} onChange={(e) => setVariant(index, { qtyInStock: e.target.value })} style={{ width: '5rem' }} />
                        </td>
                        <td>
                          <input type="checkbox" aria-label={`${name} unlimited stock`} checked={v.unlimited} onChange={(e) => setVariant(index, { unlimited: e.target.checked })} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </fieldset>
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
                onChange={(on) => setCategoryIds(on ? [...categoryIds, category.id] : categoryIds.filter((id) => id !== category.id))}
              />
            ))}
          <TagsEditor tagType="tag" label="Tags" values={tags} onChange={setTags} disabled={!editable} />
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>Selling</legend>
          {SUBSCRIBABLE_PRODUCT_TYPES.includes(productType as 1) ? (
            <>
              <Check label="Sell as a subscription" checked={isSubscribable} onChange={setSubscribable} />
              {isSubscribable ? (
                <div className="row">
                  <Field label="Every">
                    <input type="number" min={1} max={52} value={billingValue} onChange={(e) => setBillingValue(e.target.value)} style={{ width: '4rem' }} />
                  </Field>
                  <Field label="Period">
                    <select value={billingUnit} onChange={(e) => setBillingUnit(e.target.value as BillingUnit)}>
                      <option value="WEEK">Weeks</option>
                      <option value="MONTH">Months</option>
                      <option value="YEAR">Years</option>
                    </select>
                  </Field>
                  <Field label="Billing cycles" hint="0 runs until cancelled">
                    <input type="number" min={0} max={520} value={cycles} onChange={(e) => setCycles(e.target.value)} style={{ width: '5rem' }} />
                  </Field>
                </div>
              ) : null}
            </>
          ) : null}
          <Check label="Custom add-to-cart button text" checked={useCustomButton} onChange={setUseCustomButton} />
          {useCustomButton ? (
            <Field label="Button text">
              <input value={customButton} maxLength={60} onChange={(e) => setCustomButton(e.target.value)} />
            </Field>
          ) : null}
          <Field label="Additional fields form">
            <select value={formId} onChange={(e) => setFormId(e.target.value)}>
              <option value="">None</option>
              {(forms.data?.forms ?? []).map((form) => (
                <option key={form.id} value={form.id}>
                  {form.settings.name}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
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
