// The admin's data table (issue 35), on TanStack Table: columns that sort (a click on the header;
// aria-sort says how), rows that can be selected for the screen's bulk actions, columns that can be
// hidden, and the owner's choice of sort and columns remembered per owner and table (this browser's
// local storage). The rows are what the screen has loaded; filters the API takes are the screen's
// (they change what it loads). On a phone the rows read as cards (admin.css, cell-labels.ts).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
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
import { useSession } from '../session.js';
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

interface Remembered {
  sorting: SortingState;
  columnVisibility: ColumnVisibilityState;
}

const storageKey = (owner: string, table: string) => `sc-admin-table:${owner}:${table}`;

function recall(key: string, fallback: Remembered): Remembered {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<Remembered> | null;
    if (!stored || typeof stored !== 'object') return fallback;
    return {
      sorting: Array.isArray(stored.sorting) ? stored.sorting.filter((s) => s && typeof s.id === 'string' && typeof s.desc === 'boolean') : fallback.sorting,
      columnVisibility: stored.columnVisibility && typeof stored.columnVisibility === 'object' ? { ...fallback.columnVisibility, ...stored.columnVisibility } : fallback.columnVisibility,
    };
  } catch {
    return fallback;
  }
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
}) {
  const { info } = useSession();
  const key = storageKey(info.email ?? info.websiteId, id);
  const defaults = useMemo<Remembered>(() => ({ sorting: [], columnVisibility: Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])) }), [columns]);
  const [remembered, setRemembered] = useState<Remembered>(() => recall(key, defaults));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  useEffect(() => {
    try {
      window.localStorage.setItem(key, JSON.stringify(remembered));
    } catch {
      // Storage full or refused: the choice lasts this visit.
    }
  }, [key, remembered]);

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
              cell: ({ row }) => <input type="checkbox" aria-label={`Select ${rowName(row.original)}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
            } satisfies ColumnDef<typeof features, T>,
          ]
        : []),
      ...columns.map(
        (column): ColumnDef<typeof features, T> => ({
          id: column.id,
          header: column.header,
          ...(column.sortValue ? { accessorFn: column.sortValue, sortFn: 'alphanumeric' as const, enableSorting: true, sortDescFirst: false } : { accessorFn: () => '', enableSorting: false }),
          enableHiding: column.hideable ?? false,
          cell: ({ row }) => column.cell(row.original),
        }),
      ),
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
    onSortingChange: (update) => setRemembered((r) => ({ ...r, sorting: typeof update === 'function' ? update(r.sorting) : update })),
    onColumnVisibilityChange: (update) => setRemembered((r) => ({ ...r, columnVisibility: typeof update === 'function' ? update(r.columnVisibility) : update })),
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
                  <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} /> {byId.get(column.id)?.header ?? column.id}
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
                    aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    className={header.column.id === '_select' ? 'data-table-select' : undefined}
                  >
                    {header.column.getCanSort() && text ? (
                      <button type="button" className={cn('data-table-sort', sorted ? `sorted-${sorted}` : undefined)} onClick={header.column.getToggleSortingHandler()}>
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
            <tr key={row.id} data-selected={selectable && row.getIsSelected() ? "" : undefined}>
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
