// The media library (issue 22): every image uploaded to the website, newest first. Several files
// upload at once, each with its own progress bar (XHR upload progress) and outcome; each image
// shows its pixel size, bytes, the widths it is served at and where it is used, with a warning
// when a product uses it without alt text. Opening one sets its alt text and its focal point (a
// click on the picture) for every place it is used, replaces it everywhere with a new upload (a
// new content-hashed URL swapped into every usage), or deletes it when nothing uses it.
import { useRef, useState } from 'react';
import {
  OwnerMessages,
  OwnerUiMessages,
  formatFileSize,
  mediaPath,
  type MediaAsset,
  type MediaList,
  type MediaUsage,
  type ReplacedMedia,
  type UploadedAsset,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { crumb } from '../../api/client.js';
import { assetUploadPath, fileProblem, uploadRefusal } from '../images.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm } from '../ui.js';
import './media.css';

interface UploadRow {
  key: number;
  name: string;
  /** 0 to 100. */
  percent: number;
  /** How many progress events arrived (a file the browser sends in one piece has one). */
  events: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string | undefined;
}

/** POSTs one file as multipart with XHR (fetch has no upload progress, so this is the one call beside api/client.ts); answers the parsed JSON or throws an Error with the SPEC text. */
function send<T>(url: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  const problem = fileProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  if (file.name.trim() === '') return Promise.reject(new Error(OwnerMessages.fileNameRequired));
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    const token = crumb();
    if (token) xhr.setRequestHeader('x-csrf-token', token);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.response) resolve(xhr.response as T);
      else if (xhr.status >= 200 && xhr.status < 300) reject(new Error(OwnerUiMessages.noJobResponseData));
      else reject(new Error(uploadRefusal(xhr.response)));
    };
    xhr.onerror = () => reject(new Error(OwnerUiMessages.unableToConnect));
    xhr.onabort = () => reject(new Error(OwnerUiMessages.fileProcessingCancelled));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const KIND_LABEL: Record<MediaUsage['kind'], string> = {
  product: 'Product',
  'blog-post': 'Blog post',
  gallery: 'Gallery',
  item: 'Item',
  page: 'Page',
  site: 'Site',
};

function Usages({ usages }: { usages: readonly MediaUsage[] }) {
  if (usages.length === 0) return <p className="hint">Not used anywhere.</p>;
  return (
    <ul className="media-usages" aria-label="Used in">
      {usages.map((usage) => (
        <li key={`${usage.kind}-${usage.id}`}>
          {KIND_LABEL[usage.kind]}: {usage.title}
          {usage.altMissing ? <span className="media-missing"> (no alt text{usage.altRequired ? ', required' : ''})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Uploads({ rows }: { rows: readonly UploadRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className="media-uploads" aria-label="Uploads">
      {rows.map((row) => (
        <li key={row.key} data-state={row.state} data-progress-events={row.events}>
          <span className="media-upload-name">{row.name}</span>
          <progress max={100} value={row.percent} aria-label={`${row.name} upload progress`} />
          <span role="status">{row.state === 'uploading' ? `Uploading ${row.percent}%` : row.state === 'done' ? 'Uploaded' : row.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** One image: alt text, focal point, replace, delete. */
function MediaDetail({ asset, onChanged, onClose }: { asset: MediaAsset; onChanged: (asset: MediaAsset | undefined) => void; onClose: () => void }) {
  const { websiteId } = useSession();
  const [alt, setAlt] = useState(asset.altText);
  const [focal, setFocal] = useState(asset.mediaFocalPoint);
  const [replacing, setReplacing] = useState<UploadRow[]>([]);
  const [notice, setNotice] = useState<string>();
  const save = useAction();
  const remove = useAction();
  const { modal, confirm } = useConfirm();
  const base = `${mediaPath(websiteId)}/${encodeURIComponent(asset.id)}`;
  const altNeeded = asset.usages.some((usage) => usage.altRequired);
  const round = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

  const saveFields = async (body: { altText?: string; mediaFocalPoint?: { x: number; y: number } }, done: string) => {
    const updated = await save.run(() => api<MediaAsset>('PATCH', base, body), done);
    if (updated) onChanged(updated);
  };

  const replace = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const row: UploadRow = { key: Date.now(), name: file.name, percent: 0, events: 0, state: 'uploading' };
    const update = (patch: Partial<UploadRow>) => setReplacing((rows) => rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
    setReplacing([row]);
    try {
      const answer = await send<ReplacedMedia>(`${base}/replace`, file, (percent) => setReplacing((rows) => rows.map((r) => (r.key === row.key ? { ...r, percent, events: r.events + 1 } : r))));
      update({ state: 'done', percent: 100 });
      onChanged(answer.asset);
      setNotice(`Replaced in ${answer.replaced} ${answer.replaced === 1 ? 'place' : 'places'}.`);
    } catch (failure) {
      update({ state: 'failed', message: failure instanceof Error ? failure.message : OwnerUiMessages.unableToUploadFile });
    }
  };

  return (
    <section className="media-detail stack" aria-label={`Image ${asset.filename}`}>
      {modal}
      <div className="row">
        <h2>{asset.filename}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="hint">
        {asset.originalSize} pixels · {formatFileSize(asset.size)} · {asset.contentType} · served at {asset.widths.map((w) => `${w}w`).join(', ')}
      </p>
      {asset.altWarning ? (
        <p role="alert" className="problem">
          {asset.altWarning}
        </p>
      ) : null}
      <div className="media-focal">
        <span className="field-label">Focal point (click the part that must stay in view when the image is cropped)</span>
        <button
          type="button"
          className="media-focal-image"
          aria-label={`Focal point ${Math.round(focal.x * 100)}% across, ${Math.round(focal.y * 100)}% down`}
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            const next = { x: round((e.clientX - box.left) / box.width), y: round((e.clientY - box.top) / box.height) };
            setFocal(next);
            void saveFields({ mediaFocalPoint: next }, 'Focal point saved.');
          }}
        >
          <img src={`${asset.assetUrl}?format=750w`} alt={asset.altText} draggable={false} />
          <span className="media-focal-mark" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} />
        </button>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void saveFields({ altText: alt }, 'Alt text saved.');
        }}
      >
        <Field label="Alt text" hint={altNeeded ? 'Required: a product uses this image.' : 'Describes the image for screen readers and search engines.'}>
          <input value={alt} maxLength={1000} required={altNeeded} onChange={(e) => setAlt(e.target.value)} />
        </Field>
        <button type="submit" disabled={save.busy}>
          Save alt text
        </button>
      </form>
      <Outcome action={save} />
      <h3>Used in</h3>
      <Usages usages={asset.usages} />
      <div className="row">
        <label className="button">
          Replace image everywhere
          <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" className="visually-hidden" onChange={(e) => void replace(e.target.files)} />
        </label>
        <button
          type="button"
          disabled={remove.busy || asset.usages.length > 0}
          title={asset.usages.length > 0 ? 'Replace it or remove it where it is used first.' : undefined}
          onClick={() => {
            void (async () => {
              if (!(await confirm({ title: 'Delete image', message: `Delete ${asset.filename} and every size made of it?`, confirmLabel: 'Delete' }))) return;
              const done = await remove.run(() => api<void>('DELETE', base).then(() => true));
              if (done) onChanged(undefined);
            })();
          }}
        >
          Delete
        </button>
      </div>
      <Uploads rows={replacing} />
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <Outcome action={remove} />
    </section>
  );
}

export function MediaScreen() {
  const { websiteId } = useSession();
  const list = useApi<MediaList>(mediaPath(websiteId));
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [open, setOpen] = useState<string>();
  const next = useRef(0);

  const uploadAll = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const rows = chosen.map((file) => ({ key: next.current++, name: file.name, percent: 0, events: 0, state: 'uploading' as const }));
    setUploads((previous) => [...rows, ...previous.filter((row) => row.state === 'uploading')]);
    const update = (key: number, patch: (row: UploadRow) => Partial<UploadRow>) => setUploads((all) => all.map((row) => (row.key === key ? { ...row, ...patch(row) } : row)));
    await Promise.all(
      chosen.map(async (file, i) => {
        const key = rows[i]!.key;
        try {
          await send<UploadedAsset>(assetUploadPath(websiteId), file, (percent) => update(key, (row) => ({ percent, events: row.events + 1 })));
          update(key, () => ({ state: 'done', percent: 100 }));
        } catch (failure) {
          update(key, () => ({ state: 'failed', message: failure instanceof Error ? failure.message : OwnerUiMessages.unableToUploadFile }));
        }
      }),
    );
    list.reload();
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
      list.reload();
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
          <input type="file" multiple accept="image/jpeg,image/png,image/gif,image/webp" className="visually-hidden" aria-label="Upload images" onChange={(e) => void uploadAll(e.target.files)} />
        </label>
      }
    >
      <Uploads rows={uploads} />
      <Loaded resource={list}>
        {(data) => {
          const selected = data.assets.find((asset) => asset.id === open);
          return (
            <div className="media-layout">
              {data.assets.length === 0 ? <p className="hint">No images yet. Upload some to use them on pages, products and posts.</p> : null}
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
              {selected ? <MediaDetail key={selected.id} asset={selected} onChanged={(asset) => replaceInList(selected.id, asset)} onClose={() => setOpen(undefined)} /> : null}
            </div>
          );
        }}
      </Loaded>
    </Page>
  );
}
