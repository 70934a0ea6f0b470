// The settings side panel of the selected block: one form per block kind, every field plain data
// (the renderer escapes text and checks addresses), text blocks as rich text. Changes go straight
// to the draft, so the frame shows them before anything is saved. The sources blocks point at
// (galleries, stores and their products, forms, the site's images) are loaded once per editor.
import { useState, type ReactNode } from 'react';
import { CollectionType, FormType, GALLERY_DESIGN_LABELS, OwnerUiMessages, type Collection, type ContentItem, type FormDefinition } from '@sc/contracts';
import { useApi } from '../data.js';
import { uploadImage } from '../images.js';
import { useSession } from '../session.js';
import { Field, Problem } from '../ui.js';
import { blockProblem } from '../content/blocks.js';
import { KINDS, kindOf } from './catalogue.js';
import type { BlockData, EditorBlock } from './model.js';
import { linkAllowed, RichText } from './RichText.js';
import { apiPath } from '../../api/client.js';

export interface Sources {
  collections: Collection[];
  forms: FormDefinition[];
}

/** The collections and forms blocks point at. */
export function useSources(): Sources {
  const { websiteId } = useSession();
  const collections = useApi<{ items: Collection[] }>(`${apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId })}?limit=200`);
  const forms = useApi<{ forms: FormDefinition[] }>(apiPath('/rest/forms/definitions'));
  return { collections: collections.data?.items ?? [], forms: forms.data?.forms ?? [] };
}

type Change = (data: BlockData, field: string) => void;

const str = (data: BlockData, key: string): string => (typeof data[key] === 'string' ? data[key] : '');
const numOr = (data: BlockData, key: string, fallback: number): number => (typeof data[key] === 'number' ? data[key] : fallback);

function TextField({ data, name, label, onChange, hint, multiline, type = 'text' }: { data: BlockData; name: string; label: string; onChange: Change; hint?: string; multiline?: boolean; type?: string }) {
  return (
    <Field label={label} hint={hint}>
      {multiline ? (
        <textarea rows={4} value={str(data, name)} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)} />
      ) : (
        <input type={type} value={str(data, name)} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)} />
      )}
    </Field>
  );
}

function Choice({ data, name, label, options, onChange, fallback }: { data: BlockData; name: string; label: string; options: ReadonlyArray<readonly [string, string]>; onChange: Change; fallback?: string }) {
  return (
    <Field label={label}>
      <select value={str(data, name) || fallback || ''} onChange={(e) => onChange({ ...data, [name]: e.target.value }, name)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

function NumberField({ data, name, label, onChange, min, max, step = 1, fallback }: { data: BlockData; name: string; label: string; onChange: Change; min: number; max: number; step?: number; fallback: number }) {
  return (
    <Field label={label}>
      <input type="number" min={min} max={max} step={step} value={numOr(data, name, fallback)} onChange={(e) => onChange({ ...data, [name]: e.target.value === '' ? fallback : Number(e.target.value) }, name)} />
    </Field>
  );
}

const ALIGN = [
  ['left', 'Left'],
  ['center', 'Centre'],
  ['right', 'Right'],
] as const;

function CollectionChoice({ data, onChange, collections, label, filter }: { data: BlockData; onChange: Change; collections: Collection[]; label: string; filter: (c: Collection) => boolean }) {
  const options = collections.filter(filter);
  return <Choice data={data} name="collectionId" label={label} onChange={onChange} options={[['', 'Choose…'], ...options.map((c) => [c.id, c.title] as const)]} />;
}

const isGallery = (c: Collection) => c.gallerySettings !== null || c.typeName.includes('gallery');
const isStore = (c: Collection) => c.type === CollectionType.PRODUCTS;
const isListable = (c: Collection) => c.type !== CollectionType.PAGE;

function ProductChoice({ data, onChange, collections }: { data: BlockData; onChange: Change; collections: Collection[] }) {
  const { websiteId } = useSession();
  const storeId = str(data, 'collectionId');
  const products = useApi<{ items: ContentItem[] }>(storeId ? `${apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/items', { websiteId, collectionId: storeId })}?limit=200` : null);
  return (
    <>
      <CollectionChoice data={data} onChange={(next, field) => onChange({ ...next, itemId: '' }, field)} collections={collections} label="Store" filter={isStore} />
      {storeId ? (
        <Choice data={data} name="itemId" label="Product" onChange={onChange} options={[['', 'Choose…'], ...(products.data?.items ?? []).map((p) => [p.id, p.title] as const)]} />
      ) : null}
    </>
  );
}

/** The site's images: those of its galleries and stores (every one of them was uploaded here). */
function useSiteImages(collections: Collection[], open: boolean): string[] {
  const { websiteId } = useSession();
  const gallery = collections.find(isGallery);
  const store = collections.find(isStore);
  const galleryItems = useApi<{ items: ContentItem[] }>(open && gallery ? `${apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}/items', { websiteId, collectionId: gallery.id })}?limit=100` : null);
  const storeItems = useApi<{ items: ContentItem[] }>(open && store ? `${apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/items', { websiteId, collectionId: store.id })}?limit=100` : null);
  const urls = [...(galleryItems.data?.items ?? []), ...(storeItems.data?.items ?? [])].flatMap((item) => [item.image?.assetUrl, item.mainImage?.assetUrl]);
  return [...new Set(urls.filter((u): u is string => typeof u === 'string' && u !== ''))];
}

function ImageFields({ data, onChange, collections, disabled }: { data: BlockData; onChange: Change; collections: Collection[]; disabled: boolean }) {
  const { websiteId } = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [picking, setPicking] = useState(false);
  const images = useSiteImages(collections, picking);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const image = await uploadImage(websiteId, file);
      onChange({ ...data, src: image.assetUrl, alt: str(data, 'alt') || image.filename.replace(/\.[a-z0-9]+$/i, '') }, 'src');
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : OwnerUiMessages.unableToUploadFile);
    } finally {
      setBusy(false);
    }
  };
  const src = str(data, 'src');
  const focalX = numOr(data, 'focalX', 0.5);
  const focalY = numOr(data, 'focalY', 0.5);
  return (
    <>
      <Field label="Upload an image">
        <input type="file" accept="image/*" disabled={disabled || busy} onChange={(e) => void upload(e.target.files?.[0])} />
      </Field>
      {busy ? <p aria-busy="true">Uploading…</p> : null}
      <Problem message={problem} />
      <button type="button" disabled={disabled} onClick={() => setPicking(!picking)} aria-expanded={picking}>
        Pick from the site’s images
      </button>
      {picking ? (
        <ul className="image-picker" aria-label="The site’s images">
          {images.length === 0 ? <li>No images yet.</li> : null}
          {images.map((url) => (
            <li key={url}>
              <button type="button" aria-label={`Use ${url.split('/').pop() ?? url}`} aria-pressed={url === src} onClick={() => onChange({ ...data, src: url }, 'src')}>
                <img src={url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField data={data} name="src" label="Image address" onChange={onChange} />
      <TextField data={data} name="alt" label="Alt text" hint="What the image shows, for people who cannot see it" onChange={onChange} />
      <TextField data={data} name="caption" label="Caption" onChange={onChange} />
      <TextField data={data} name="link" label="Link (optional)" onChange={onChange} />
      {src && linkAllowed(src) ? (
        <div className="focal-point">
          <span className="field-label">Focal point (click the part that must stay in view)</span>
          <button
            type="button"
            className="focal-point-image"
            aria-label={`Focal point ${Math.round(focalX * 100)}% across, ${Math.round(focalY * 100)}% down`}
            disabled={disabled}
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              const round = (n: number) => Math.round(Math.min(Math.max(n, 0), 1) * 100) / 100;
              onChange({ ...data, focalX: round((e.clientX - box.left) / box.width), focalY: round((e.clientY - box.top) / box.height) }, 'focal');
            }}
          >
            <img src={src} alt="" />
            <span className="focal-point-mark" style={{ left: `${focalX * 100}%`, top: `${focalY * 100}%` }} />
          </button>
        </div>
      ) : null}
      <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
    </>
  );
}

/** Rows of a list field (social links, accordion entries), each with its own inputs. */
function ListField({ data, name, label, columns, onChange, blank, max }: { data: BlockData; name: string; label: string; columns: ReadonlyArray<{ key: string; label: string; options?: readonly string[]; multiline?: boolean }>; onChange: Change; blank: Record<string, string>; max: number }) {
  const rows = (Array.isArray(data[name]) ? data[name] : []) as Array<Record<string, unknown>>;
  const set = (next: Array<Record<string, unknown>>) => onChange({ ...data, [name]: next }, name);
  return (
    <fieldset className="list-field">
      <legend>{label}</legend>
      {rows.map((row, index) => (
        <div className="list-row" key={index}>
          {columns.map((column) => (
            <Field key={column.key} label={`${column.label} ${index + 1}`}>
              {column.options ? (
                <select value={typeof row[column.key] === 'string' ? (row[column.key] as string) : ''} onChange={(e) => set(rows.map((r, i) => (i === index ? { ...r, [column.key]: e.target.value } : r)))}>
                  {column.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : column.multiline ? (
                <textarea rows={2} value={typeof row[column.key] === 'string' ? (row[column.key] as string) : ''} onChange={(e) => set(rows.map((r, i) => (i === index ? { ...r, [column.key]: e.target.value } : r)))} />
              ) : (
                <input value={typeof row[column.key] === 'string' ? (row[column.key] as string) : ''} onChange={(e) => set(rows.map((r, i) => (i === index ? { ...r, [column.key]: e.target.value } : r)))} />
              )}
            </Field>
          ))}
          <button type="button" onClick={() => set(rows.filter((_, i) => i !== index))}>
            Remove {index + 1}
          </button>
        </div>
      ))}
      <button type="button" disabled={rows.length >= max} onClick={() => set([...rows, { ...blank }])}>
        Add
      </button>
    </fieldset>
  );
}

const SOCIAL = ['instagram', 'facebook', 'x', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'mastodon', 'email', 'website'] as const;

/** The fields of one block. */
function Fields({ block, onChange, sources, disabled }: { block: EditorBlock; onChange: Change; sources: Sources; disabled: boolean }): ReactNode {
  const { data } = block;
  const kind = kindOf(block);
  const forms = (type: number) => [['', 'Choose…'] as const, ...sources.forms.filter((f) => f.settings.formType === type).map((f) => [f.id, f.settings.name] as const)];
  switch (kind) {
    case 'text':
    case 'markdown':
      return <RichText key={block.id} label="Text" value={str(data, 'html')} disabled={disabled} onChange={(html) => onChange({ ...data, html }, 'html')} />;
    case 'heading':
      return (
        <>
          <TextField data={data} name="text" label="Heading text" onChange={onChange} />
          <Choice data={data} name="level" label="Level" onChange={(next, f) => onChange({ ...next, level: Number(next.level) }, f)} options={[['1', 'Heading 1'], ['2', 'Heading 2'], ['3', 'Heading 3'], ['4', 'Heading 4']]} fallback={String(numOr(data, 'level', 2))} />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'image':
      return <ImageFields data={data} onChange={onChange} collections={sources.collections} disabled={disabled} />;
    case 'gallery':
      return (
        <>
          <CollectionChoice data={data} onChange={onChange} collections={sources.collections} label="Gallery" filter={isGallery} />
          <Choice data={data} name="design" label="Design" onChange={onChange} options={[['grid', GALLERY_DESIGN_LABELS.grid], ['slideshow', GALLERY_DESIGN_LABELS.slideshow], ['carousel', GALLERY_DESIGN_LABELS.slider], ['stack', 'Stack']]} fallback="grid" />
        </>
      );
    case 'summary':
      return (
        <>
          <CollectionChoice data={data} onChange={onChange} collections={sources.collections} label="Collection" filter={isListable} />
          <Choice data={data} name="design" label="Design" onChange={onChange} options={[['wall', 'Wall'], ['carousel', 'Carousel'], ['list', 'List'], ['grid', 'Grid']]} fallback="grid" />
          <NumberField data={data} name="limit" label="How many" min={1} max={60} fallback={6} onChange={onChange} />
        </>
      );
    case 'product':
      return <ProductChoice data={data} onChange={onChange} collections={sources.collections} />;
    case 'button':
      return (
        <>
          <TextField data={data} name="label" label="Button label" onChange={onChange} />
          <TextField data={data} name="link" label="Button link" onChange={onChange} hint="A page of this site (/shop) or a full address (https://…)" />
          <Choice data={data} name="style" label="Style" onChange={onChange} options={[['primary', 'Primary'], ['secondary', 'Secondary'], ['outline', 'Outline']]} fallback="primary" />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'video':
      return (
        <>
          <TextField data={data} name="url" label="Video URL" onChange={onChange} hint="A YouTube or Vimeo address" />
          <TextField data={data} name="caption" label="Caption" onChange={onChange} />
        </>
      );
    case 'quote':
      return (
        <>
          <TextField data={data} name="text" label="Quote" multiline onChange={onChange} />
          <TextField data={data} name="source" label="Source" onChange={onChange} />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'line':
      return <p>A line across the page. Nothing to set.</p>;
    case 'spacer':
      return <NumberField data={data} name="height" label="Height (px)" min={8} max={400} fallback={48} onChange={onChange} />;
    case 'code':
      return (
        <>
          <Choice data={data} name="mode" label="Show as" onChange={onChange} options={[['html', 'HTML (cleaned: no scripts)'], ['code', 'Code listing']]} fallback="html" />
          <Field label="Code">
            <textarea rows={8} className="code" value={str(data, 'code')} onChange={(e) => onChange({ ...data, code: e.target.value }, 'code')} />
          </Field>
        </>
      );
    case 'embed':
      return (
        <>
          <TextField data={data} name="url" label="Address to embed" onChange={onChange} />
          <TextField data={data} name="title" label="Title" onChange={onChange} />
        </>
      );
    case 'form':
      return <Choice data={data} name="formId" label="Form" onChange={onChange} options={forms(FormType.FORM_BLOCK)} />;
    case 'newsletter':
      return (
        <>
          <TextField data={data} name="title" label="Newsletter title" onChange={onChange} />
          <TextField data={data} name="description" label="Description" multiline onChange={onChange} />
          <Choice data={data} name="formId" label="List" onChange={onChange} options={forms(FormType.NEWSLETTER_BLOCK)} />
        </>
      );
    case 'social':
      return (
        <>
          <ListField data={data} name="links" label="Social links" max={20} blank={{ network: 'instagram', url: '' }} onChange={onChange} columns={[{ key: 'network', label: 'Network', options: SOCIAL }, { key: 'url', label: 'Address' }]} />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'search':
      return <TextField data={data} name="placeholder" label="Placeholder" onChange={onChange} />;
    case 'map':
      return (
        <>
          <TextField data={data} name="address" label="Address shown" onChange={onChange} />
          <NumberField data={data} name="lat" label="Latitude" min={-90} max={90} step={0.0001} fallback={0} onChange={onChange} />
          <NumberField data={data} name="lng" label="Longitude" min={-180} max={180} step={0.0001} fallback={0} onChange={onChange} />
          <NumberField data={data} name="zoom" label="Zoom" min={1} max={19} fallback={15} onChange={onChange} />
        </>
      );
    case 'accordion':
      return <ListField data={data} name="items" label="Entries" max={50} blank={{ title: '', body: '' }} onChange={onChange} columns={[{ key: 'title', label: 'Title' }, { key: 'body', label: 'Text', multiline: true }]} />;
    case 'chart':
      return (
        <>
          <TextField data={data} name="title" label="Chart title" onChange={onChange} />
          <Choice data={data} name="chartType" label="Chart type" onChange={onChange} options={[['bar', 'Bar'], ['line', 'Line'], ['pie', 'Pie']]} fallback="bar" />
          <TextField data={data} name="dataset" label="Dataset" multiline hint="First line: column names; then one row per line, values separated by commas" onChange={onChange} />
        </>
      );
    case 'donation':
      return (
        <>
          <TextField data={data} name="title" label="Title" onChange={onChange} />
          <TextField data={data} name="description" label="Description" multiline onChange={onChange} />
        </>
      );
    case 'member-area':
      return <TextField data={data} name="memberAreaId" label="Member area id" onChange={onChange} />;
    case undefined:
      // A type with no form of its own: each text or number field, as data.
      return (
        <>
          {Object.entries(data)
            .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
            .map(([key]) => (
              <TextField key={key} data={data} name={key} label={key} onChange={onChange} />
            ))}
        </>
      );
  }
}

export function BlockSettings({ block, onChange, sources, disabled }: { block: EditorBlock; onChange: Change; sources: Sources; disabled: boolean }) {
  const kind = kindOf(block);
  const problem = blockProblem(block.type, block.data);
  return (
    <fieldset className="block-settings" disabled={disabled} aria-label={`${kind ? KINDS[kind].label : `Block type ${block.type}`} settings`}>
      <Fields block={block} onChange={onChange} sources={sources} disabled={disabled} />
      <Problem message={problem} />
    </fieldset>
  );
}
