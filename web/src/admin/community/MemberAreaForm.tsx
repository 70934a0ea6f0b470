// The form of a member area (block type 67): its words, how it is joined (free: any site account;
// paid: buying one of its plan products, or a subscription to one) and which pages and
// collections it gates. Used to create an area and to change one.
import { useState, type FormEvent } from 'react';
import { CollectionType, RecordType, type Collection, type ContentItem, type MemberArea, type MemberAreaBody } from '@sc/contracts';
import { useApi } from '../data.js';
import { useSession } from '../session.js';
import { useCollections } from '../store/StoreHome.js';
import { Check, Field, Loaded } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

/** Collections an area may gate: everything but stores (a store's products are what a plan sells). */
const gateable = (c: Collection) => c.type !== CollectionType.PRODUCTS;

export function emptyArea(): MemberAreaBody {
  return { title: '', description: '', access: 'free', planProductIds: [], collectionIds: [], deniedMessage: '' };
}

export function bodyOf(area: MemberArea): MemberAreaBody {
  return {
    title: area.title,
    description: area.description,
    access: area.access,
    planProductIds: area.planProductIds,
    collectionIds: area.collectionIds,
    deniedMessage: area.deniedMessage,
  };
}

/** The products of every store of the website (the plans a paid area may be bought with). */
function usePlanProducts(stores: Collection[]) {
  const { websiteId } = useSession();
  const first = stores[0];
  // Stores beyond the first are rare; their products are listed once picked below.
  const [storeId, setStoreId] = useState(first?.id ?? '');
  const products = useApi<{ items: ContentItem[] }>(
    storeId
      ? `${apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/items', { websiteId, collectionId: storeId })}?limit=200`
      : null,
  );
  return { storeId, setStoreId, products };
}

function PlanPicker({ stores, value, onChange }: { stores: Collection[]; value: string[]; onChange: (ids: string[]) => void }) {
  const { storeId, setStoreId, products } = usePlanProducts(stores);
  if (stores.length === 0)
    return <p className="hint">Add a store and a product first: a paid area is joined by buying one of its products.</p>;
  return (
    <fieldset>
      <legend>Plans</legend>
      {stores.length > 1 ? (
        <Field label="Store">
          <select value={storeId} onChange={(e) => setStoreId(e.target.value)}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Loaded resource={products}>
        {(data) => {
          const items = data.items.filter((p) => p.recordType === RecordType.STORE_ITEM);
          return items.length === 0 ? (
            <p className="hint">This store has no products yet.</p>
          ) : (
            <>
              {items.map((p) => (
                <Check
                  key={p.id}
                  label={p.title}
                  checked={value.includes(p.id)}
                  onChange={(on) => onChange(on ? [...value, p.id] : value.filter((id) => id !== p.id))}
                />
              ))}
            </>
          );
        }}
      </Loaded>
    </fieldset>
  );
}

export function MemberAreaForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: MemberAreaBody;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: MemberAreaBody) => void;
}) {
  const [body, setBody] = useState<MemberAreaBody>(initial);
  // Saving gives the form a new key (a new initial version); creating moves to the new area.
  useDraftGuard(body);
  const collections = useCollections();
  const set = (patch: Partial<MemberAreaBody>) => setBody((b) => ({ ...b, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...body, title: body.title.trim(), planProductIds: body.access === 'paid' ? body.planProductIds : [] });
  };
  const gated = body.collectionIds ?? [];
  return (
    <form className="member-area-form" onSubmit={submit}>
      <Field label="Title">
        <input value={body.title} required maxLength={200} onChange={(e) => set({ title: e.target.value })} />
      </Field>
      <Field label="Description">
        <textarea value={body.description ?? ''} maxLength={5000} rows={3} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <Field label="Plan type" hint="Free: any visitor who signs up. Paid: visitors who buy one of the plans below.">
        <select value={body.access ?? 'free'} onChange={(e) => set({ access: e.target.value as 'free' | 'paid' })}>
          <option value="free">Free plan (sign up)</option>
          <option value="paid">Paid plan</option>
        </select>
      </Field>
      <Loaded resource={collections}>
        {(data) => (
          <>
            {body.access === 'paid' ? (
              <PlanPicker
                stores={data.items.filter((c) => c.type === CollectionType.PRODUCTS)}
                value={body.planProductIds ?? []}
                onChange={(ids) => set({ planProductIds: ids })}
              />
            ) : null}
            <fieldset>
              <legend>Pages and collections only members see</legend>
              {data.items.filter(gateable).map((c) => (
                <Check
                  key={c.id}
                  label={`${c.title} (${c.fullUrl})`}
                  checked={gated.includes(c.id)}
                  onChange={(on) => set({ collectionIds: on ? [...gated, c.id] : gated.filter((id) => id !== c.id) })}
                />
              ))}
            </fieldset>
          </>
        )}
      </Loaded>
      <Field label="Message on the access-denied page" hint="Left empty: “This content is for members only.”">
        <input value={body.deniedMessage ?? ''} maxLength={1000} onChange={(e) => set({ deniedMessage: e.target.value })} />
      </Field>
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
