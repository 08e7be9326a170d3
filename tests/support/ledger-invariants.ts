import type { Database } from '@server/db/client';
import { sql } from 'drizzle-orm';

/** The rows of a raw query, on PGlite and node-postgres alike. */
export async function queryRows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Every rule the ledger promises, checked over the whole database. Returns what is broken, so a
 * failure names every violation at once; empty when all holds.
 */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'the accounts of a currency do not sum to zero',
      sql`SELECT currency, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency HAVING sum(balance) <> 0`,
    ],
    [
      'a balance is not the sum of its entries',
      sql`SELECT a.id, a.balance::text, coalesce(e.total, 0)::text AS entries FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
          WHERE a.balance <> coalesce(e.total, 0)`,
    ],
    [
      'a held amount is not the sum of its pending holds',
      sql`SELECT a.id, a.held::text, coalesce(h.total, 0)::text AS pending FROM ledger_accounts a
          LEFT JOIN (SELECT from_account_id, sum(amount) AS total FROM ledger_transfers WHERE state = 'pending' GROUP BY from_account_id) h
            ON h.from_account_id = a.id
          WHERE a.held <> coalesce(h.total, 0)`,
    ],
    [
      'a player balance is negative or below its holds',
      sql`SELECT id, balance::text, held::text FROM ledger_accounts WHERE kind = 'player' AND (balance < 0 OR balance - held < 0)`,
    ],
    [
      'a transfer is not one debit and one equal credit (or, unposted, has entries)',
      sql`SELECT t.id, t.state, count(e.id)::int AS entries FROM ledger_transfers t
          LEFT JOIN ledger_entries e ON e.transfer_id = t.id
          GROUP BY t.id
          HAVING (t.state = 'posted' AND NOT (count(e.id) = 2 AND sum(e.amount) = 0
                    AND bool_and((e.account_id = t.from_account_id AND e.amount = -t.amount)
                              OR (e.account_id = t.to_account_id AND e.amount = t.amount))))
              OR (t.state <> 'posted' AND count(e.id) <> 0)`,
    ],
    [
      "an entry's running balance does not follow from the entries before it",
      sql`SELECT id, account_id, balance_after::text FROM (
            SELECT id, account_id, balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
            FROM ledger_entries) chained
          WHERE balance_after <> running`,
    ],
    [
      'an idempotency key has more than one transfer',
      sql`SELECT actor, idempotency_key, count(*)::int FROM ledger_transfers GROUP BY actor, idempotency_key HAVING count(*) > 1`,
    ],
    [
      'a money movement has no audit row',
      sql`SELECT t.id FROM ledger_transfers t
          WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.subject = 'ledgerTransfer:' || t.id
                            AND a.action = CASE WHEN t.two_phase THEN 'ledger.hold' ELSE 'ledger.transfer' END)
             OR (t.state = 'posted' AND t.two_phase AND NOT EXISTS (
                  SELECT 1 FROM audit_log a WHERE a.subject = 'ledgerTransfer:' || t.id AND a.action = 'ledger.post'))
             OR (t.state = 'voided' AND NOT EXISTS (
                  SELECT 1 FROM audit_log a WHERE a.subject = 'ledgerTransfer:' || t.id AND a.action = 'ledger.void'))`,
    ],
  ];
  const violations: string[] = [];
  for (const [rule, query] of checks) {
    const found = await queryRows<Record<string, unknown>>(db, query);
    if (found.length > 0) violations.push(`${rule}: ${JSON.stringify(found.slice(0, 5))}`);
  }
  return violations;
}
