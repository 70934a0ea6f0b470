// Cursor pagination shared by every list: rows are read in a stable (sort key, id) order, one more
// than the page size to learn whether another page follows, and the position after the last row
// travels as an opaque base64url cursor. Keyset positions (not offsets) keep pages stable while
// rows are added or removed before the cursor.
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { AppError } from './errors.js';

/** Where a page ends: the sort key and the id of its last row. */
export interface CursorPosition {
  key: string | number;
  id: string;
}

/** One page of a list, in the SPEC's paging vocabulary (hasNextPage, nextPageCursor). */
export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** The page query every list accepts: an optional cursor and a page size. */
export const PageQuery = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Zod shape of a page response around an item schema. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() });
}

const CursorJson = z
  .object({ k: z.union([z.string().max(256), z.number()]), i: z.string().min(1).max(128), s: z.string().max(64).optional() })
  .strict();

/**
 * Encodes a position as an opaque cursor. `scope` names the list the cursor belongs to, so a
 * cursor taken from one list is refused by another instead of silently skipping rows.
 */
export function encodeCursor(position: CursorPosition, scope?: string): string {
  return Buffer.from(JSON.stringify({ k: position.key, i: position.id, ...(scope ? { s: scope } : {}) })).toString('base64url');
}

/** What kind of sort key a list expects, so a tampered cursor cannot reach the database as a bad type. */
export type CursorKeyKind = 'number' | 'string' | 'timestamp';

function keyMatches(key: string | number, kind: CursorKeyKind | undefined): boolean {
  if (kind === 'number') return typeof key === 'number' && Number.isSafeInteger(key);
  if (kind === 'timestamp') return typeof key === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(key) && !Number.isNaN(Date.parse(key));
  if (kind === 'string') return typeof key === 'string';
  return true;
}

/** Decodes a cursor made by encodeCursor; a malformed or foreign one is a 400, never a 500. */
export function decodeCursor(cursor: string, scope?: string, keyKind?: CursorKeyKind): CursorPosition {
  let parsed: z.infer<typeof CursorJson> | undefined;
  try {
    const result = CursorJson.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (result.success) parsed = result.data;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.s ?? undefined) !== (scope ?? undefined) || !keyMatches(parsed.k, keyKind)) {
    throw new AppError('BAD_REQUEST', 'The cursor is not valid for this list.', { fields: { cursor: 'Invalid cursor' } });
  }
  return { key: parsed.k, id: parsed.i };
}

/**
 * Turns `limit + 1` rows read in order into a page: the extra row only says that a next page
 * exists; the cursor is the position of the last row kept.
 */
export function toPage<Row, T>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => CursorPosition,
  options: { scope?: string; map: (row: Row) => T },
): Page<T>;
export function toPage<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => CursorPosition,
  options?: { scope?: string },
): Page<Row>;
export function toPage<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => CursorPosition,
  options: { scope?: string; map?: (row: Row) => unknown } = {},
): Page<unknown> {
  const hasNextPage = rows.length > limit;
  const kept = hasNextPage ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  // Without a map the caller's rows are its items.
  const map = options.map ?? ((row: Row) => row);
  return {
    items: kept.map(map),
    hasNextPage,
    nextPageCursor: hasNextPage && last !== undefined ? encodeCursor(positionOf(last), options.scope) : null,
  };
}

/**
 * The keyset condition "after this position" for a query ordered by (sortColumn, idColumn), both
 * ascending or both descending. Use it in `.where(...)` with the same order in `.orderBy(...)`.
 */
export function afterPosition(
  sortColumn: string,
  idColumn: string,
  position: CursorPosition,
  direction: 'asc' | 'desc' = 'asc',
): RawBuilder<boolean> {
  const operator = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql<boolean>`(${sql.ref(sortColumn)}, ${sql.ref(idColumn)}) ${operator} (${position.key}, ${position.id})`;
}
