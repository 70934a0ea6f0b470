// Multi-row writes in one statement each: every column travels as one text[] parameter and
// unnest() turns them back into rows, so a batch of thousands of rows is a handful of parameters
// (one INSERT per record costs about five times more per record). Values are sent as text and
// cast in the SELECT list, which node-postgres and PGlite serialise the same way.
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** A column of a bulk write and its SQL type (the cast applied to the text sent). */
export interface Column {
  name: string;
  /** 'epoch-ms': a timestamptz sent as epoch milliseconds (cheaper than ISO text per row). */
  type: 'text' | 'integer' | 'smallint' | 'bigint' | 'float8' | 'boolean' | 'timestamptz' | 'epoch-ms' | 'date' | 'uuid' | 'jsonb';
}

export type Cell = string | number | boolean | null;

const asText = (value: Cell): string | null => (value === null ? null : typeof value === 'string' ? value : String(value));

/** `SELECT u.a::t, ... FROM unnest($1::text[], ...) AS u(a, ...)` over `rows` (row-major). */
function unnestRows(columns: readonly Column[], rows: readonly (readonly Cell[])[], where?: RawBuilder<boolean>): RawBuilder<unknown> {
  const arrays = columns.map((_, i) => rows.map((row) => asText(row[i] ?? null)));
  const selected = columns.map((c) =>
    c.type === 'epoch-ms'
      ? sql`to_timestamp(${sql.ref(`u.${c.name}`)}::float8 / 1000)`
      : sql`${sql.ref(`u.${c.name}`)}::${sql.raw(c.type)}`,
  );
  const params = arrays.map((values) => sql`${values}::text[]`);
  const names = columns.map((c) => sql.id(c.name));
  const filter = where ? sql` where ${where}` : sql``;
  return sql`select ${sql.join(selected)} from unnest(${sql.join(params)}) as u(${sql.join(names)})${filter}`;
}

const table = (schema: string, name: string) => sql.id(schema, name);

/** Appends `rows` to `schema.name`. */
export async function bulkInsert(
  db: Kysely<unknown>,
  schema: string,
  name: string,
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => sql.id(c.name));
  await sql`insert into ${table(schema, name)} (${sql.join(names)}) ${unnestRows(columns, rows)}`.execute(db);
}

/**
 * Adds `rows` into a rollup: rows are (keys..., counts..., kept...), unique by key; an existing
 * row's counts grow by the row's, a new row is inserted. `kept` columns are written on insert
 * only (e.g. the first message of an error); `where` filters the rows (as `u.<column>`). Rows are sorted by key first so that concurrent
 * writers lock rows in the same order and cannot deadlock.
 */
export async function bulkAdd(
  db: Kysely<unknown>,
  schema: string,
  name: string,
  keys: readonly Column[],
  counts: readonly Column[],
  rows: readonly (readonly Cell[])[],
  options: { kept?: readonly Column[]; where?: RawBuilder<boolean> } = {},
): Promise<void> {
  const kept = options.kept ?? [];
  if (rows.length === 0) return;
  const keyCount = keys.length;
  const sorted = rows
    .map((row) => ({ key: row.slice(0, keyCount).join('\u0000'), row }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.row);
  const columns = [...keys, ...counts, ...kept];
  const names = columns.map((c) => sql.id(c.name));
  const target = sql.id(name);
  const updates = counts.map((c) => sql`${sql.id(c.name)} = ${target}.${sql.id(c.name)} + excluded.${sql.id(c.name)}`);
  await sql`insert into ${table(schema, name)} as ${target} (${sql.join(names)}) ${unnestRows(columns, sorted, options.where)}
    on conflict (${sql.join(keys.map((k) => sql.id(k.name)))}) do update set ${sql.join(updates)}`.execute(db);
}

export { unnestRows };
