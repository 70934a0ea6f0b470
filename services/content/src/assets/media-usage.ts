// Finding and rewriting one image's references inside a stored JSON document (an item's data, a
// page's layout, the header and footer). A reference is a string naming the file's path under
// ASSET_FILES_PATH, with or without an origin in front and a query after. Two shapes carry alt
// text and a focal point: SPEC 3 Image objects ({ assetUrl, altText, mediaFocalPoint,
// originalSize }) and the editor's image blocks ({ src, alt, focalX, focalY, originalSize }); any other string
// that names the file (a link, HTML) is a usage without alt text of its own.
import { ASSET_FILES_PATH } from '@sc/contracts';

export interface FileRef {
  websiteId: string;
  /** '{id}.{ext}' */
  file: string;
}

/** The path every reference to the file contains. */
export const refPath = (ref: FileRef): string => `${ASSET_FILES_PATH}/${ref.websiteId}/${ref.file}`;

/** Whether a string is exactly a URL of the file: the path, optionally after an http(s) origin and before a query. */
export function isUrlOf(value: string, ref: FileRef): boolean {
  const path = refPath(ref);
  const at = value.indexOf(path);
  if (at < 0) return false;
  const before = value.slice(0, at);
  const after = value.slice(at + path.length);
  return /^(?:https?:\/\/[^/\s"'<>]+)?$/i.test(before) && (after === '' || after.startsWith('?'));
}

export interface Found {
  /** Image objects and image blocks naming the file. */
  images: number;
  /** Of those, how many have no alt text. */
  withoutAlt: number;
  /** Other strings that mention the file (links, HTML). */
  mentions: number;
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Counts the references to the file in a document. */
export function findRefs(document: Json, ref: FileRef): Found {
  const found: Found = { images: 0, withoutAlt: 0, mentions: 0 };
  const path = refPath(ref);
  const walk = (value: Json, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') {
      if (value.includes(path)) found.mentions += 1;
      return;
    }
    if (Array.isArray(value)) {
      for (const entry of value) walk(entry, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const image = typeof value.assetUrl === 'string' && isUrlOf(value.assetUrl, ref);
    const block = typeof value.src === 'string' && isUrlOf(value.src, ref);
    if (image || block) {
      found.images += 1;
      const alt = image ? value.altText : value.alt;
      if (typeof alt !== 'string' || alt.trim() === '') found.withoutAlt += 1;
    }
    for (const [key, entry] of Object.entries(value)) {
      if ((image && key === 'assetUrl') || (block && key === 'src')) continue;
      walk(entry, depth + 1);
    }
  };
  walk(document, 0);
  return found;
}

export interface Rewrite {
  /** The new file (a replacement): every reference names it instead, and Image objects get its size. */
  to?: { file: string; originalSize: string } | undefined;
  altText?: string | undefined;
  focalPoint?: { x: number; y: number } | undefined;
}

/** The document with the file's references rewritten; the same object when nothing changed. */
export function rewriteRefs<T>(document: T, ref: FileRef, rewrite: Rewrite): T {
  const path = refPath(ref);
  const next = rewrite.to ? `${ASSET_FILES_PATH}/${ref.websiteId}/${rewrite.to.file}` : path;
  const walk = (value: Json, depth: number): Json => {
    if (depth > 64) return value;
    if (typeof value === 'string') return rewrite.to && value.includes(path) ? value.split(path).join(next) : value;
    if (Array.isArray(value)) {
      let changed = false;
      const out = value.map((entry) => {
        const v = walk(entry, depth + 1);
        if (v !== entry) changed = true;
        return v;
      });
      return changed ? out : value;
    }
    if (!isObject(value)) return value;
    let changed = false;
    const out: Record<string, Json> = {};
    for (const [key, entry] of Object.entries(value)) {
      const v = walk(entry, depth + 1);
      if (v !== entry) changed = true;
      out[key] = v;
    }
    const set = (key: string, v: Json) => {
      if (out[key] !== v && JSON.stringify(out[key]) !== JSON.stringify(v)) {
        out[key] = v;
        changed = true;
      }
    };
    if (typeof value.assetUrl === 'string' && isUrlOf(value.assetUrl, ref)) {
      if (rewrite.to && 'originalSize' in value) set('originalSize', rewrite.to.originalSize);
      if (rewrite.altText !== undefined) set('altText', rewrite.altText);
      if (rewrite.focalPoint) set('mediaFocalPoint', { x: rewrite.focalPoint.x, y: rewrite.focalPoint.y });
    } else if (typeof value.src === 'string' && isUrlOf(value.src, ref)) {
      if (rewrite.to && 'originalSize' in value) set('originalSize', rewrite.to.originalSize);
      if (rewrite.altText !== undefined) set('alt', rewrite.altText);
      if (rewrite.focalPoint) {
        set('focalX', rewrite.focalPoint.x);
        set('focalY', rewrite.focalPoint.y);
      }
    }
    return changed ? out : value;
  };
  return walk(document, 0) as T;
}
