/**
 * What must hold after the mixed load, checked on the database itself: the ledger's own rules
 * (shared with the ledger property tests), deposits against the orders and the payment provider's
 * books, withdrawal holds against the withdrawals under review, payouts against the payout
 * provider, the studio's rounds against the wallet's transactions, and what the servers told the
 * clients against what they stored.
 */

import { type Database, openDatabase } from '@server/db/client';
import { sql } from 'drizzle-orm';
import { ledgerViolations, queryRows } from '../tests/support/ledger-invariants';
import { studioRoundBookings } from '../tests/support/studio-bookings';

export interface Check {
  name: string;
  violations: string[];
}

/** What the servers answered during the load, to hold against the database afterwards. */
export interface ToldByServers {
  /** Idempotency-Key → the player and the order number every answer for that key named. */
  depositOrders: Map<string, { userId: number; orderSn: string }>;
  /** Orders whose checkout page took the payment (303 back to the shop). */
  paidOrders: Set<string>;
  withdrawals: Map<string, { userId: number; orderSn: string }>;
  /** Withdrawals an operator's approval or rejection was answered 200 for. */
  approved: Set<string>;
  rejected: Set<string>;
  /** Round key → the studio round a play answered 200 for (status as the page was shown it). */
  studioRounds: Map<string, { id: string; status: string; win: number }>;
}

/** Nothing told yet: the record a load starts with. */
export function toldNothingYet(): ToldByServers {
  return {
    depositOrders: new Map(),
    paidOrders: new Set(),
    withdrawals: new Map(),
    approved: new Set(),
    rejected: new Set(),
    studioRounds: new Map(),
  };
}

export interface MoneyTotals {
  paidOrders: number;
  paidOrderCoins: bigint;
  depositCredits: bigint;
  withdrawalsByStatus: Record<string, number>;
  pendingWithdrawalCoins: bigint;
  heldCoins: bigint;
}

const shown = 5;
const creditedStatuses = sql`('paymentSuccessful', 'refundInProcess', 'refundSuccessful', 'successful')`;

async function found(db: Database, rule: string, query: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.length > 0 ? [`${rule} (${rows.length}): ${JSON.stringify(rows.slice(0, shown))}`] : [];
}

async function depositViolations(db: Database): Promise<string[]> {
  return [
    ...(await found(
      db,
      'an order is credited without being paid, paid without a credit, or credited with another amount, account or key',
      sql`SELECT o.order_sn, o.status, o.amount, o.user_id, t.id AS transfer_id, t.amount::text AS credited, t.state, a.user_id AS credited_user
          FROM deposit_orders o
          LEFT JOIN ledger_transfers t ON t.id = o.credit_transfer_id
          LEFT JOIN ledger_accounts a ON a.id = t.to_account_id
          WHERE (o.status IN ${creditedStatuses}) <> (o.credit_transfer_id IS NOT NULL)
             OR (o.credit_transfer_id IS NOT NULL AND (t.id IS NULL OR t.kind <> 'deposit' OR t.state <> 'posted' OR t.amount <> o.amount
                 OR t.idempotency_key <> 'deposit:' || o.order_sn OR a.user_id IS DISTINCT FROM o.user_id))`,
    )),
    ...(await found(
      db,
      'a deposit credit belongs to no order',
      sql`SELECT t.id, t.idempotency_key, t.amount::text FROM ledger_transfers t
          WHERE t.kind = 'deposit' AND NOT EXISTS (SELECT 1 FROM deposit_orders o WHERE o.credit_transfer_id = t.id)`,
    )),
  ];
}

async function providerViolations(db: Database): Promise<string[]> {
  return [
    ...(await found(
      db,
      "the provider's payment and our order disagree on paid or amount",
      sql`SELECT p.id, p.merchant_reference, p.status, p.amount, o.status AS order_status, o.yen_amount
          FROM sandbox_payments p LEFT JOIN deposit_orders o ON o.order_sn = p.merchant_reference
          WHERE o.id IS NULL OR (p.status = 'paid') <> (o.status = 'paymentSuccessful') OR p.amount <> o.yen_amount`,
    )),
    ...(await found(
      db,
      'an order is paid that the provider has no payment for',
      sql`SELECT o.order_sn FROM deposit_orders o
          WHERE o.status = 'paymentSuccessful'
            AND NOT EXISTS (SELECT 1 FROM sandbox_payments p WHERE p.merchant_reference = o.order_sn AND p.status = 'paid')`,
    )),
    ...(await found(
      db,
      'a provider callback was not acknowledged by our webhook',
      sql`SELECT e.id, e.type, e.attempts, e.last_error FROM sandbox_events e WHERE e.delivered_at IS NULL`,
    )),
  ];
}

async function withdrawalViolations(db: Database): Promise<string[]> {
  return [
    ...(await found(
      db,
      "a player's held coins differ from their withdrawals under review",
      sql`SELECT a.user_id, a.held::text, coalesce(w.pending, 0)::text AS under_review FROM ledger_accounts a
          LEFT JOIN (SELECT user_id, sum(amount) AS pending FROM withdrawals WHERE status = 'withdrawalReview' GROUP BY user_id) w
            ON w.user_id = a.user_id
          WHERE a.kind = 'player' AND a.currency = 'COIN' AND a.held <> coalesce(w.pending, 0)`,
    )),
    ...(await found(
      db,
      "a withdrawal's hold, payout state and refund do not follow from its status",
      sql`SELECT w.order_sn, w.status, w.payout_state, w.amount, t.state, t.amount::text AS held, r.id AS refund_id
          FROM withdrawals w
          LEFT JOIN ledger_transfers t ON t.id = w.hold_transfer_id
          LEFT JOIN ledger_transfers r ON r.id = w.refund_transfer_id
          WHERE t.id IS NULL OR t.amount <> w.amount OR t.kind <> 'withdrawal' OR NOT t.two_phase
             OR t.idempotency_key <> 'withdraw:' || w.idempotency_key OR t.actor <> 'user:' || w.user_id
             OR NOT ((w.status = 'withdrawalReview' AND t.state = 'pending' AND w.payout_state = 'notStarted' AND r.id IS NULL)
                  OR (w.status = 'withdrawing' AND t.state = 'posted' AND w.payout_state = 'requested' AND r.id IS NULL)
                  OR (w.status = 'withdrawalSuccessful' AND t.state = 'posted' AND w.payout_state = 'paid' AND r.id IS NULL)
                  OR (w.status = 'withdrawalFailed' AND t.state = 'voided' AND w.payout_state = 'notStarted' AND r.id IS NULL)
                  OR (w.status = 'withdrawalFailed' AND t.state = 'posted' AND w.payout_state = 'failed'
                      AND r.state = 'posted' AND r.kind = 'withdrawalRefund' AND r.amount = w.amount))`,
    )),
  ];
}

async function payoutViolations(db: Database): Promise<string[]> {
  return [
    ...(await found(
      db,
      'an approved withdrawal is still waiting for its payout after the load',
      sql`SELECT order_sn, payout_attempts FROM withdrawals WHERE payout_state = 'requested'`,
    )),
    ...(await found(
      db,
      "the payout provider's books and our withdrawals disagree",
      sql`SELECT w.order_sn, w.payout_state, w.payout_yen, p.status, p.amount FROM withdrawals w
          LEFT JOIN sandbox_payouts p ON p.reference = w.payout_reference
          WHERE w.payout_state IN ('paid', 'failed') AND (p.id IS NULL OR p.status <> w.payout_state OR p.amount <> w.payout_yen)`,
    )),
    ...(await found(
      db,
      'the payout provider paid a withdrawal that was never approved',
      sql`SELECT p.reference, p.status FROM sandbox_payouts p
          WHERE NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.payout_reference = p.reference AND w.payout_state IN ('paid', 'failed'))`,
    )),
  ];
}

/**
 * Every studio round ended as the wallet booked it: won (the bet and the win booked, neither undone),
 * or given back or refused (the bet undone, never booked, or refused; no win). A round the load
 * left unfinished must have been finished by the studio's recovery before the check.
 */
async function studioViolations(db: Database, told: ToldByServers): Promise<string[]> {
  const rounds = await studioRoundBookings(db);
  const violations: string[] = [];
  const unbooked = rounds.filter((round) => !round.booked);
  if (unbooked.length > 0)
    violations.push(
      `a studio round is unfinished, or the wallet booked it otherwise than it ended (${unbooked.length}): ${JSON.stringify(unbooked.slice(0, shown))}`,
    );
  const byKey = new Map(rounds.map((round) => [round.round_key, round]));
  for (const [key, answer] of told.studioRounds) {
    const stored = byKey.get(key);
    // A round shown 'open' had its win on the way: the studio settled it since.
    const status = answer.status === 'open' ? 'settled' : answer.status;
    const win = stored?.status === 'rolledBack' ? 0 : stored?.win;
    if (stored?.id !== answer.id || stored.status !== status || win !== answer.win)
      violations.push(
        `studio round key ${key} was answered ${JSON.stringify(answer)}, stored ${JSON.stringify(stored)}`,
      );
  }
  return violations.slice(0, 20);
}

/** Every answer a client got names what is stored, and every settlement it was told of happened. */
async function toldViolations(db: Database, told: ToldByServers): Promise<string[]> {
  return [...(await toldDepositViolations(db, told)), ...(await toldWithdrawalViolations(db, told))].slice(0, 20);
}

async function toldDepositViolations(db: Database, told: ToldByServers): Promise<string[]> {
  const violations: string[] = [];
  const orders = await queryRows<{ user_id: number; idempotency_key: string; order_sn: string; status: string }>(
    db,
    sql`SELECT user_id, idempotency_key, order_sn, status FROM deposit_orders`,
  );
  const orderByKey = new Map(orders.map((row) => [`${row.user_id}/${row.idempotency_key}`, row]));
  const orderBySn = new Map(orders.map((row) => [row.order_sn, row]));
  for (const [key, answer] of told.depositOrders) {
    const stored = orderByKey.get(`${answer.userId}/${key}`);
    if (stored?.order_sn !== answer.orderSn)
      violations.push(
        `deposit key ${key} was answered with ${answer.orderSn}, stored as ${stored?.order_sn ?? 'nothing'}`,
      );
  }
  for (const orderSn of told.paidOrders) {
    const status = orderBySn.get(orderSn)?.status;
    if (status !== 'paymentSuccessful')
      violations.push(`order ${orderSn} was paid at the checkout but is ${status ?? 'not stored'}`);
  }
  return violations;
}

async function toldWithdrawalViolations(db: Database, told: ToldByServers): Promise<string[]> {
  const violations: string[] = [];
  const stored = await queryRows<{
    user_id: number;
    idempotency_key: string;
    order_sn: string;
    status: string;
    payout_state: string;
  }>(db, sql`SELECT user_id, idempotency_key, order_sn, status, payout_state FROM withdrawals`);
  const withdrawalByKey = new Map(stored.map((row) => [`${row.user_id}/${row.idempotency_key}`, row]));
  const withdrawalBySn = new Map(stored.map((row) => [row.order_sn, row]));
  const storedAs = (row: (typeof stored)[number] | undefined) =>
    row ? `${row.status}/${row.payout_state}` : 'not stored';
  for (const [key, answer] of told.withdrawals) {
    const row = withdrawalByKey.get(`${answer.userId}/${key}`);
    if (row?.order_sn !== answer.orderSn)
      violations.push(
        `withdrawal key ${key} was answered with ${answer.orderSn}, stored as ${row?.order_sn ?? 'nothing'}`,
      );
  }
  for (const orderSn of told.approved) {
    const row = withdrawalBySn.get(orderSn);
    if (!row || row.payout_state === 'notStarted')
      violations.push(`withdrawal ${orderSn} was approved but is ${storedAs(row)}`);
  }
  for (const orderSn of told.rejected) {
    const row = withdrawalBySn.get(orderSn);
    if (row?.status !== 'withdrawalFailed' || row.payout_state !== 'notStarted') {
      violations.push(`withdrawal ${orderSn} was rejected but is ${storedAs(row)}`);
    }
  }
  return violations;
}

async function moneyTotals(db: Database): Promise<MoneyTotals> {
  const [deposits] = await queryRows<{ orders: number; coins: string; credits: string }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM deposit_orders WHERE status IN ${creditedStatuses}) AS orders,
               (SELECT coalesce(sum(amount), 0)::text FROM deposit_orders WHERE status IN ${creditedStatuses}) AS coins,
               (SELECT coalesce(sum(amount), 0)::text FROM ledger_transfers WHERE kind = 'deposit' AND state = 'posted') AS credits`,
  );
  const byStatus = await queryRows<{ status: string; n: number }>(
    db,
    sql`SELECT status, count(*)::int AS n FROM withdrawals GROUP BY status ORDER BY status`,
  );
  const [holds] = await queryRows<{ pending: string; held: string }>(
    db,
    sql`SELECT (SELECT coalesce(sum(amount), 0)::text FROM withdrawals WHERE status = 'withdrawalReview') AS pending,
               (SELECT coalesce(sum(held), 0)::text FROM ledger_accounts WHERE kind = 'player') AS held`,
  );
  return {
    paidOrders: deposits?.orders ?? 0,
    paidOrderCoins: BigInt(deposits?.coins ?? '0'),
    depositCredits: BigInt(deposits?.credits ?? '0'),
    withdrawalsByStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.n])),
    pendingWithdrawalCoins: BigInt(holds?.pending ?? '0'),
    heldCoins: BigInt(holds?.held ?? '0'),
  };
}

export async function checkMoney(db: Database, told: ToldByServers): Promise<{ checks: Check[]; totals: MoneyTotals }> {
  const totals = await moneyTotals(db);
  const sumsDiffer = (what: string, left: bigint, right: bigint) =>
    left === right ? [] : [`${what}: ${left} against ${right}`];
  const checks: Check[] = [
    {
      name: 'ledger: accounts sum to zero, balances equal their entries, no player below zero, one movement per key',
      violations: await ledgerViolations(db),
    },
    {
      name: 'deposit credits equal paid orders',
      violations: [
        ...sumsDiffer('coins of paid orders against deposit credits', totals.paidOrderCoins, totals.depositCredits),
        ...(await depositViolations(db)),
      ],
    },
    { name: "paid orders equal the payment provider's paid payments", violations: await providerViolations(db) },
    {
      name: 'holds equal pending withdrawals',
      violations: [
        ...sumsDiffer(
          'coins held against coins of withdrawals under review',
          totals.heldCoins,
          totals.pendingWithdrawalCoins,
        ),
        ...(await withdrawalViolations(db)),
      ],
    },
    { name: 'approved withdrawals paid out once, as the payout provider says', violations: await payoutViolations(db) },
    {
      name: 'studio rounds ended as the wallet booked them, each as its answer said',
      violations: await studioViolations(db, told),
    },
    { name: 'every answer names what is stored', violations: await toldViolations(db, told) },
  ];
  return { checks, totals };
}

/** The checks, on a connection of their own to the load's database once its servers have stopped. */
export async function checkMoneyOn(
  databaseUrl: string,
  told: ToldByServers,
): Promise<{ checks: Check[]; totals: MoneyTotals }> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    return await checkMoney(database.db, told);
  } finally {
    await database.close();
  }
}
