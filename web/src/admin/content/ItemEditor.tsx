// A blog post, an event or a gallery image: title, status (published, scheduled with its date,
// draft, private, needs review), text, author, tags and categories (SPEC limits and messages),
// comments, and for events their dates, place and tickets (price, link, sold out).
// The form is react-hook-form's, checked with the contracts' itemForm (inline errors, a toast on
// save or failure); unsaved values are kept in this browser and offered back on return.
import { useMemo } from 'react';
import { Permission, RecordType, type Collection, type ContentItem, type ItemBody, type ItemStatus, type SeoFields } from '@sc/contracts';
import { itemForm } from '@sc/contracts/admin-forms';
import { api, useApi } from '../data.js';
import { DraftOffer, useLocalDraft } from '../local-draft.js';
import { Link, navigate } from '../router.js';
import { useSchemaForm } from '../schema-form.js';
import { useSession } from '../session.js';
import { TagsEditor } from '../TagsEditor.js';
import { Field, Loaded, Page, Problem, useConfirm } from '../ui.js';
import { kindOf } from './ContentScreen.js';
import { apiPath } from '../../api/client.js';
import { SeoPanel } from '../seo/SeoPanel.js';
import { decimalOf, parseAmount, useCurrency } from '../money.js';

export function ItemEditorScreen({ collectionId, itemId }: { collectionId: string; itemId?: string }) {
  const { websiteId } = useSession();
  const collection = useApi<Collection>(
    apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId }),
  );
  const item = useApi<ContentItem>(
    itemId ? apiPath('/content-service/1.0/websites/{websiteId}/items/{itemId}', { websiteId, itemId }) : null,
  );
  return (
    <Loaded resource={collection}>
      {(c) =>
        itemId ? <Loaded resource={item}>{(data) => <ItemEditor collection={c} item={data} />}</Loaded> : <ItemEditor collection={c} />
      }
    </Loaded>
  );
}

/** An ISO date-time as a datetime-local input value (local time). */
const localInput = (at: number | null | undefined): string => {
  if (at === null || at === undefined) return '';
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

interface ItemDraft {
  title: string;
  status: ItemStatus;
  publishOn: string;
  body: string;
  excerpt: string;
  author: string;
  tags: string[];
  categories: string[];
  commentState: string;
  start: string;
  end: string;
  address: string;
  city: string;
  country: string;
  /** Blank: the event says nothing of tickets; 0: free admission. */
  ticketPrice: string;
  ticketUrl: string;
  soldOut: boolean;
  seo: SeoFields;
  urlId: string;
}

function draftOf(item: ContentItem | undefined): ItemDraft {
  return {
    title: item?.title ?? '',
    status: item?.status ?? 'published',
    publishOn: localInput(item?.publishOn),
    body: item?.body ?? '',
    excerpt: item?.excerpt ?? '',
    author: item?.author?.displayName ?? '',
    tags: item?.tags ?? [],
    categories: item?.categories ?? [],
    commentState: String(item?.commentState ?? 0),
    start: localInput(item?.startDate),
    end: localInput(item?.endDate),
    address: item?.location?.addressLine1 ?? '',
    city: item?.location?.addressLine2 ?? '',
    country: item?.location?.addressCountry ?? '',
    ticketPrice: item?.tickets ? decimalOf(item.tickets.price.value, item.tickets.price.currency) : '',
    ticketUrl: item?.tickets?.url ?? '',
    soldOut: item?.tickets?.soldOut ?? false,
    seo: item?.seo ?? {},
    urlId: item?.urlId ?? '',
  };
}

function ItemEditor({ collection, item }: { collection: Collection; item?: ContentItem }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.CONTENT_EDIT);
  const kind = kindOf(collection);
  const recordType = item?.recordType ?? (kind === 'events' ? RecordType.EVENT : kind === 'gallery' ? RecordType.IMAGE : RecordType.TEXT);
  const currency = useCurrency();
  const opened = useMemo(() => draftOf(item), [item]);
  const schema = useMemo(() => itemForm(currency, recordType === RecordType.EVENT), [currency, recordType]);
  const { form, values, action, dirty, saved, submit, errorOf } = useSchemaForm<ItemDraft>(schema, opened, { toastAs: 'Item' });
  const { register, setValue } = form;
  // A long form keeps its unsaved values in this browser; on return they are offered back.
  const kept = useLocalDraft(`sc-item-draft:${websiteId}:${collection.id}:${item?.id ?? 'new'}`, values, dirty, opened);
  const { modal, confirm } = useConfirm();
  const itemsBase = apiPath('/content-service/1.0/websites/{websiteId}', { websiteId });
  const set = <K extends keyof ItemDraft>(name: K, value: ItemDraft[K]) =>
    setValue(name as never, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const invalid = (name: keyof ItemDraft) => (errorOf(name) ? true : undefined);
  const { title, status, excerpt, body, tags, categories, seo, urlId } = values;

  const save = async (draft: ItemDraft) => {
    const common = {
      title: draft.title.trim(),
      status: draft.status,
      publishOn: draft.status === 'scheduled' ? isoOf(draft.publishOn) : null,
      body: draft.body,
      excerpt: draft.excerpt,
      tags: draft.tags,
      categories: draft.categories,
      author: draft.author.trim() ? { displayName: draft.author.trim() } : null,
      commentState: Number(draft.commentState) as 0 | 1 | 2,
      seo: draft.seo,
      ...(item && draft.urlId !== item.urlId ? { urlId: draft.urlId } : {}),
    };
    let payload: ItemBody;
    if (recordType === RecordType.EVENT) {
      const price = draft.ticketPrice.trim() === '' ? null : (parseAmount(draft.ticketPrice, currency) ?? 0);
      payload = {
        recordType: RecordType.EVENT,
        ...common,
        startDate: isoOf(draft.start) ?? '',
        endDate: isoOf(draft.end) ?? '',
        location: {
          addressLine1: draft.address,
          addressLine2: draft.city,
          addressCountry: draft.country,
          mapLat: item?.location?.mapLat ?? null,
          mapLng: item?.location?.mapLng ?? null,
        },
        tickets:
          price === null
            ? null
            : { price: { value: String(price), currency }, url: draft.ticketUrl.trim() || null, soldOut: draft.soldOut },
      };
    } else if (recordType === RecordType.IMAGE && item?.image) {
      payload = { recordType: RecordType.IMAGE, ...common, image: item.image };
    } else {
      payload = { recordType: RecordType.TEXT, ...common };
    }
    const stored = await action.run(
      () =>
        item
          ? api<ContentItem>('PUT', `${itemsBase}/items/${item.id}`, payload)
          : api<ContentItem>('POST', `${itemsBase}/collections/${collection.id}/items`, payload),
      'Saved',
    );
    if (!stored) return;
    saved(draft);
    kept.clear();
    if (!item) navigate(`/content/${collection.id}/items/${stored.id}`, { replace: true });
  };

  const remove = async () => {
    if (!item || !(await confirm({ title: 'Delete', message: `Delete ${item.title}?`, confirmLabel: 'Delete' }))) return;
    const done = await action.run(() => api('DELETE', `${itemsBase}/items/${item.id}`));
    if (done !== undefined) navigate(`/content/${collection.id}`, { force: true });
  };

  const noun = recordType === RecordType.EVENT ? 'event' : recordType === RecordType.IMAGE ? 'image' : 'post';
  return (
    <Page title={item ? item.title : `New ${noun}`} actions={<Link to={`/content/${collection.id}`}>Back to {collection.title}</Link>}>
      {item ? (
        <p>
          <a href={item.fullUrl} target="_blank" rel="noreferrer">
            View on the site
          </a>
        </p>
      ) : null}
      <DraftOffer
        offer={kept.offer}
        what={item ? `“${item.title}”` : `this new ${noun}`}
        onRestore={(restored) => {
          form.reset(restored, { keepDefaultValues: true });
          kept.answered();
        }}
        onDiscard={kept.answered}
      />
      <form className="stack" noValidate onSubmit={(e) => void submit(save)(e)}>
        <fieldset disabled={!editable}>
          <legend>{noun[0]?.toUpperCase() + noun.slice(1)}</legend>
          <Field label="Title" error={errorOf('title')}>
            <input {...register('title')} aria-invalid={invalid('title')} />
          </Field>
          <div className="row">
            <Field label="Status">
              <select {...register('status')}>
                <option value="published">Published</option>
                <option value="scheduled">Scheduled</option>
                <option value="draft">Draft</option>
                <option value="private">Private</option>
                <option value="needs-review">Needs Review</option>
              </select>
            </Field>
            {status === 'scheduled' ? (
              <Field label="Publish on" error={errorOf('publishOn')}>
                <input type="datetime-local" {...register('publishOn')} aria-invalid={invalid('publishOn')} />
              </Field>
            ) : null}
            <Field label="Author" error={errorOf('author')}>
              <input {...register('author')} aria-invalid={invalid('author')} />
            </Field>
            <Field label="Comments">
              <select {...register('commentState')}>
                <option value={0}>Off</option>
                <option value={1}>On</option>
                <option value={2}>Closed</option>
              </select>
            </Field>
          </div>
          {recordType === RecordType.EVENT ? (
            <div className="row">
              <Field label="Starts" error={errorOf('start')}>
                <input type="datetime-local" {...register('start')} aria-invalid={invalid('start')} />
              </Field>
              <Field label="Ends" error={errorOf('end')}>
                <input type="datetime-local" {...register('end')} aria-invalid={invalid('end')} />
              </Field>
              <Field label="Address">
                <input {...register('address')} />
              </Field>
              <Field label="Town">
                <input {...register('city')} />
              </Field>
              <Field label="Country">
                <input {...register('country')} />
              </Field>
            </div>
          ) : null}
          {recordType === RecordType.EVENT ? (
            <div className="row">
              <Field label={`Ticket price (${currency})`} error={errorOf('ticketPrice')}>
                <input inputMode="decimal" placeholder="None" {...register('ticketPrice')} aria-invalid={invalid('ticketPrice')} />
              </Field>
              <Field label="Ticket link" error={errorOf('ticketUrl')}>
                <input type="url" placeholder="This page" {...register('ticketUrl')} aria-invalid={invalid('ticketUrl')} />
              </Field>
              <label className="check">
                <input type="checkbox" {...register('soldOut')} /> Sold out
              </label>
            </div>
          ) : null}
          <Field label="Excerpt" error={errorOf('excerpt')}>
            <textarea rows={2} {...register('excerpt')} aria-invalid={invalid('excerpt')} />
          </Field>
          <Field label="Body (HTML)" error={errorOf('body')}>
            <textarea rows={8} className="code" {...register('body')} aria-invalid={invalid('body')} />
          </Field>
        </fieldset>
        <TagsEditor tagType="tag" label="Tags" values={tags} onChange={(next) => set('tags', next)} disabled={!editable} />
        <TagsEditor
          tagType="category"
          label="Categories"
          values={categories}
          onChange={(next) => set('categories', next)}
          disabled={!editable}
        />
        <SeoPanel
          value={seo}
          onChange={(next) => set('seo', next)}
          slug={item ? { value: urlId, onChange: (next) => set('urlId', next), prefix: `${collection.fullUrl}/` } : undefined}
          page={{
            title: title || collection.title,
            excerpt,
            body,
            image: item?.mainImage?.assetUrl ?? item?.image?.assetUrl ?? null,
            path: item?.fullUrl ?? collection.fullUrl,
          }}
          disabled={!editable}
        />
        <Problem message={action.error} />
        {dirty && !action.error ? <p className="hint">Unsaved changes</p> : null}
        {editable ? (
          <div className="row">
            <button type="submit" className="primary" disabled={action.busy}>
              {item ? 'Save' : `Create ${noun}`}
            </button>
            {item ? (
              <button type="button" className="danger" onClick={() => void remove()}>
                Delete
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
      {modal}
    </Page>
  );
}
