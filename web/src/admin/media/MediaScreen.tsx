// The media library (issue 22): every image uploaded to the website, newest first. Several files
// upload at once, each with its own progress bar (XHR upload progress) and outcome; each image
// shows its pixel size, bytes, the widths it is served at and where it is used, with a warning
// when a product uses it without alt text. Opening one sets its alt text and its focal point (a
// click on the picture) for every place it is used, replaces it everywhere with a new upload (a
// new content-hashed URL swapped into every usage), or deletes it when nothing uses it.
import { useRef, useState } from 'react';
import { OwnerUiMessages, formatFileSize, mediaPath, type MediaAsset, type MediaList, type UploadedAsset } from '@sc/contracts';
import { useApi, useInvalidate } from '../data.js';
import { assetUploadPath } from '../images.js';
import { useSession } from '../session.js';
import { Loaded, Page } from '../ui.js';
import { MediaDetail } from './MediaDetail.js';
import { Uploads } from './MediaLists.js';
import { send, type UploadRow } from './upload.js';
import './media.css';

export function MediaScreen() {
  const { websiteId } = useSession();
  const list = useApi<MediaList>(mediaPath(websiteId));
  const invalidate = useInvalidate();
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [open, setOpen] = useState<string>();
  const next = useRef(0);

  const uploadAll = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const rows = chosen.map((file) => ({ key: next.current++, name: file.name, percent: 0, events: 0, state: 'uploading' as const }));
    setUploads((previous) => [...rows, ...previous.filter((row) => row.state === 'uploading')]);
    const update = (key: number, patch: (row: UploadRow) => Partial<UploadRow>) =>
      setUploads((all) => all.map((row) => (row.key === key ? { ...row, ...patch(row) } : row)));
    await Promise.all(
      chosen.map(async (file, i) => {
        const key = rows[i]!.key;
        try {
          await send<UploadedAsset>(assetUploadPath(websiteId), file, (percent) =>
            update(key, (row) => ({ percent, events: row.events + 1 })),
          );
          update(key, () => ({ state: 'done', percent: 100 }));
        } catch (failure) {
          update(key, () => ({
            state: 'failed',
            message: failure instanceof Error ? failure.message : OwnerUiMessages.unableToUploadFile,
          }));
        }
      }),
    );
    invalidate(mediaPath(websiteId));
  };

  const replaceInList = (id: string, asset: MediaAsset | undefined) => {
    if (!list.data) return;
    if (!asset) {
      setOpen(undefined);
      list.set({ assets: list.data.assets.filter((a) => a.id !== id) });
      return;
    }
    // A replacement is a new asset: show it, and reload so the old one shows it was replaced.
    if (asset.id !== id) {
      setOpen(asset.id);
      invalidate(mediaPath(websiteId));
      return;
    }
    list.set({ assets: list.data.assets.map((a) => (a.id === id ? asset : a)) });
  };

  return (
    <Page
      title="Media"
      actions={
        <label className="button primary">
          Upload images
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="visually-hidden"
            aria-label="Upload images"
            onChange={(e) => void uploadAll(e.target.files)}
          />
        </label>
      }
    >
      <Uploads rows={uploads} />
      <Loaded resource={list}>
        {(data) => {
          const selected = data.assets.find((asset) => asset.id === open);
          return (
            <div className="media-layout">
              {data.assets.length === 0 ? (
                <p className="hint">No images yet. Upload some to use them on pages, products and posts.</p>
              ) : null}
              <ul className="media-grid" aria-label="Images">
                {data.assets.map((asset) => (
                  <li key={asset.id} className={asset.id === open ? 'selected' : undefined}>
                    <button type="button" className="media-card" aria-label={`Open ${asset.filename}`} onClick={() => setOpen(asset.id)}>
                      <img src={`${asset.assetUrl}?format=300w`} alt={asset.altText} loading="lazy" width={150} height={110} />
                      <span className="media-name">{asset.filename}</span>
                      <span className="hint">
                        {asset.originalSize} · {formatFileSize(asset.size)}
                      </span>
                      <span className="hint">{asset.usages.length === 0 ? 'Not used' : `Used in ${asset.usages.length}`}</span>
                      {asset.replacedBy ? <span className="hint">Replaced</span> : null}
                      {asset.altWarning ? <span className="media-missing">Alt text missing</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
              {selected ? (
                <MediaDetail
                  key={selected.id}
                  asset={selected}
                  onChanged={(asset) => replaceInList(selected.id, asset)}
                  onClose={() => setOpen(undefined)}
                />
              ) : null}
            </div>
          );
        }}
      </Loaded>
    </Page>
  );
}
