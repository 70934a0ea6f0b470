// The gallery settings panel (SPEC 2): the SPEC 3 option table with each option's values or range
// and default, which options apply to the chosen design, and a live preview of the design.
import { useState } from 'react';
import {
  GALLERY_DESIGNS,
  GALLERY_DESIGN_LABELS,
  GALLERY_OPTIONS,
  Permission,
  galleryOptionProblem,
  type Collection,
  type ContentItem,
  type GallerySettings,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Loaded, Outcome, Page } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { ASPECT_RATIOS, GALLERY_APPLIES, optionApplies, type GalleryDesign } from './gallery-rules.js';
import { apiPath } from '../../api/client.js';

export function GallerySettingsScreen({ collectionId }: { collectionId: string }) {
  const { websiteId } = useSession();
  const base = apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId });
  const collection = useApi<Collection>(base);
  const settings = useApi<GallerySettings>(`${base}/gallery-settings`);
  const images = useApi<{ items: ContentItem[] }>(`${base}/items?limit=12`);
  return (
    <Page
      title={`${collection.data?.title ?? 'Gallery'}: design`}
      actions={<Link to={`/content/${collectionId}`}>Back to the gallery</Link>}
    >
      <Loaded resource={settings}>
        {(data) => (
          <GalleryForm
            base={base}
            initial={data}
            pageUrl={collection.data?.fullUrl}
            images={images.data?.items ?? []}
            onSaved={settings.set}
          />
        )}
      </Loaded>
    </Page>
  );
}

const describeValues = (name: string): string => {
  const option = GALLERY_OPTIONS[name];
  if (!option) return '';
  switch (option.kind) {
    case 'boolean':
      return 'on / off';
    case 'range':
      return `${option.min} to ${option.max}`;
    case 'enum':
      return option.values.map((v) => (name === 'design' ? (GALLERY_DESIGN_LABELS[v as GalleryDesign] ?? v) : v)).join(', ');
  }
};

const showDefault = (name: string): string => {
  const value = GALLERY_OPTIONS[name]?.default;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (name === 'design' && typeof value === 'string') return GALLERY_DESIGN_LABELS[value as GalleryDesign] ?? value;
  return String(value);
};

function GalleryForm({
  base,
  initial,
  pageUrl,
  images,
  onSaved,
}: {
  base: string;
  initial: GallerySettings;
  pageUrl: string | undefined;
  images: ContentItem[];
  onSaved: (s: GallerySettings) => void;
}) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const [settings, setSettings] = useState<GallerySettings>(initial);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const action = useAction();
  const guard = useDraftGuard(settings);
  const problems = Object.keys(GALLERY_OPTIONS)
    .map((name) => {
      const value = settings[name];
      return value === undefined ? undefined : galleryOptionProblem(name, value);
    })
    .filter((p): p is string => Boolean(p));

  const set = (name: string, value: boolean | number | string) => setSettings({ ...settings, [name]: value });

  const save = async () => {
    if (problems.length > 0) return action.fail(problems[0] ?? '');
    const saved = await action.run(() => api<GallerySettings>('PUT', `${base}/gallery-settings`, settings), 'Gallery settings saved');
    if (!saved) return;
    guard.saved();
    onSaved(saved);
  };

  const input = (name: string, disabled: boolean) => {
    const option = GALLERY_OPTIONS[name];
    const value = settings[name] ?? option?.default;
    if (!option) return null;
    switch (option.kind) {
      case 'boolean':
        return (
          <input
            type="checkbox"
            aria-label={name}
            disabled={disabled}
            checked={value === true}
            onChange={(e) => set(name, e.target.checked)}
          />
        );
      case 'range':
        return (
          <input
            type="number"
            aria-label={name}
            disabled={disabled}
            min={option.min}
            max={option.max}
            value={texts[name] ?? String(value)}
            onChange={(e) => {
              setTexts({ ...texts, [name]: e.target.value });
              set(name, e.target.value.trim() === '' ? NaN : Number(e.target.value));
            }}
            style={{ width: '5rem' }}
          />
        );
      case 'enum':
        return (
          <select aria-label={name} disabled={disabled} value={String(value)} onChange={(e) => set(name, e.target.value)}>
            {option.values.map((v) => (
              <option key={v} value={v}>
                {name === 'design' ? (GALLERY_DESIGN_LABELS[v as GalleryDesign] ?? v) : v}
              </option>
            ))}
          </select>
        );
    }
  };

  return (
    <div className="gallery-settings stack">
      <GalleryPreview settings={settings} images={images} />
      {pageUrl ? (
        <a href={pageUrl} target="_blank" rel="noreferrer">
          View the gallery page
        </a>
      ) : null}
      <table aria-label="Gallery options">
        <thead>
          <tr>
            <th>Option</th>
            <th>Value</th>
            <th>Default</th>
            <th>Values</th>
            <th>Applies to</th>
          </tr>
        </thead>
        <tbody>
          {Object.keys(GALLERY_OPTIONS).map((name) => {
            const applies = optionApplies(name, settings);
            const rule = GALLERY_APPLIES[name];
            const value = settings[name];
            const problem = value === undefined ? undefined : galleryOptionProblem(name, value);
            return (
              <tr key={name} className={applies ? undefined : 'not-applied'} data-applies={applies}>
                <td>{name}</td>
                <td>
                  {input(name, !editable || !applies)}
                  {problem ? (
                    <span className="field-error" role="alert" style={{ marginLeft: '0.5rem' }}>
                      {problem}
                    </span>
                  ) : null}
                </td>
                <td>{showDefault(name)}</td>
                <td>{describeValues(name)}</td>
                <td>
                  {rule ? rule.designs.map((d) => GALLERY_DESIGN_LABELS[d]).join(', ') : ''}
                  {rule?.needs ? ` (with ${rule.needs})` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Outcome action={action} />
      {editable ? (
        <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
          Save gallery settings
        </button>
      ) : null}
    </div>
  );
}

/** A live sketch of the design with the current settings (tiles stand in for the images). */
export function GalleryPreview({ settings, images }: { settings: GallerySettings; images: ContentItem[] }) {
  const design = (GALLERY_DESIGNS as readonly string[]).includes(String(settings.design)) ? (settings.design as GalleryDesign) : 'grid';
  const count = Math.max(images.length, 6);
  const gap = Number(settings.padding ?? 20);
  const ratio = ASPECT_RATIOS[String(settings['aspect-ratio'])] ?? '1 / 1';
  const tiles = Array.from({ length: count }, (_, i) => {
    const image = images[i];
    const src = image?.image?.assetUrl ?? image?.mainImage?.assetUrl;
    return (
      <div
        key={i}
        className="tile"
        style={{
          aspectRatio: design === 'grid' ? ratio : design === 'slider' ? '4 / 3' : '3 / 2',
          backgroundImage: src ? `url("${src}")` : undefined,
          backgroundSize: 'cover',
        }}
      >
        {settings['show-meta'] === true && design !== 'stacked' ? <span className="meta">{image?.title ?? `Image ${i + 1}`}</span> : null}
      </div>
    );
  });
  const background = settings.transparentBackground === true ? 'transparent' : '#fff';
  let body;
  switch (design) {
    case 'grid':
      body = (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${Number(settings['thumbnails-per-row'] ?? 4) || 4}, 1fr)`,
            gap: `${gap}px`,
          }}
        >
          {tiles}
        </div>
      );
      break;
    case 'slider':
      body = (
        <div
          style={{ display: 'flex', gap: `${gap}px`, overflow: 'hidden', justifyContent: String(settings['active-alignment'] ?? 'center') }}
        >
          {tiles.slice(0, 4).map((t) => (
            <div key={t.key} style={{ flex: '0 0 30%' }}>
              {t}
            </div>
          ))}
        </div>
      );
      break;
    case 'slideshow':
      body = (
        <div>
          <div style={{ position: 'relative' }}>
            {tiles[0]}
            {settings.controls === true ? (
              <span className="controls" aria-hidden="true">
                ‹ ›
              </span>
            ) : null}
          </div>
          {settings.thumbnails === true ? (
            <div
              style={{
                display: 'flex',
                gap: '4px',
                marginTop: `${Number(settings['thumbnail-strip-margin'] ?? 20)}px`,
                height: `${Number(settings['thumbnail-strip-height'] ?? 80)}px`,
              }}
            >
              {tiles.slice(0, 6).map((t) => (
                <div key={t.key} style={{ flex: 1, overflow: 'hidden' }}>
                  {t}
                </div>
              ))}
            </div>
          ) : null}
        </div>
      );
      break;
    case 'stacked':
      body = (
        <div style={{ display: 'flex', flexDirection: 'column', gap: `${gap}px`, maxWidth: `${Number(settings['max-width'] ?? 300)}px` }}>
          {tiles.slice(0, 3)}
        </div>
      );
      break;
  }
  return (
    <figure
      className="gallery-preview"
      data-design={design}
      aria-label={`Preview: ${GALLERY_DESIGN_LABELS[design]}`}
      style={{ background }}
    >
      {body}
      <figcaption className="hint">Preview: {GALLERY_DESIGN_LABELS[design]}</figcaption>
    </figure>
  );
}
