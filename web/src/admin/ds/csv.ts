// "Export selected" of the data tables: the selected rows as a CSV file the browser downloads.
/** A CSV field (quoted when it needs to be). */
export const csvField = (text: string): string => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Downloads `rows` under `header` as `fileName`. */
export function downloadCsv(fileName: string, header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
