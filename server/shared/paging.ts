/** The contract's page query (`pageQuery`): page numbers from 1. */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** A rows query not yet run: ordered, still without limit and offset. */
export interface PageableRows<TRow> {
  limit(limit: number): { offset(offset: number): PromiseLike<TRow[]> };
}

/** The rows of one page (a page beyond the data is empty). */
export function pageRows<TRow>(page: PageQuery, rows: PageableRows<TRow>): PromiseLike<TRow[]> {
  return rows.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
}

/**
 * One page of a list with the count of all its rows, as the contract's `pageOf` answers; the totals
 * query may sum more than the count (a list's total amount), and its sums come back beside `total`.
 */
export async function onePage<TRow, TTotals extends { total: number }>(
  page: PageQuery,
  rows: PageableRows<TRow>,
  totals: PromiseLike<TTotals[]>,
): Promise<{ list: TRow[] } & TTotals> {
  // An aggregate without GROUP BY answers exactly one row.
  const [counted] = (await totals) as [TTotals];
  const list = await pageRows(page, rows);
  return { ...counted, list };
}
