// The admin's data table (issue 35), on TanStack Table: columns that sort (a click on the header;
// aria-sort says how), rows that can be selected for the screen's bulk actions, columns that can be
// hidden, and the owner's choice of sort and columns remembered per owner and table: on the server
// (identity's owner preferences, so it follows the owner to another browser) with this browser's
// local storage as the first paint. A screen whose API sorts (orders) keeps the sort itself
// (useTablePrefs) and asks the server; others sort the rows loaded. On a phone the rows read as
// cards (admin.css, cell-labels.ts).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowSelectionState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import type { OwnerPreference } from '@sc/contracts';
import { api, useApi } from '../data.js';
import { useSession } from '../session.js';
import { apiPath } from '../../api/client.js';
import { cn } from './cn.js';

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; none: it does not sort. */
  sortValue?: (row: T) => string | number;
  /** Whether the owner may hide it (the first column stays). */
  hideable?: boolean;
  /** Hidden until the owner shows it. */
  hiddenByDefault?: boolean;
  className?: string;
}

/** What is remembered of a table: its sort and which columns show. */
export interface Remembered {
  sorting: SortingState;
  columnVisibility: ColumnVisibilityState;
  /** Rows a page asks the server for (tables the server pages). */
  pageSize?: number;
}

/** The page sizes an owner can choose. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const storageKey = (owner: string, table: string) => `sc-admin-table:${owner}:${table}`;
/** The owner preference a table's settings are kept under (identity, per owner and website). */
const preferencePath = (table: string) => apiPath('/auth/owner/preferences/{key}', { key: `table.${table}` });

function cleaned(stored: Partial<Remembered> | null | undefined, fallback: Remembered): Remembered {
  if (!stored || typeof stored !== 'object') return fallback;
  return {
    sorting: Array.isArray(stored.sorting)
      ? stored.sorting.filter((s) => s && typeof s.id === 'string' && typeof s.desc === 'boolean').slice(0, 1)
      : fallback.sorting,
    columnVisibility:
      stored.columnVisibility && typeof stored.columnVisibility === 'object'
        ? { ...fallback.columnVisibility, ...stored.columnVisibility }
        : fallback.columnVisibility,
    ...(PAGE_SIZES.some((size) => size === stored.pageSize)
      ? { pageSize: stored.pageSize }
      : fallback.pageSize
        ? { pageSize: fallback.pageSize }
        : {}),
  };
}

function recall(key: string, fallback: Remembered): Remembered {
  try {
    return cleaned(JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<Remembered> | null, fallback);
  } catch {
    return fallback;
  }
}

export interface TablePrefs {
  remembered: Remembered;
  /** The owner's change (kept here, in local storage and on the server). */
  change: (update: (current: Remembered) => Remembered) => void;
}

/** When this browser's copy was made (ms; 0: never), to tell whether the server's is newer. */
function savedAtOf(key: string): number {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as { savedAt?: unknown } | null;
    return typeof stored?.savedAt === 'number' ? stored.savedAt : 0;
  } catch {
    return 0;
  }
}

/**
 * A table's remembered sort and columns: this browser's copy at once, then the owner's copy from
 * the server when it is newer (another browser changed it) and the owner has not changed anything
 * here yet. A change is kept here and sent to the server at once (in order, one at a time), so
 * leaving right after it loses nothing.
 */
export function useTablePrefs(id: string, defaults: Remembered, enabled = true): TablePrefs {
  const { info } = useSession();
  const key = storageKey(`${info.email ?? ''}:${info.websiteId}`, id);
  const path = preferencePath(id);
  const remote = enabled && info.authenticated && info.roles.length > 0;
  const [remembered, setRemembered] = useState<Remembered>(() => recall(key, defaults));
  /** Who made the current value: the first paint, the server's copy (with its time) or the owner. */
  const origin = useRef<{ by: 'initial' } | { by: 'server'; at: number } | { by: 'owner' }>({ by: 'initial' });
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const server = useApi<OwnerPreference>(remote ? path : null);
  const serverValue = server.data?.value;
  const serverAt = server.data?.updatedAt ? Date.parse(server.data.updatedAt) : 0;
  useEffect(() => {
    if (origin.current.by === 'owner' || !serverValue || serverAt <= savedAtOf(key)) return;
    origin.current = { by: 'server', at: serverAt };
    setRemembered(cleaned(serverValue, defaults));
  }, [key, serverValue, serverAt, defaults]);
  useEffect(() => {
    const made = origin.current;
    if (!enabled || made.by === 'initial') return;
    try {
      window.localStorage.setItem(key, JSON.stringify({ ...remembered, savedAt: made.by === 'server' ? made.at : Date.now() }));
    } catch {
      // Storage full or refused: the server's copy still holds it.
    }
    if (made.by !== 'owner' || !remote) return;
    // Best effort: a failed write leaves this browser's copy, and the next change tries again.
    writes.current = writes.current.then(() => api('PUT', path, { value: remembered }).catch(() => undefined));
  }, [key, path, remembered, enabled, remote]);
  return {
    remembered,
    change: (update) => {
      origin.current = { by: 'owner' };
      setRemembered(update);
    },
  };
}

/** The defaults of a table: no sort (or the given one), the columns marked hiddenByDefault hidden. */
export function tableDefaults<T>(columns: readonly DataColumn<T>[], sorting: SortingState = []): Remembered {
  return { sorting, columnVisibility: Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])) };
}

export function DataTable<T extends RowData>({
  id,
  label,
  rows,
  columns,
  rowId,
  rowName,
  bulkActions,
  toolbar,
  serverSort,
}: {
  /** Names the table where its settings are remembered. */
  id: string;
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowId: (row: T) => string;
  /** How a row is named ("Select Linen Apron"). */
  rowName: (row: T) => string;
  /** The actions on the selected rows (shown while some are); `clear` unselects them. */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** Filters and search, on the left of the columns button. */
  toolbar?: ReactNode;
  /**
   * The screen's own useTablePrefs, when its API sorts: the rows come sorted and the table only
   * says which column (sorting on the server sorts every page, not just the ones loaded).
   */
  serverSort?: TablePrefs;
}) {
  const defaults = useMemo(() => tableDefaults(columns), [columns]);
  const own = useTablePrefs(id, defaults, !serverSort);
  const { remembered, change } = serverSort ?? own;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const selectable = Boolean(bulkActions);
  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () => [
      ...(selectable
        ? [
            {
              id: '_select',
              enableSorting: false,
              enableHiding: false,
              header: ({ table }) => (
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={table.getIsAllRowsSelected()}
                  ref={(box) => {
                    if (box) box.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
                  }}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  aria-label={`Select ${rowName(row.original)}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            } satisfies ColumnDef<typeof features, T>,
          ]
        : []),
      ...columns.map((column): ColumnDef<typeof features, T> => ({
        id: column.id,
        header: column.header,
        ...(column.sortValue
          ? { accessorFn: column.sortValue, sortFn: 'alphanumeric' as const, enableSorting: true, sortDescFirst: false }
          : { accessorFn: () => '', enableSorting: false }),
        enableHiding: column.hideable ?? false,
        cell: ({ row }) => column.cell(row.original),
      })),
    ],
    [columns, selectable, rowName],
  );

  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => rowId(row),
    state: { sorting: remembered.sorting, columnVisibility: remembered.columnVisibility, rowSelection },
    manualSorting: Boolean(serverSort),
    enableMultiSort: false,
    onSortingChange: (update) => change((r) => ({ ...r, sorting: typeof update === 'function' ? update(r.sorting) : update })),
    onColumnVisibilityChange: (update) =>
      change((r) => ({ ...r, columnVisibility: typeof update === 'function' ? update(r.columnVisibility) : update })),
    onRowSelectionChange: setRowSelection,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());

  return (
    <div className="data-table">
      <div className="data-table-toolbar">
        {toolbar}
        {hideable.length ? (
          <details className="data-table-columns">
            <summary>Columns</summary>
            <div role="group" aria-label="Columns shown">
              {hideable.map((column) => (
                <label key={column.id} className="check">
                  <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />{' '}
                  {byId.get(column.id)?.header ?? column.id}
                </label>
              ))}
            </div>
          </details>
        ) : null}
      </div>
      {selected.length && bulkActions ? (
        <div className="data-table-bulk" role="region" aria-label="Selected rows">
          <span>{selected.length} selected</span>
          {bulkActions(selected, () => setRowSelection({}))}
        </div>
      ) : null}
      <table aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const text = typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : null;
                return (
                  <th
                    key={header.id}
                    aria-sort={
                      header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined
                    }
                    className={header.column.id === '_select' ? 'data-table-select' : undefined}
                  >
                    {header.column.getCanSort() && text ? (
                      <button
                        type="button"
                        className={cn('data-table-sort', sorted ? `sorted-${sorted}` : undefined)}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {text}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-selected={selectable && row.getIsSelected() ? '' : undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.id === '_select' ? 'data-table-select' : byId.get(cell.column.id)?.className}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's page size of a server-paged table (kept with its sort and columns). */
export function PageSizeField({ prefs }: { prefs: TablePrefs }) {
  return (
    <label className="field">
      <span className="field-label">Rows per page</span>
      <select value={prefs.remembered.pageSize ?? 50} onChange={(e) => prefs.change((r) => ({ ...r, pageSize: Number(e.target.value) }))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `text` once the owner has stopped typing for `ms` (a search asks the server then, not per key). */
export function useSettled(text: string, ms = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text.trim()), ms);
    return () => window.clearTimeout(timer);
  }, [text, ms]);
  return settled;
}
