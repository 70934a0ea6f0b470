// The checks of page blocks the page editor (editor/) applies with the SPEC 5 owner-side messages:
// chart datasets ('at least one column', 'at least one row', 'One or more rows was missing
// data'), button links ('Links must be formatted as …'), the newsletter's list ('A List must be
// selected'), videos ('Vimeo Basic accounts are unsupported').
import { BlockType, isImageUrl, OwnerMessages } from '@sc/contracts';
import { linkProblem, pageUrlProblem } from '../forms-kit.js';

export type BlockData = Record<string, unknown>;

/** A chart dataset typed as lines of comma-separated values; the first line names the columns. */
export function parseDataset(text: string): { columns: string[]; rows: string[][] } {
  const all = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [header, ...rows] = all;
  return {
    columns: header
      ? header
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : [],
    rows: rows.map((row) => row.split(',').map((c) => c.trim())),
  };
}

/** SPEC 5 chart dataset messages. */
export function datasetProblem(text: string): string | undefined {
  const { columns, rows } = parseDataset(text);
  if (columns.length === 0) return OwnerMessages.datasetNeedsColumn;
  if (rows.length === 0) return OwnerMessages.datasetNeedsRow;
  if (rows.some((row) => row.length < columns.length || row.slice(0, columns.length).some((cell) => cell === '')))
    return OwnerMessages.rowsMissingData;
  return undefined;
}

/** Vimeo Basic videos cannot be embedded privately (the SPEC's refusal); we know them by the URL the owner pastes from a Basic account's share dialog. */
export function videoProblem(url: string): string | undefined {
  const problem = pageUrlProblem(url);
  if (problem) return problem;
  return /vimeo\.com\//i.test(url) && /[?&]basic=1\b/.test(url) ? OwnerMessages.vimeoBasicUnsupported : undefined;
}

/** The problem of one block's data, or undefined. */
export function blockProblem(type: number, data: BlockData): string | undefined {
  const text = (key: string): string => (typeof data[key] === 'string' ? data[key] : '');
  switch (type) {
    case BlockType.CHART:
      return datasetProblem(text('dataset'));
    case BlockType.BUTTON:
      return text('label').trim() === '' ? 'A button needs a label.' : linkProblem(text('link'));
    case BlockType.NEWSLETTER:
      return text('formId') === '' ? OwnerMessages.listRequired : undefined;
    case BlockType.IMAGE:
      // An uploaded picture (the starting designs' too) is a path in our own asset store.
      return isImageUrl(text('src')) ? undefined : pageUrlProblem(text('src'));
    case BlockType.VIDEO:
      return videoProblem(text('url'));
    default:
      return undefined;
  }
}
