// CSV files the admin downloads, streamed: rows come from an async source page by page (keyset
// pagination), pass through csv-stringify (quoting, separators) with backpressure, and leave as
// the HTTP body. Memory stays flat whatever the row count. Text that a spreadsheet would run as
// a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe
// (OWASP "CSV injection"); numbers are written as numbers.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet will not evaluate. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvCell = string | number | boolean | null | undefined;

/** `rows` (an async source of cell arrays, header first) as CSV text, streamed with backpressure. */
export function csvStream(rows: AsyncIterable<CsvCell[]>): Readable {
  const stringifier = stringify({
    cast: {
      string: (value) => neutraliseFormula(value),
      boolean: (value) => (value ? 'true' : 'false'),
      number: (value) => String(value),
    },
    // CRLF as RFC 4180 and spreadsheets expect.
    record_delimiter: 'windows',
  });
  const source = Readable.from(rows, { objectMode: true });
  source.on('error', (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return stringifier;
}

/** Sends `rows` (an async source of cell arrays, header first) as a CSV download. */
export function sendCsv(reply: FastifyReply, filename: string, rows: AsyncIterable<CsvCell[]>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '-')}"`)
    .send(csvStream(rows));
}

/** Pages through a keyset-ordered source: `page(after)` answers up to `size` rows after `after`. */
export async function* keysetPages<R, K>(
  page: (after: K | undefined) => Promise<R[]>,
  keyOf: (row: R) => K,
  size: number,
): AsyncGenerator<R> {
  let after: K | undefined;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield row;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
