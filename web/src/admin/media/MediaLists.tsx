// The media library's lists: where an image is used, and the uploads in progress or done.
import type { MediaUsage } from '@sc/contracts';
import type { UploadRow } from './upload.js';

const KIND_LABEL: Record<MediaUsage['kind'], string> = {
  product: 'Product',
  'blog-post': 'Blog post',
  gallery: 'Gallery',
  item: 'Item',
  page: 'Page',
  site: 'Site',
};

export function Usages({ usages }: { usages: readonly MediaUsage[] }) {
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

export function Uploads({ rows }: { rows: readonly UploadRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className="media-uploads" aria-label="Uploads">
      {rows.map((row) => (
        <li key={row.key} data-state={row.state} data-progress-events={row.events}>
          <span className="media-upload-name">{row.name}</span>
          <progress max={100} value={row.percent} aria-label={`${row.name} upload progress`} />
          <span role="status">
            {row.state === 'uploading' ? `Uploading ${row.percent}%` : row.state === 'done' ? 'Uploaded' : row.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
