import { Card, Center, Pagination, Skeleton, Stack, Table, type TableTdProps, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FigureGrid } from './figure-grid';
import classes from './record-table.module.css';

/** One column of a record table: its header, and its cell for a row. */
export interface RecordColumn<TRow> {
  header: string;
  cell(row: TRow): ReactNode;
  /** The cell's own props for the row: a monospace number, a gain or a loss in colour. */
  td?(row: TRow): TableTdProps;
}

/** A page of records as the server answers it. */
export interface PagedRecords {
  list: readonly unknown[];
  total: number;
}

/** A record of a page. */
export type RecordOf<TData extends PagedRecords> = TData['list'][number];

/**
 * A list of records (the player's deposits, withdrawals, balance movements and rounds; an agent's
 * members' deposits and withdrawals): the totals of what the filters select, then the page of
 * records, one a row, and the paging. On a phone each record is a card of labelled lines, so its
 * status shows without scrolling sideways (docs/requirements.md §2.9); the labels are the column
 * headers, handed to the stylesheet as --record-column-N.
 */
export function RecordTable<TData extends PagedRecords>({
  result,
  label,
  totalsLabel,
  totals,
  columns,
  rowKey,
  onRowClick,
  empty,
  pageNum,
  pageSize,
  onPage,
  loadFailed,
}: {
  result: UseQueryResult<TData>;
  /** The table's name. */
  label: string;
  totalsLabel: string;
  totals(data: TData): [string, string][];
  columns: RecordColumn<RecordOf<TData>>[];
  rowKey(row: RecordOf<TData>): string | number;
  /** A row that opens the record's detail (its own cells offer the way in by keyboard). */
  onRowClick?(row: RecordOf<TData>): void;
  /** Said when the filters select nothing. */
  empty: string;
  pageNum: number;
  pageSize: number;
  onPage(page: number): void;
  /** What the page shows when the records could not be fetched, with a retry. */
  loadFailed(retry: () => void): ReactNode;
}) {
  if (result.isError && !result.data) return loadFailed(() => void result.refetch());
  if (!result.data) return <Skeleton h={240} radius="md" />;
  const { list, total } = result.data;
  return (
    <Stack gap="md">
      <FigureGrid label={totalsLabel} items={totals(result.data)} />
      {list.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Card>
      ) : (
        <RecordRows label={label} list={list} columns={columns} rowKey={rowKey} onRowClick={onRowClick} />
      )}
      {total > pageSize && (
        <Center>
          <Pagination total={Math.ceil(total / pageSize)} value={pageNum} onChange={onPage} />
        </Center>
      )}
    </Stack>
  );
}

/**
 * The records themselves, one a row; on a phone each is a card of labelled lines (see RecordTable).
 * Also for a list without totals or paging, such as the crypto deposits seen on chain.
 */
export function RecordRows<TRow>({
  label,
  list,
  columns,
  rowKey,
  onRowClick,
  minWidth,
}: {
  label: string;
  list: readonly TRow[];
  columns: RecordColumn<TRow>[];
  rowKey(row: TRow): string | number;
  onRowClick?(row: TRow): void;
  /** The width below which the table scrolls sideways on a wider screen. */
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer
      minWidth="var(--records-min-width)"
      className={classes.records}
      style={{
        ...(minWidth ? { '--records-wide-width': `${minWidth}px` } : {}),
        ...Object.fromEntries(
          columns.map((column, index) => [`--record-column-${index + 1}`, JSON.stringify(column.header)]),
        ),
      }}
    >
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((row) => (
            <Table.Tr key={rowKey(row)} onClick={onRowClick && (() => onRowClick(row))}>
              {columns.map((column) => (
                <Table.Td key={column.header} {...column.td?.(row)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
