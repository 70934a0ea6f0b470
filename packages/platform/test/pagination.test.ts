// The shared cursor pagination helper: opaque cursors over (sort key, id), scoped to one list.
import { describe, expect, it } from '@jest/globals';
import { AppError, decodeCursor, encodeCursor, PageQuery, toPage } from '../src/index.js';

describe('cursor pagination', () => {
  const rows = [1, 2, 3, 4].map((n) => ({ id: `r${n}`, rank: n }));

  it('pages limit + 1 rows: the extra one only says another page follows', () => {
    const page = toPage(rows, 3, (row) => ({ key: row.rank, id: row.id }), { scope: 'list' });
    expect(page.items.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(page.hasNextPage).toBe(true);
    expect(decodeCursor(page.nextPageCursor!, 'list', 'number')).toEqual({ key: 3, id: 'r3' });
    const last = toPage(rows.slice(3), 3, (row) => ({ key: row.rank, id: row.id }));
    expect(last).toEqual({ items: [rows[3]], hasNextPage: false, nextPageCursor: null });
  });

  it('maps rows and makes URL-safe cursors', () => {
    const page = toPage(rows, 1, (row) => ({ key: 'Ω/+=', id: row.id }), { map: (row) => row.rank * 10 });
    expect(page.items).toEqual([10]);
    expect(page.nextPageCursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['garbage', undefined, undefined],
    [encodeCursor({ key: 1, id: 'a' }, 'other'), 'list', undefined],
    [encodeCursor({ key: 'x', id: 'a' }, 'list'), 'list', 'number' as const],
    [encodeCursor({ key: '2024-01-01', id: 'a' }, 'list'), 'list', 'timestamp' as const],
    [Buffer.from('{"k":1,"i":"a","extra":true}').toString('base64url'), undefined, undefined],
  ])('refuses a malformed, foreign or mistyped cursor %#', (cursor, scope, kind) => {
    expect(() => decodeCursor(cursor, scope, kind)).toThrow(AppError);
  });

  it('accepts timestamps for timestamp keys', () => {
    const cursor = encodeCursor({ key: '2024-05-01T10:00:00.123Z', id: 'a' });
    expect(decodeCursor(cursor, undefined, 'timestamp')).toEqual({ key: '2024-05-01T10:00:00.123Z', id: 'a' });
  });

  it('bounds the page size', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 50 });
    expect(PageQuery.safeParse({ limit: '201' }).success).toBe(false);
  });
});
