import type { Database } from '@server/db/client';
import type { TransferMetadata } from '@server/db/schema/ledger';
import { type SQL, sql } from 'drizzle-orm';
import type { StatementQuery } from './statement';

/*
 * A player account's statement in what the player can spend (balance minus pending holds, the
 * balance the user centre shows): docs/requirements.md §5.12. A hold the player pays is a movement
 * of its own when it is made (the coins leave what they can spend); when it is posted its entry is
 * not shown again, as the hold already took the coins; when it is voided a release gives them back.
 * Movements are ordered by their instant, then by transfer id (a hold's release and posting by the
 * hold's id, after the hold itself); the spendable balance after each is the account's balance
 * after its last entry at that point minus the holds pending at that point, so the newest
 * movement's figure is the account's spendable balance now.
 */

export type SpendableMovementSource =
  /** A posted entry of the account, other than the posting of a hold the account pays. */
  | 'entry'
  /** A hold the account pays, made: still pending, or voided later (its release follows). */
  | 'held'
  /** A hold the account pays that was posted: the hold took the coins, the posting moved nothing more. */
  | 'spent'
  /** The void of a hold the account paid: the held coins can be spent again. */
  | 'released';

export interface SpendableMovement {
  /** The entry of an 'entry' movement; null for holds and releases. */
  entryId: number | null;
  transferId: number;
  source: SpendableMovementSource;
  /** The transfer's kind. */
  kind: string;
  at: Date;
  /** Positive when spendable coins came in, negative when they went out. */
  amount: bigint;
  /** Balance minus pending holds right after this movement. */
  spendableAfter: bigint;
  metadata: TransferMetadata;
}

export interface SpendableStatement {
  lines: SpendableMovement[];
  total: number;
  credited: bigint;
  debited: bigint;
}

const sources: readonly SpendableMovementSource[] = ['entry', 'held', 'spent', 'released'];

function sourceOf(value: unknown): SpendableMovementSource {
  const found = sources.find((source) => source === value);
  if (!found) throw new Error(`Unexpected statement source ${String(value)}`);
  return found;
}

function metadataOf(value: unknown): TransferMetadata {
  return (typeof value === 'string' ? JSON.parse(value) : value) as TransferMetadata;
}

/** A page the statement can read: numbered from 1, of 1 to 500 lines. */
function checkPage(query: StatementQuery): void {
  if (!Number.isSafeInteger(query.page) || query.page < 1) throw new Error(`Not a page number: ${query.page}`);
  if (!Number.isSafeInteger(query.size) || query.size < 1 || query.size > 500)
    throw new Error(`Not a page size: ${query.size}`);
}

/** The query's conditions on a movement: its time, its kind and its direction. */
function movementFilters(query: StatementQuery): SQL[] {
  const filters: SQL[] = [sql`true`];
  if (query.from) filters.push(sql`moved_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) filters.push(sql`moved_at < ${query.to.toISOString()}::timestamptz`);
  if (query.kinds)
    filters.push(
      query.kinds.length > 0
        ? sql`kind IN (${sql.join(
            query.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (query.direction) filters.push(query.direction === 'in' ? sql`change > 0` : sql`change < 0`);
  return filters;
}

/** One line of the page as the database wrote it. */
function lineOf(row: Record<string, unknown>): SpendableMovement {
  return {
    entryId: row.entry_id === null ? null : Number(row.entry_id),
    transferId: Number(row.transfer_id),
    source: sourceOf(row.source),
    kind: String(row.kind),
    at: new Date(String(row.at)),
    amount: BigInt(String(row.change)),
    spendableAfter: BigInt(String(row.spendable_after)),
    metadata: metadataOf(row.metadata),
  };
}

/** The movements of one ledger account (by id), newest first, in what its owner can spend. */
export async function spendableStatement(
  db: Database,
  accountId: number,
  query: StatementQuery,
): Promise<SpendableStatement> {
  checkPage(query);
  const filters = movementFilters(query);

  const movements = sql`
    WITH holds AS (
      SELECT id, amount, kind, metadata, state, created_at, settled_at FROM ledger_transfers
      WHERE from_account_id = ${accountId} AND two_phase
    ),
    events AS (
      SELECT e.created_at AS moved_at, e.transfer_id, 1 AS phase, e.id AS entry_id, 'entry' AS source,
        e.amount AS change, e.balance_after AS balance, t.kind, t.metadata
      FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE e.account_id = ${accountId} AND NOT (t.two_phase AND t.from_account_id = ${accountId})
      UNION ALL
      SELECT created_at, id, 0, NULL, CASE WHEN state = 'posted' THEN 'spent' ELSE 'held' END,
        -amount, NULL, kind, metadata
      FROM holds
      UNION ALL
      SELECT settled_at, id, 1, NULL, 'released', amount, NULL, kind, metadata
      FROM holds WHERE state = 'voided'
    ),
    matching AS (SELECT * FROM events WHERE ${sql.join(filters, sql` AND `)})`;

  const totalsResult = (await db.execute(sql`${movements}
    SELECT count(*)::text AS total,
      coalesce(sum(change) FILTER (WHERE change > 0), 0)::text AS credited,
      coalesce(-sum(change) FILTER (WHERE change < 0), 0)::text AS debited
    FROM matching`)) as unknown as { rows: Record<string, unknown>[] };
  const totals = totalsResult.rows[0] ?? {};

  // The position of a movement among the account's entries and holds is (moved_at, transfer_id, phase).
  const pageResult = (await db.execute(sql`${movements},
    page AS (
      SELECT * FROM matching
      ORDER BY moved_at DESC, transfer_id DESC, phase DESC, entry_id DESC NULLS LAST
      LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}
    )
    SELECT p.entry_id::text AS entry_id, p.transfer_id::text AS transfer_id, p.source, p.kind,
      p.metadata, p.change::text AS change, to_json(p.moved_at) #>> '{}' AS at,
      (coalesce(p.balance, (
          SELECT earlier.balance_after FROM ledger_entries earlier
          WHERE earlier.account_id = ${accountId}
            AND (earlier.created_at, earlier.transfer_id, 1) <= (p.moved_at, p.transfer_id, p.phase)
          ORDER BY earlier.id DESC LIMIT 1), 0)
        - coalesce((
          SELECT sum(h.amount) FROM holds h
          WHERE (h.created_at, h.id, 0) <= (p.moved_at, p.transfer_id, p.phase)
            AND NOT (h.state <> 'pending' AND (h.settled_at, h.id, 1) <= (p.moved_at, p.transfer_id, p.phase))), 0)
      )::text AS spendable_after
    FROM page p
    ORDER BY p.moved_at DESC, p.transfer_id DESC, p.phase DESC, p.entry_id DESC NULLS LAST`)) as unknown as {
    rows: Record<string, unknown>[];
  };

  return {
    total: Number(totals.total ?? 0),
    credited: BigInt(String(totals.credited ?? 0)),
    debited: BigInt(String(totals.debited ?? 0)),
    lines: pageResult.rows.map(lineOf),
  };
}
