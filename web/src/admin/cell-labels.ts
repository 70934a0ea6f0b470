// Tables become lists on a phone (admin.css shows each row as a card): every cell is given its
// column's name (data-label, shown before the value there), read from the table's header row. One
// observer on the main region labels every table any screen renders, now or once its data arrives.
import { useEffect, type RefObject } from 'react';

function labelTable(table: HTMLTableElement): void {
  const names = Array.from(table.tHead?.rows[0]?.cells ?? []).map((cell) => (cell.textContent ?? '').trim());
  if (names.length === 0) return;
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const name = names[column] ?? '';
        if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
        column += cell.colSpan || 1;
      }
    }
  }
}

/** Keeps the cells of every table inside `root` labelled with their column names. */
export function useCellLabels(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let queued = false;
    const label = () => {
      queued = false;
      for (const table of Array.from(element.querySelectorAll('table'))) labelTable(table);
    };
    label();
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(label);
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
