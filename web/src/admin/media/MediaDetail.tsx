// One image of the media library opened: its alt text and focal point (for every place it is
// used), replacing it everywhere with a new upload, deleting it when nothing uses it.
import { useState } from 'react';
import { OwnerUiMessages, formatFileSize, mediaPath, type MediaAsset, type ReplacedMedia } from '@sc/contracts';
import { api, useAction } from '../data.js';
import { useSession } from '../session.js';
import { Field, Outcome, useConfirm } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { Uploads, Usages } from './MediaLists.js';
import { send, type UploadRow } from './upload.js';

/** 'WxH' as the width and height attributes of an <img> (none for anything else). */
export function pixelSize(originalSize: string): { width?: number; height?: number } {
  const match = /^(\d+)x(\d+)$/.exec(originalSize);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : {};
}

/** One image: alt text, focal point, replace, delete. */
export function MediaDetail({
  asset,
  onChanged,
  onClose,
}: {
  asset: MediaAsset;
  onChanged: (asset: MediaAsset | undefined) => void;
  onClose: () => void;
}) {
  const { websiteId } = useSession();
  const [alt, setAlt] = useState(asset.altText);
  const [focal, setFocal] = useState(asset.mediaFocalPoint);
  const [replacing, setReplacing] = useState<UploadRow[]>([]);
  const [notice, setNotice] = useState<string>();
  const save = useAction();
  const remove = useAction();
  // The alt text is the one field typed and then saved (the focal point saves on each click).
  const guard = useDraftGuard(alt);
  const { modal, confirm } = useConfirm();
  const base = `${mediaPath(websiteId)}/${encodeURIComponent(asset.id)}`;
  const altNeeded = asset.usages.some((usage) => usage.altRequired);
  const round = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

  const saveFields = async (body: { altText?: string; mediaFocalPoint?: { x: number; y: number } }, done: string) => {
    const updated = await save.run(() => api<MediaAsset>('PATCH', base, body), done);
    if (!updated) return;
    if (body.altText !== undefined) guard.saved(body.altText);
    onChanged(updated);
  };

  const replace = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const row: UploadRow = { key: Date.now(), name: file.name, percent: 0, events: 0, state: 'uploading' };
    const update = (patch: Partial<UploadRow>) => setReplacing((rows) => rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
    setReplacing([row]);
    try {
      const answer = await send<ReplacedMedia>(`${base}/replace`, file, (percent) =>
        setReplacing((rows) => rows.map((r) => (r.key === row.key ? { ...r, percent, events: r.events + 1 } : r))),
      );
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
        {asset.originalSize} pixels · {formatFileSize(asset.size)} · {asset.contentType} · served at{' '}
        {asset.widths.map((w) => `${w}w`).join(', ')}
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
          {/* Its size from the start, so the box clicked is the picture's even before it has loaded. */}
          <img src={`${asset.assetUrl}?format=750w`} alt={asset.altText} draggable={false} {...pixelSize(asset.originalSize)} />
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
        <Field
          label="Alt text"
          hint={altNeeded ? 'Required: a product uses this image.' : 'Describes the image for screen readers and search engines.'}
        >
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
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="visually-hidden"
            onChange={(e) => void replace(e.target.files)}
          />
        </label>
        <button
          type="button"
          disabled={remove.busy || asset.usages.length > 0}
          title={asset.usages.length > 0 ? 'Replace it or remove it where it is used first.' : undefined}
          onClick={() => {
            void (async () => {
              if (
                !(await confirm({
                  title: 'Delete image',
                  message: `Delete ${asset.filename} and every size made of it?`,
                  confirmLabel: 'Delete',
                }))
              )
                return;
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
