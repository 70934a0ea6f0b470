// An oversized paste is refused at once: a page is saved (and previewed) as one request, which the
// gateway takes up to 1 MiB (BODY_LIMIT_BYTES), and a multi-megabyte paste used to freeze the
// editor for seconds (the rich text parsing it, each preview sending it, the browser draft failing
// to store it) before Save failed without saying where or why. Checked before anything reads it.
import { formatFileSize } from '@sc/contracts';

/** The most one paste may bring into a block's field: a fifth of the page's whole request. */
export const PASTE_LIMIT_BYTES = 200_000;

/** The size of what a paste would insert (its richest form), in UTF-8 bytes. */
export function pasteSize(data: Pick<DataTransfer, 'getData'>): number {
  // Length first: most pastes are small, and counting bytes of a huge one costs a copy.
  const texts = ['text/html', 'text/plain'].map((type) => data.getData(type));
  const longest = texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length * 3 < PASTE_LIMIT_BYTES ? longest.length : new Blob([longest]).size;
}

/** The refusal shown for a paste of `bytes` into `where` (e.g. "block 3 (Text)"). */
export const pasteTooLarge = (bytes: number, where: string): string =>
  `The paste (${formatFileSize(bytes)}) is too large for ${where}: paste at most ${formatFileSize(PASTE_LIMIT_BYTES)} at a time.`;
