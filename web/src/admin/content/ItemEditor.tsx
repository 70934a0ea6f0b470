// A blog post, an event or a gallery image: title, status (published, scheduled with its date,
// draft, private, needs review), text, author, tags and categories (SPEC limits and messages),
// comments, and for events their dates, place and tickets (price, link, sold out).
import { useState, type FormEvent } from 'react';
import { Permission, RecordType, type Collection, type ContentItem, type ItemBody, type ItemStatus, type SeoFields } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { Link, navigate, useLocation } from '../router.js';
import { useSession } from '../session.js';
import { TagsEditor } from '../TagsEditor.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm } from '../ui.js';
import { useEditedForm } from '../unsaved.js';
import { kindOf } from './ContentScreen.js';
import { apiPath } from '../../api/client.js';
import { SeoPanel } from '../seo/SeoPanel.js';
import { decimalOf, parseAmount, useCurrency } from '../money.js';

export function ItemEditorScreen({ collectionId, itemId }: { collectionId: string; itemId?: string }) {
  const { websiteId } = useSession();
  const collection = useApi<Collection>(apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId }));
  const item = useApi<ContentItem>(itemId ? apiPath('/content-service/1.0/websites/{websiteId}/items/{itemId}', { websiteId, itemId }) : null);
  return (
    <Loaded resource={collection}>
      {(c) => (itemId ? <Loaded resource={item}>{(data) => <ItemEditor collection={c} item={data} />}</Loaded> : <ItemEditor collection={c} />)}
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

function ItemEditor({ collection, item }: { collection: Collection; item?: ContentItem }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.CONTENT_EDIT);
  const kind = kindOf(collection);
  const recordType = item?.recordType ?? (kind === 'events' ? RecordType.EVENT : kind === 'gallery' ? RecordType.IMAGE : RecordType.TEXT);
  const [title, setTitle] = useState(item?.title ?? '');
  const [status, setStatus] = useState<ItemStatus>(item?.status ?? 'published');
  const [publishOn, setPublishOn] = useState(localInput(item?.publishOn));
  const [body, setBody] = useState(item?.body ?? '');
  const [excerpt, setExcerpt] = useState(item?.excerpt ?? '');
  const [author, setAuthor] = useState(item?.author?.displayName ?? '');
  const [tags, setTags] = useState<string[]>(item?.tags ?? []);
  const [categories, setCategories] = useState<string[]>(item?.categories ?? []);
  const [commentState, setCommentState] = useState(item?.commentState ?? 0);
  const [start, setStart] = useState(localInput(item?.startDate));
  const [end, setEnd] = useState(localInput(item?.endDate));
  const [address, setAddress] = useState(item?.location?.addressLine1 ?? '');
  const [city, setCity] = useState(item?.location?.addressLine2 ?? '');
  const [country, setCountry] = useState(item?.location?.addressCountry ?? '');
  const currency = useCurrency();
  // Blank: the event says nothing of tickets; 0: free admission.
  const [ticketPrice, setTicketPrice] = useState(item?.tickets ? decimalOf(item.tickets.price.value, item.tickets.price.currency) : '');
  const [ticketUrl, setTicketUrl] = useState(item?.tickets?.url ?? '');
  const [soldOut, setSoldOut] = useState(item?.tickets?.soldOut ?? false);
  const [seo, setSeo] = useState<SeoFields>(item?.seo ?? {});
  const [urlId, setUrlId] = useState(item?.urlId ?? '');
  const action = useAction();
  const edits = useEditedForm();
  const { modal, confirm } = useConfirm();
  // Creating moves to the item's own address; the notice travels in the query.
  const justCreated = useLocation().query.get('created') === '1';
  const itemsBase = apiPath('/content-service/1.0/websites/{websiteId}', { websiteId });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'scheduled' && !publishOn) return action.fail('A scheduled item needs a publish date in the future.');
    const common = {
      title: title.trim(),
      status,
      publishOn: status === 'scheduled' ? isoOf(publishOn) : null,
      body,
      excerpt,
      tags,
      categories,
      author: author.trim() ? { displayName: author.trim() } : null,
      commentState: commentState as 0 | 1 | 2,
      seo,
      ...(item && urlId !== item.urlId ? { urlId } : {}),
    };
    let payload: ItemBody;
    if (recordType === RecordType.EVENT) {
      if (!start || !end) return action.fail('An event needs a start and an end.');
      const price = ticketPrice.trim() === '' ? null : parseAmount(ticketPrice, currency);
      if (price === undefined) return action.fail(`Enter the ticket price in ${currency}, such as 12.50 (0 for free admission).`);
      payload = {
        recordType: RecordType.EVENT,
        ...common,
        startDate: isoOf(start) ?? '',
        endDate: isoOf(end) ?? '',
        location: { addressLine1: address, addressLine2: city, addressCountry: country, mapLat: item?.location?.mapLat ?? null, mapLng: item?.location?.mapLng ?? null },
        tickets: price === null ? null : { price: { value: String(price), currency }, url: ticketUrl.trim() || null, soldOut },
      };
    } else if (recordType === RecordType.IMAGE && item?.image) {
      payload = { recordType: RecordType.IMAGE, ...common, image: item.image };
    } else {
      payload = { recordType: RecordType.TEXT, ...common };
    }
    const saved = await action.run(
      () => (item ? api<ContentItem>('PUT', `${itemsBase}/items/${item.id}`, payload) : api<ContentItem>('POST', `${itemsBase}/collections/${collection.id}/items`, payload)),
      'Saved',
    );
    if (!saved) return;
    edits.saved();
    if (!item) navigate(`/content/${collection.id}/items/${saved.id}?created=1`, { replace: true });
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
      <form className="stack" onSubmit={(e) => void save(e)} onInput={edits.onEdit} onChange={edits.onEdit}>
        <fieldset disabled={!editable}>
          <legend>{noun[0]?.toUpperCase() + noun.slice(1)}</legend>
          <Field label="Title">
            <input value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <div className="row">
            <Field label="Status">
              <select value={status} onChange={(e) => setStatus(e.target.value as ItemStatus)}>
                <option value="published">Published</option>
                <option value="scheduled">Scheduled</option>
                <option value="draft">Draft</option>
                <option value="private">Private</option>
                <option value="needs-review">Needs Review</option>
              </select>
            </Field>
            {status === 'scheduled' ? (
              <Field label="Publish on">
                <input type="datetime-local" value={publishOn} onChange={(e) => setPublishOn(e.target.value)} />
              </Field>
            ) : null}
            <Field label="Author">
              <input value={author} onChange={(e) => setAuthor(e.target.value)} />
            </Field>
            <Field label="Comments">
              <select value={commentState} onChange={(e) => setCommentState(Number(e.target.value))}>
                <option value={0}>Off</option>
                <option value={1}>On</option>
                <option value={2}>Closed</option>
              </select>
            </Field>
          </div>
          {recordType === RecordType.EVENT ? (
            <div className="row">
              <Field label="Starts">
                <input type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
              </Field>
              <Field label="Ends">
                <input type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
              </Field>
              <Field label="Address">
                <input value={address} onChange={(e) => setAddress(e.target.value)} />
              </Field>
              <Field label="Town">
                <input value={city} onChange={(e) => setCity(e.target.value)} />
              </Field>
              <Field label="Country">
                <input value={country} onChange={(e) => setCountry(e.target.value)} />
              </Field>
            </div>
          ) : null}
          {recordType === RecordType.EVENT ? (
            <div className="row">
              <Field label={`Ticket price (${currency})`}>
                <input inputMode="decimal" value={ticketPrice} placeholder="None" onChange={(e) => setTicketPrice(e.target.value)} />
              </Field>
              <Field label="Ticket link">
                <input type="url" value={ticketUrl} placeholder="This page" onChange={(e) => setTicketUrl(e.target.value)} />
              </Field>
              <Check label="Sold out" checked={soldOut} onChange={setSoldOut} />
            </div>
          ) : null}
          <Field label="Excerpt">
            <textarea rows={2} value={excerpt} onChange={(e) => setExcerpt(e.target.value)} />
          </Field>
          <Field label="Body (HTML)">
            <textarea rows={8} className="code" value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
        </fieldset>
        <TagsEditor tagType="tag" label="Tags" values={tags} onChange={setTags} disabled={!editable} />
        <TagsEditor tagType="category" label="Categories" values={categories} onChange={setCategories} disabled={!editable} />
        <SeoPanel
          value={seo}
          onChange={setSeo}
          slug={item ? { value: urlId, onChange: setUrlId, prefix: `${collection.fullUrl}/` } : undefined}
          page={{ title: title || collection.title, excerpt, body, image: item?.mainImage?.assetUrl ?? item?.image?.assetUrl ?? null, path: item?.fullUrl ?? collection.fullUrl }}
          disabled={!editable}
        />
        <Outcome action={action} />
        {justCreated && !action.error && !action.notice ? <p role="status">Saved</p> : null}
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
