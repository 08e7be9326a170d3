export type Status = 'PASS' | 'MISS' | 'INFO' | 'SKIP' | 'ERROR';

export interface Row {
  figure: string;
  measured: string;
  target: string;
  status: Status;
}

export function formatTable(rows: Row[]): string {
  const header: Row = { figure: 'Figure', measured: 'Measured', target: 'Target', status: 'Status' as Status };
  const columns = ['figure', 'measured', 'target', 'status'] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: Row) => columns.map((column, index) => row[column].padEnd(widths[index]!)).join(' | ');
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const kilobytes = (bytes: number) => `${formatNumber(bytes / 1000, 1)} kB`;

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
