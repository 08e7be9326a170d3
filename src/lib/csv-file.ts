import { stringify } from 'csv-stringify/browser/esm/sync';

type Cell = string | number;

/**
 * A table as CSV text a spreadsheet opens as it is: UTF-8 with a byte-order mark (so Japanese reads
 * right), CRLF line ends, and text that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`)
 * quoted with an apostrophe, so a name in a report cannot run as one.
 */
export function csvText(rows: Cell[][]): string {
  const safe = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)),
  );
  return stringify(safe, { bom: true, record_delimiter: 'windows' });
}

/** Has the browser save `rows` as a CSV file named `fileName`. */
export function downloadCsv(fileName: string, rows: Cell[][]): void {
  const url = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
