// Images of products and galleries. An owner adds one by URL or by uploading a file. Files are
// checked first (SPEC 5: 'does not appear to be a supported file', 'is too large' with the
// maximum size; the content service checks again by the file's bytes), then read in the browser
// for the five colour averages of SPEC 3, then uploaded (multipart) to the content service, which
// stores the file and answers its URL and size; the SPEC 8 upload and processing strings report
// each failure, and a cancelled upload says 'File processing cancelled'. The images are a grid an
// owner reorders by dragging (or from the keyboard), and files dropped on it are uploaded.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState, type DragEvent } from 'react';
import {
  MAX_UPLOAD_BYTES,
  OwnerMessages,
  OwnerUiMessages,
  UPLOAD_IMAGE_TYPES,
  formatFileSize,
  uploadProblem,
  type ImageBody,
  type UploadedAsset,
} from '@sc/contracts';
import { apiPath, failureFrom, send } from '../api/client.js';
import { pageUrlProblem } from './forms-kit.js';
import { useSession } from './session.js';
import { Field } from './ui.js';

// The rules are the contracts' (the content service checks the same); named here for the screens.
export { MAX_UPLOAD_BYTES, formatFileSize };
export const SUPPORTED_IMAGE_TYPES = Object.keys(UPLOAD_IMAGE_TYPES);

/** The SPEC 5 message for a file that cannot be uploaded, or undefined. */
export const fileProblem = (file: { name: string; type: string; size: number }): string | undefined => uploadProblem(file);

type ColorData = NonNullable<ImageBody['colorData']>;

/** Reads the image: its size and the five colour averages (corners and centre). */
async function readImage(file: Blob): Promise<{ originalSize: string; colorData: ColorData }> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  const size = 30;
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0, size, size);
  const average = (x: number, y: number): string => {
    const { data } = context.getImageData(x, y, 10, 10);
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[i + c] ?? 0);
    return sum
      .map((s) =>
        Math.round(s / (data.length / 4))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('');
  };
  const colorData = {
    topLeftAverage: average(0, 0),
    topRightAverage: average(20, 0),
    bottomLeftAverage: average(0, 20),
    bottomRightAverage: average(20, 20),
    centerAverage: average(10, 10),
  };
  const originalSize = `${bitmap.width}x${bitmap.height}`;
  bitmap.close();
  return { originalSize, colorData };
}

/** Where files are uploaded: the content service's asset store of the website (multipart, one file). */
export const assetUploadPath = (websiteId: string): string => apiPath('/content-service/1.0/websites/{websiteId}/assets', { websiteId });

export type UploadStep = 'checking' | 'processing' | 'uploading';

/** The server's refusals an owner is shown as they are: the SPEC 5 and SPEC 8 file messages. */
const SHOWN_AS_SENT =
  /^(The file .+ (does not appear to be a supported file|is too large\. The maximum allowed file size is .+\.)|File processing failed|File upload failed to complete|Please enter a file name)$/;

/** The same, from a refusal's parsed body (the media library's uploads read it from an XHR). */
export function uploadRefusal(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return refusalMessage(typeof message === 'string' ? message : '');
}

/** The server's message when it is a file message, else the SPEC's upload failure. */
function refusalMessage(message: string): string {
  return SHOWN_AS_SENT.test(message) ? message : OwnerUiMessages.fileUploadIncomplete;
}

/**
 * Checks, reads and uploads one file; answers the image body or throws an Error with the SPEC text.
 * `signal` cancels the upload ('File processing cancelled').
 */
export async function uploadImage(
  websiteId: string,
  file: File,
  onStep: (step: UploadStep) => void = () => undefined,
  signal?: AbortSignal,
): Promise<ImageBody> {
  onStep('checking');
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  if (file.name.trim() === '') throw new Error(OwnerMessages.fileNameRequired);
  onStep('processing');
  let read: { originalSize: string; colorData: ColorData };
  try {
    read = await readImage(file);
  } catch {
    throw new Error(OwnerUiMessages.fileProcessingFailed);
  }
  onStep('uploading');
  const form = new FormData();
  form.append('file', file, file.name);
  let answer: unknown;
  try {
    answer = await send('POST', assetUploadPath(websiteId), { form, ...(signal ? { signal } : {}) });
  } catch (error) {
    const failure = failureFrom(error);
    if (failure.network)
      throw new Error(failure.aborted || signal?.aborted ? OwnerUiMessages.fileProcessingCancelled : OwnerUiMessages.unableToConnect, {
        cause: error,
      });
    throw new Error(refusalMessage(failure.errorMessage ?? ''), { cause: error });
  }
  const asset = answer as Partial<UploadedAsset> | undefined;
  if (!asset || typeof asset.assetUrl !== 'string') throw new Error(OwnerUiMessages.noJobResponseData);
  return {
    assetUrl: asset.assetUrl,
    // The server read the size from the file's header; the browser's reading is the fallback.
    originalSize: typeof asset.originalSize === 'string' ? asset.originalSize : read.originalSize,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: read.colorData,
    systemDataVariants: '',
    altText: '',
    title: '',
    body: '',
    filename: file.name,
  };
}

/** An image from a URL (size typed or detected by loading it). */
export function imageFromUrl(assetUrl: string, originalSize: string, filename: string, altText = ''): ImageBody {
  return {
    assetUrl,
    originalSize,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: null,
    systemDataVariants: '',
    altText,
    title: '',
    body: '',
    filename,
  };
}

const fileNameOf = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
};

/** Each image's key in the sortable grid: its address, and which of that address's images it is (one may be added twice). */
function keysOf(images: readonly ImageBody[]): string[] {
  const seen = new Map<string, number>();
  return images.map((image) => {
    const n = seen.get(image.assetUrl) ?? 0;
    seen.set(image.assetUrl, n + 1);
    return `${image.assetUrl}#${n}`;
  });
}

/** One tile of the grid: the thumbnail, its handle (pointer or keyboard: Space, arrows, Space), alt text and removal. */
function ImageTile({
  id,
  image,
  disabled,
  onAlt,
  onRemove,
}: {
  id: string;
  image: ImageBody;
  disabled: boolean;
  onAlt: (alt: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`image-tile${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={`Image ${image.filename}`}
    >
      <div className="image-tile-top">
        {disabled ? null : (
          <button
            type="button"
            className="drag-handle"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move image ${image.filename}`}
          >
            ⠿
          </button>
        )}
        <span className="image-tile-name" title={image.filename}>
          {image.filename}
        </span>
      </div>
      <img src={image.assetUrl} alt="" width={160} height={120} />
      <Field label="Alt text">
        <input value={image.altText} disabled={disabled} onChange={(e) => onAlt(e.target.value)} />
      </Field>
      {disabled ? null : (
        <button type="button" aria-label={`Remove image ${image.filename}`} onClick={onRemove}>
          Remove
        </button>
      )}
    </li>
  );
}

/**
 * The images as a grid: dragged into a new order (dnd-kit; the first is the main one), files dropped
 * on it are uploaded in turn; add by URL or by choosing a file, alt text and removal per image.
 */
export function ImagesEditor({
  images,
  onChange,
  disabled,
  max = 50,
}: {
  images: ImageBody[];
  onChange: (images: ImageBody[]) => void;
  disabled?: boolean;
  max?: number;
}) {
  const { websiteId } = useSession();
  const [url, setUrl] = useState('');
  const [size, setSize] = useState('1600x1200');
  const [problem, setProblem] = useState<string>();
  const [step, setStep] = useState<UploadStep | undefined>();
  const [dropping, setDropping] = useState(false);
  const uploading = useRef<AbortController | undefined>(undefined);
  // Uploads finish after renders: each adds to the images as they are then, not as they were.
  const latest = useRef(images);
  latest.current = images;
  const urlProblem = url.trim() ? pageUrlProblem(url) : undefined;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = keysOf(images);
  const open = !disabled && images.length < max;

  const addUrl = () => {
    if (urlProblem || !url.trim()) return;
    if (!/^[1-9]\d{0,5}x[1-9]\d{0,5}$/.test(size)) return setProblem('Write the size as WIDTHxHEIGHT, e.g. 1600x1200.');
    setProblem(undefined);
    onChange([...images, imageFromUrl(url.trim(), size, fileNameOf(url.trim()))]);
    setUrl('');
  };

  const upload = async (files: FileList | readonly File[] | null) => {
    const list = Array.from(files ?? []).slice(0, Math.max(0, max - latest.current.length));
    setProblem(undefined);
    for (const file of list) {
      const controller = new AbortController();
      uploading.current = controller;
      try {
        const image = await uploadImage(websiteId, file, setStep, controller.signal);
        latest.current = [...latest.current, image];
        onChange(latest.current);
      } catch (failure) {
        setProblem(failure instanceof Error ? failure.message : OwnerUiMessages.unableToUploadFile);
        break;
      } finally {
        uploading.current = undefined;
        setStep(undefined);
      }
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(images, from, to));
  };
  const nameOf = (id: string | number): string => images[keys.indexOf(String(id))]?.filename ?? 'image';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Image ${nameOf(active.id)} is at place ${keys.indexOf(String(over.id)) + 1} of ${keys.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Image ${nameOf(active.id)} dropped at place ${keys.indexOf(String(over.id)) + 1} of ${keys.length}.`
        : `Image ${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving image ${nameOf(active.id)} was cancelled.`,
  };
  const dragsFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

  return (
    <div
      className={`images-editor stack${dropping ? ' dropping' : ''}`}
      onDragOver={(e) => {
        if (!open || !dragsFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        if (!open || !dragsFiles(e)) return;
        e.preventDefault();
        setDropping(false);
        void upload(e.dataTransfer.files);
      }}
    >
      {images.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={keys} strategy={rectSortingStrategy}>
            <ol className="image-grid" aria-label="Images, in order (the first is the main image)">
              {images.map((image, index) => (
                <ImageTile
                  key={keys[index]}
                  id={keys[index] ?? ''}
                  image={image}
                  disabled={Boolean(disabled)}
                  onAlt={(altText) => onChange(images.map((im, i) => (i === index ? { ...im, altText } : im)))}
                  onRemove={() => onChange(images.filter((_, i) => i !== index))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="hint">No images yet.</p>
      )}
      {open ? (
        <>
          <p className="image-drop hint">
            Drop image files here to upload them{images.length > 1 ? '; drag an image by its handle to reorder' : ''}.
          </p>
          <div className="row">
            <Field label="Image URL" error={urlProblem}>
              <input value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
            </Field>
            <Field label="Size (WxH)">
              <input value={size} onChange={(e) => setSize(e.target.value)} size={10} />
            </Field>
            <button type="button" onClick={addUrl} disabled={!url.trim() || Boolean(urlProblem)}>
              Add image
            </button>
            <Field label="Upload an image" hint={`JPEG, PNG, GIF or WebP, up to ${formatFileSize(MAX_UPLOAD_BYTES)}`}>
              <input
                type="file"
                multiple
                accept={SUPPORTED_IMAGE_TYPES.join(',')}
                disabled={step !== undefined}
                onChange={(e) => void upload(e.target.files).then(() => (e.target.value = ''))}
              />
            </Field>
          </div>
        </>
      ) : null}
      {step ? (
        <p role="status">
          {step === 'uploading' ? 'Uploading…' : step === 'processing' ? 'Processing…' : 'Checking…'}{' '}
          {step === 'uploading' ? (
            <button type="button" onClick={() => uploading.current?.abort()}>
              Cancel upload
            </button>
          ) : null}
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="problem">
          {problem === OwnerUiMessages.fileUploadIncomplete ||
          problem === OwnerUiMessages.unableToConnect ||
          problem === OwnerUiMessages.fileProcessingCancelled ? (
            <strong>{OwnerUiMessages.unableToUploadFile}: </strong>
          ) : null}
          {problem}
        </div>
      ) : null}
    </div>
  );
}
