// Content: the website's pages, blogs, event calendars and galleries (stores live in the store
// area), and a new one of each kind.
import { useState, type FormEvent } from 'react';
import { CollectionType, OwnerUiMessages, Permission, type Collection } from '@sc/contracts';
import { api, useAction } from '../data.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { useCollections } from '../store/StoreHome.js';
import { Field, Loaded, Outcome, Page } from '../ui.js';
import { apiPath } from '../../api/client.js';

/** The kinds of collection an owner makes here, with the body that makes each. */
export const KINDS = {
  page: { label: 'Page', body: { type: CollectionType.PAGE } },
  blog: { label: 'Blog', body: { type: CollectionType.GENERIC, kind: 'blog', ordering: 'date' } },
  events: { label: 'Events', body: { type: CollectionType.GENERIC, kind: 'events', ordering: 'date' } },
  gallery: { label: 'Gallery', body: { type: CollectionType.SLIDE_GALLERY, ordering: 'user' } },
} as const;
export type Kind = keyof typeof KINDS;

/** The kind of a collection as this area shows it. */
export function kindOf(collection: Collection): Kind | 'store' | 'other' {
  if (collection.type === CollectionType.PAGE) return 'page';
  if (collection.type === CollectionType.PRODUCTS) return 'store';
  if (collection.typeName === 'events') return 'events';
  if (collection.type === CollectionType.GENERIC) return 'blog';
  if (collection.gallerySettings !== null || collection.typeName.includes('gallery')) return 'gallery';
  return 'other';
}

export function ContentScreen() {
  const collections = useCollections();
  const { can } = useSession();
  return (
    <Page title="Content">
      <Loaded resource={collections} failure={OwnerUiMessages.unableToLoadCollections}>
        {(data) => (
          <table>
            <thead>
              <tr>
                <th>Title</th>
                <th>Kind</th>
                <th>Address</th>
                <th>Items</th>
                <th>Shown</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => {
                const kind = kindOf(c);
                return (
                  <tr key={c.id}>
                    <td>
                      <Link to={kind === 'store' ? `/store/${c.id}` : `/content/${c.id}`}>{c.title}</Link>
                    </td>
                    <td>{kind === 'store' ? 'Store' : kind === 'other' ? c.typeName : KINDS[kind].label}</td>
                    <td>
                      <a href={c.fullUrl} target="_blank" rel="noreferrer">
                        {c.fullUrl}
                      </a>
                    </td>
                    <td>{kind === 'page' ? '—' : c.itemCount}</td>
                    <td>{c.enabled ? 'yes' : 'hidden'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Loaded>
      {can(Permission.CONTENT_EDIT) ? <NewCollection /> : null}
    </Page>
  );
}

function NewCollection() {
  const { websiteId } = useSession();
  const [kind, setKind] = useState<Kind>('page');
  const [title, setTitle] = useState('');
  const action = useAction();
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const created = await action.run(() =>
      api<Collection>('POST', apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId }), {
        ...KINDS[kind].body,
        title: title.trim(),
      }),
    );
    if (created) navigate(`/content/${created.id}`, { force: true });
  };
  return (
    <form className="stack" onSubmit={(e) => void create(e)}>
      <h2>New page or collection</h2>
      <div className="row">
        <Field label="Kind">
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {Object.entries(KINDS).map(([key, value]) => (
              <option key={key} value={key}>
                {value.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Title">
          <input value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </Field>
      </div>
      <Outcome action={action} />
      <button type="submit" className="primary" disabled={action.busy}>
        Create
      </button>
    </form>
  );
}
