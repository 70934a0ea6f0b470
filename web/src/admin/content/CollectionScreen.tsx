// One page or collection: its settings (title, navigation title, address, shown or hidden), and
// then a page in the page editor (editor/) or a collection's items (posts, events, gallery images).
import { lazy, Suspense, useState } from 'react';
import {
  ITEM_STATUS_LABELS,
  OwnerUiMessages,
  Permission,
  RecordType,
  type Collection,
  type ContentItem,
  type SeoFields,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { ImagesEditor } from '../images.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Loading, Outcome, Page, useConfirm, when } from '../ui.js';
import { kindOf } from './ContentScreen.js';
import { apiPath } from '../../api/client.js';
import { SeoPanel } from '../seo/SeoPanel.js';

// The page editor is a chunk of its own, fetched when a page is opened.
const PageEditor = lazy(() => import('../editor/PageEditor.js').then((m) => ({ default: m.PageEditor })));

export function CollectionScreen({ collectionId }: { collectionId: string }) {
  const { websiteId } = useSession();
  const collection = useApi<Collection>(
    apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId }),
  );
  if (collection.status === 404) {
    return (
      <Page title="Not found">
        <p role="alert">
          {OwnerUiMessages.unableToLocateContent}: <code>/content/{collectionId}</code>
        </p>
      </Page>
    );
  }
  return <Loaded resource={collection}>{(data) => <CollectionView collection={data} onSaved={collection.set} />}</Loaded>;
}

function CollectionView({ collection, onSaved }: { collection: Collection; onSaved: (c: Collection) => void }) {
  const kind = kindOf(collection);
  return (
    <Page title={collection.title} actions={<Link to="/content">All content</Link>}>
      <p>
        <a href={collection.fullUrl} target="_blank" rel="noreferrer">
          View on the site
        </a>
        {kind === 'gallery' ? (
          <>
            {' · '}
            <Link to={`/content/${collection.id}/gallery`}>Gallery design</Link>
          </>
        ) : null}
      </p>
      <CollectionSettings collection={collection} onSaved={onSaved} />
      {kind === 'page' ? (
        <Suspense fallback={<Loading />}>
          <PageEditor collection={collection} onSaved={onSaved} />
        </Suspense>
      ) : (
        <Items collection={collection} />
      )}
    </Page>
  );
}

function CollectionSettings({ collection, onSaved }: { collection: Collection; onSaved: (c: Collection) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.CONTENT_EDIT);
  const [title, setTitle] = useState(collection.title);
  const [navigationTitle, setNavigationTitle] = useState(collection.navigationTitle);
  const [urlId, setUrlId] = useState(collection.urlId);
  const [enabled, setEnabled] = useState(collection.enabled);
  const [seo, setSeo] = useState<SeoFields>(collection.seo ?? {});
  const action = useAction();
  const { modal, confirm } = useConfirm();
  const base = apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId: collection.id });
  const save = async () => {
    const saved = await action.run(() => api<Collection>('PUT', base, { title, navigationTitle, urlId, enabled, seo }), 'Saved');
    if (saved) onSaved(saved);
  };
  const remove = async () => {
    if (!(await confirm({ title: 'Delete', message: `Delete ${collection.title} and everything in it?`, confirmLabel: 'Delete' }))) return;
    const done = await action.run(() => api('DELETE', base));
    if (done !== undefined) navigate('/content');
  };
  return (
    <details className="collection-settings">
      <summary>Settings</summary>
      <fieldset disabled={!editable}>
        <div className="row">
          <Field label="Title">
            <input value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label="Navigation title">
            <input value={navigationTitle} onChange={(e) => setNavigationTitle(e.target.value)} />
          </Field>
          <Field label="URL slug" hint="The old address, and every page under it, keeps working (301).">
            <input value={urlId} onChange={(e) => setUrlId(e.target.value)} />
          </Field>
        </div>
        <Check label="Shown on the site" checked={enabled} onChange={setEnabled} />
        <SeoPanel
          value={seo}
          onChange={setSeo}
          page={{ title, excerpt: collection.description ?? '', body: '', image: null, path: collection.fullUrl }}
          disabled={!editable}
        />
        <Outcome action={action} />
        {editable ? (
          <div className="row">
            <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
              Save settings
            </button>
            <button type="button" className="danger" onClick={() => void remove()}>
              Delete
            </button>
          </div>
        ) : null}
      </fieldset>
      {modal}
    </details>
  );
}

/** The items of a blog, an events calendar or a gallery. */
function Items({ collection }: { collection: Collection }) {
  const { websiteId, can } = useSession();
  const kind = kindOf(collection);
  const items = useApi<{ items: ContentItem[] }>(
    `${apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}/items', { websiteId, collectionId: collection.id })}?limit=200`,
  );
  const noun = kind === 'events' ? 'event' : kind === 'gallery' ? 'image' : 'post';
  return (
    <section aria-labelledby="items-title" className="stack">
      <h2 id="items-title">{kind === 'events' ? 'Events' : kind === 'gallery' ? 'Images' : 'Posts'}</h2>
      <Loaded resource={items}>
        {(data) =>
          data.items.length === 0 ? (
            <p>Nothing here yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Title</th>
                  <th>{kind === 'events' ? 'Starts' : 'Added'}</th>
                  <th>Status</th>
                  <th>Tags</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={`/content/${collection.id}/items/${item.id}`}>{item.title}</Link>
                    </td>
                    <td>{when(kind === 'events' ? (item.startDate ?? null) : item.addedOn)}</td>
                    <td>{item.statusLabel ?? ITEM_STATUS_LABELS[item.status] ?? 'Published'}</td>
                    <td>{item.tags.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {can(Permission.CONTENT_EDIT) ? (
        kind === 'gallery' ? (
          <AddGalleryImages collectionId={collection.id} />
        ) : (
          <Link to={`/content/${collection.id}/items/new`}>New {noun}</Link>
        )
      ) : null}
    </section>
  );
}

function AddGalleryImages({ collectionId }: { collectionId: string }) {
  const { websiteId } = useSession();
  const action = useAction({
    invalidates: [apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}/items', { websiteId, collectionId })],
  });
  const [pending, setPending] = useState<ContentItem['mainImage'][]>([]);
  const add = async (images: NonNullable<ContentItem['mainImage']>[]) => {
    setPending(images);
    const image = images[images.length - 1];
    if (!image) return;
    await action.run(
      () =>
        api('POST', apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}/items', { websiteId, collectionId }), {
          recordType: RecordType.IMAGE,
          title: image.title || image.filename.replace(/\.[a-z]+$/i, ''),
          image,
        }),
      'Image added',
    );
    setPending([]);
  };
  return (
    <div>
      <h3>Add an image</h3>
      <ImagesEditor images={pending.filter((p): p is NonNullable<typeof p> => p !== null)} onChange={(images) => void add(images)} />
      <Outcome action={action} />
    </div>
  );
}
