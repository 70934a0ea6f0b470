// One page or collection: its settings (title, navigation title, address, shown or hidden), and
// then a page's blocks or a collection's items (posts, events, gallery images).
import { useState } from 'react';
import { BlockType, FormType, ITEM_STATUS_LABELS, OwnerUiMessages, Permission, RecordType, type BlockBody, type Collection, type ContentItem, type FormDefinition } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { ImagesEditor } from '../images.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Page, Problem, useConfirm, when } from '../ui.js';
import { blockProblem, EDITABLE_BLOCKS, type BlockData } from './blocks.js';
import { kindOf } from './ContentScreen.js';

export function CollectionScreen({ collectionId }: { collectionId: string }) {
  const { websiteId } = useSession();
  const collection = useApi<Collection>(`/api/content-service/1.0/websites/${websiteId}/collections/${encodeURIComponent(collectionId)}`);
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
      {kind === 'page' ? <PageBlocks collection={collection} onSaved={onSaved} /> : <Items collection={collection} />}
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
  const action = useAction();
  const { modal, confirm } = useConfirm();
  const base = `/api/content-service/1.0/websites/${websiteId}/collections/${collection.id}`;
  const save = async () => {
    const saved = await action.run(() => api<Collection>('PUT', base, { title, navigationTitle, urlId, enabled }), 'Saved');
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
          <Field label="URL slug">
            <input value={urlId} onChange={(e) => setUrlId(e.target.value)} />
          </Field>
        </div>
        <Check label="Shown on the site" checked={enabled} onChange={setEnabled} />
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

interface Draft {
  key: string;
  block: BlockBody;
}
let blockKeys = 0;

/** A page's blocks: edit the kinds this editor knows, keep the others as they are. */
function PageBlocks({ collection, onSaved }: { collection: Collection; onSaved: (c: Collection) => void }) {
  const { websiteId, can } = useSession();
  const editable = can(Permission.CONTENT_EDIT);
  const [blocks, setBlocks] = useState<Draft[]>(() => (collection.layout?.blocks ?? []).map((block) => ({ key: `b${blockKeys++}`, block: block })));
  const [newType, setNewType] = useState<number>(BlockType.HTML);
  const forms = useApi<{ forms: FormDefinition[] }>('/api/rest/forms/definitions');
  const action = useAction();
  const problems = blocks.map((d) => blockProblem(d.block.type, d.block.data as BlockData));

  const save = async () => {
    const problem = problems.find(Boolean);
    if (problem) return action.fail(problem);
    const saved = await action.run(
      () => api<Collection>('PUT', `/api/content-service/1.0/websites/${websiteId}/collections/${collection.id}`, { layout: { blocks: blocks.map((d) => d.block) } }),
      'Page saved',
    );
    if (saved) onSaved(saved);
  };

  const setData = (index: number, data: BlockData) => setBlocks(blocks.map((d, i) => (i === index ? { ...d, block: { ...d.block, data: data as BlockBody['data'] } } : d)));
  const newsletters = (forms.data?.forms ?? []).filter((f) => f.settings.formType === FormType.NEWSLETTER_BLOCK);

  return (
    <section aria-labelledby="blocks-title" className="stack">
      <h2 id="blocks-title">Blocks</h2>
      {blocks.length === 0 ? <p>This page has no blocks yet.</p> : null}
      <ol className="blocks">
        {blocks.map((draft, index) => {
          const type = draft.block.type;
          const data = draft.block.data as BlockData;
          const text = (key: string) => (typeof data[key] === 'string' ? (data[key]) : '');
          const label = (EDITABLE_BLOCKS as Record<number, string>)[type];
          return (
            <li key={draft.key}>
              <fieldset disabled={!editable} aria-label={`Block ${index + 1}: ${label ?? 'other'}`}>
                <legend>
                  {index + 1}. {label ?? `Block type ${type} (kept as it is)`}
                </legend>
                {type === BlockType.HTML ? (
                  <Field label="HTML">
                    <textarea rows={3} className="code" value={text('html')} onChange={(e) => setData(index, { ...data, html: e.target.value })} />
                  </Field>
                ) : null}
                {type === BlockType.IMAGE ? (
                  <Field label="Image URL">
                    <input value={text('src')} onChange={(e) => setData(index, { ...data, src: e.target.value })} />
                  </Field>
                ) : null}
                {type === BlockType.BUTTON ? (
                  <div className="row">
                    <Field label="Button label">
                      <input value={text('label')} onChange={(e) => setData(index, { ...data, label: e.target.value })} />
                    </Field>
                    <Field label="Button link">
                      <input value={text('link')} onChange={(e) => setData(index, { ...data, link: e.target.value })} />
                    </Field>
                  </div>
                ) : null}
                {type === BlockType.CHART ? (
                  <>
                    <Field label="Chart type">
                      <select value={text('chartType') || 'bar'} onChange={(e) => setData(index, { ...data, chartType: e.target.value })}>
                        <option value="bar">Bar</option>
                        <option value="line">Line</option>
                        <option value="pie">Pie</option>
                      </select>
                    </Field>
                    <Field label="Dataset" hint="First line: column names; then one row per line, values separated by commas">
                      <textarea rows={4} className="code" value={text('dataset')} onChange={(e) => setData(index, { ...data, dataset: e.target.value })} />
                    </Field>
                  </>
                ) : null}
                {type === BlockType.NEWSLETTER ? (
                  <>
                    <Field label="Newsletter title">
                      <input value={text('title')} onChange={(e) => setData(index, { ...data, title: e.target.value })} />
                    </Field>
                    <Field label="List">
                      <select value={text('formId')} onChange={(e) => setData(index, { ...data, formId: e.target.value })}>
                        <option value="">Choose a list…</option>
                        {newsletters.map((f) => (
                          <option key={f.id} value={f.id}>
                            {f.settings.name}
                          </option>
                        ))}
                      </select>
                    </Field>
                  </>
                ) : null}
                {type === BlockType.VIDEO ? (
                  <Field label="Video URL">
                    <input value={text('url')} onChange={(e) => setData(index, { ...data, url: e.target.value })} />
                  </Field>
                ) : null}
                <Problem message={problems[index]} />
                {editable ? (
                  <button type="button" onClick={() => setBlocks(blocks.filter((_, i) => i !== index))}>
                    Remove block
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {editable ? (
        <>
          <div className="row">
            <Field label="Block type">
              <select value={newType} onChange={(e) => setNewType(Number(e.target.value))}>
                {Object.entries(EDITABLE_BLOCKS).map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <button type="button" disabled={blocks.length >= 60} onClick={() => setBlocks([...blocks, { key: `b${blockKeys++}`, block: { type: newType as BlockBody['type'], data: {} } }])}>
              Add block
            </button>
          </div>
          <Outcome action={action} />
          <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
            Save page
          </button>
        </>
      ) : null}
    </section>
  );
}

/** The items of a blog, an events calendar or a gallery. */
function Items({ collection }: { collection: Collection }) {
  const { websiteId, can } = useSession();
  const kind = kindOf(collection);
  const items = useApi<{ items: ContentItem[] }>(`/api/content-service/1.0/websites/${websiteId}/collections/${collection.id}/items?limit=200`);
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
      {can(Permission.CONTENT_EDIT) ? (kind === 'gallery' ? <AddGalleryImages collectionId={collection.id} onAdded={items.reload} /> : <Link to={`/content/${collection.id}/items/new`}>New {noun}</Link>) : null}
    </section>
  );
}

function AddGalleryImages({ collectionId, onAdded }: { collectionId: string; onAdded: () => void }) {
  const { websiteId } = useSession();
  const action = useAction();
  const [pending, setPending] = useState<ContentItem['mainImage'][]>([]);
  const add = async (images: NonNullable<ContentItem['mainImage']>[]) => {
    setPending(images);
    const image = images[images.length - 1];
    if (!image) return;
    const done = await action.run(
      () =>
        api('POST', `/api/content-service/1.0/websites/${websiteId}/collections/${collectionId}/items`, {
          recordType: RecordType.IMAGE,
          title: image.title || image.filename.replace(/\.[a-z]+$/i, ''),
          image,
        }),
      'Image added',
    );
    setPending([]);
    if (done) onAdded();
  };
  return (
    <div>
      <h3>Add an image</h3>
      <ImagesEditor images={pending.filter((p): p is NonNullable<typeof p> => p !== null)} onChange={(images) => void add(images)} />
      <Outcome action={action} />
    </div>
  );
}

