// The image block's settings: uploading or picking one of the site's images, its address, alt
// text, caption, link, focal point and alignment.
import { useState } from 'react';
import { OwnerUiMessages, type Collection, type ContentItem } from '@sc/contracts';
import { useApi } from '../data.js';
import { uploadImage } from '../images.js';
import { useSession } from '../session.js';
import { Field, Problem } from '../ui.js';
import { ALIGN, Choice, numOr, str, TextField, type Change } from './FieldKit.js';
import type { BlockData } from './model.js';
import { linkAllowed } from './RichText.js';
import { isGallery, isStore } from './SourceFields.js';
import { apiPath } from '../../api/client.js';

/** A picked image: its address and, when known, its size in pixels ('WxH', for the page's width and height). */
interface SiteImage {
  url: string;
  originalSize: string | undefined;
}

/** The block with another picture: its size replaced by the new one's, or dropped when unknown. */
function withPicture(data: BlockData, src: string, originalSize: string | undefined): BlockData {
  const { originalSize: _old, ...rest } = data;
  return { ...rest, src, ...(originalSize ? { originalSize } : {}) };
}

/** The site's images: those of its galleries and stores (every one of them was uploaded here). */
function useSiteImages(collections: Collection[], open: boolean): SiteImage[] {
  const { websiteId } = useSession();
  const gallery = collections.find(isGallery);
  const store = collections.find(isStore);
  const galleryItems = useApi<{ items: ContentItem[] }>(
    open && gallery
      ? `${apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}/items', { websiteId, collectionId: gallery.id })}?limit=100`
      : null,
  );
  const storeItems = useApi<{ items: ContentItem[] }>(
    open && store
      ? `${apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/items', { websiteId, collectionId: store.id })}?limit=100`
      : null,
  );
  const found = new Map<string, SiteImage>();
  for (const item of [...(galleryItems.data?.items ?? []), ...(storeItems.data?.items ?? [])]) {
    for (const image of [item.image, item.mainImage]) {
      if (typeof image?.assetUrl === 'string' && image.assetUrl !== '' && !found.has(image.assetUrl))
        found.set(image.assetUrl, { url: image.assetUrl, originalSize: image.originalSize || undefined });
    }
  }
  return [...found.values()];
}

export function ImageFields({
  data,
  onChange,
  collections,
  disabled,
}: {
  data: BlockData;
  onChange: Change;
  collections: Collection[];
  disabled: boolean;
}) {
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
      onChange(
        { ...withPicture(data, image.assetUrl, image.originalSize), alt: str(data, 'alt') || image.filename.replace(/\.[a-z0-9]+$/i, '') },
        'src',
      );
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
          {images.map(({ url, originalSize }) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Use ${url.split('/').pop() ?? url}`}
                aria-pressed={url === src}
                onClick={() => onChange(withPicture(data, url, originalSize), 'src')}
              >
                <img src={url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* A typed address: its size is unknown. */}
      <TextField
        data={data}
        name="src"
        label="Image address"
        onChange={(next, field) => onChange(withPicture(next, str(next, 'src'), undefined), field)}
      />
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
              onChange(
                { ...data, focalX: round((e.clientX - box.left) / box.width), focalY: round((e.clientY - box.top) / box.height) },
                'focal',
              );
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
