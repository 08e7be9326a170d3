/**
 * Reconciliation: the ledger against the game wallet's own transactions and against the payment
 * provider's statement. The wallet writes each transaction and its ledger transfer in one database
 * transaction, so any difference there is a defect to look at; the provider is another company's
 * books, reached over its signed API, and differences there are what an operator chases with it
 * (a callback that never came, a refund not booked).
 */
import {
  type adminReconciliation,
  type PaymentReconciliation,
  reconciliationListLimit,
  type WalletKind,
  type WalletReconciliation,
  walletKinds,
} from '@contract/admin-reconciliation';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Statement } from '@server/adapters/pay-protocol';
import { PayProviderUnavailable } from '@server/adapters/pay-provider';
import { depositOrders } from '@server/db/schema/deposit';
import { gameProviders, walletTransactions } from '@server/db/schema/hall';
import { ledgerAccounts, ledgerTransfers } from '@server/db/schema/ledger';
import { withdrawals } from '@server/db/schema/withdrawal';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps } from '@server/shared/player-deps';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { gameKinds } from './business-figures';

type Window = { from: Date; to: Date };
const dayMs = 24 * 60 * 60 * 1000;
/** The wallet's kinds by the ledger transfer kind each books. */
const walletKindOf = { gameBet: 'bet', gameWin: 'win', gameRollback: 'rollback' } as const;

const inWindow = (column: Parameters<typeof gte>[0], { from, to }: Window) => and(gte(column, from), lt(column, to));

/** A provider's house account is sharded by player (ledger/accounts.ts); the desk reads one account per provider. */
const unsharded = (code: string) => code.replace(/Shard\d+$/, '');

async function houseSide(deps: PlayerDeps) {
  const [accounts, totals] = await Promise.all([
    deps.db
      .select({ code: ledgerAccounts.code, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'house')),
    deps.db
      .select({ currency: ledgerAccounts.currency, total: sql<string>`sum(${ledgerAccounts.balance})::text` })
      .from(ledgerAccounts)
      .groupBy(ledgerAccounts.currency)
      .orderBy(ledgerAccounts.currency),
  ]);
  const byAccount = new Map<string, { code: string; currency: string; balance: bigint }>();
  for (const account of accounts) {
    const code = unsharded(account.code ?? '');
    const key = `${code}:${account.currency}`;
    const row = byAccount.get(key) ?? { code, currency: account.currency, balance: 0n };
    row.balance += account.balance;
    byAccount.set(key, row);
  }
  return {
    houseAccounts: [...byAccount.values()]
      .sort((a, b) => a.code.localeCompare(b.code) || a.currency.localeCompare(b.currency))
      .map((row) => ({ ...row, balance: String(row.balance) })),
    currencyTotals: totals,
  };
}

const noTotals = (): Record<WalletKind, number> => ({ bet: 0, win: 0, rollback: 0 });

const transferProvider = sql<string>`${ledgerTransfers.metadata}->>'provider'`;

/** The wallet's totals and the ledger's, and the transactions and transfers that do not match. */
function walletReads(deps: PlayerDeps, window: Window) {
  const gameTransfers = and(
    inArray(ledgerTransfers.kind, [...gameKinds]),
    eq(ledgerTransfers.state, 'posted'),
    inWindow(ledgerTransfers.createdAt, window),
  );
  return Promise.all([
    deps.db.select({ id: gameProviders.id, name: gameProviders.name }).from(gameProviders).orderBy(gameProviders.id),
    deps.db
      .select({
        providerId: walletTransactions.providerId,
        kind: walletTransactions.kind,
        amount: sql<number>`sum(${walletTransactions.amount})`.mapWith(Number),
      })
      .from(walletTransactions)
      .where(and(inArray(walletTransactions.kind, [...walletKinds]), inWindow(walletTransactions.createdAt, window)))
      .groupBy(walletTransactions.providerId, walletTransactions.kind),
    deps.db
      .select({
        providerId: transferProvider,
        kind: ledgerTransfers.kind,
        amount: sql<number>`sum(${ledgerTransfers.amount})`.mapWith(Number),
      })
      .from(ledgerTransfers)
      .where(gameTransfers)
      .groupBy(transferProvider, ledgerTransfers.kind),
    // A transaction that moved coins with no transfer, or with a transfer of another amount.
    deps.db
      .select({
        providerId: walletTransactions.providerId,
        walletKind: walletTransactions.kind,
        transactionUuid: walletTransactions.transactionUuid,
        ledgerTransferId: ledgerTransfers.id,
        walletAmount: walletTransactions.amount,
        ledgerAmount: ledgerTransfers.amount,
        at: walletTransactions.createdAt,
      })
      .from(walletTransactions)
      .leftJoin(ledgerTransfers, eq(ledgerTransfers.id, walletTransactions.ledgerTransferId))
      .where(
        and(
          inArray(walletTransactions.kind, [...walletKinds]),
          gt(walletTransactions.amount, 0),
          inWindow(walletTransactions.createdAt, window),
          or(isNull(ledgerTransfers.id), ne(ledgerTransfers.amount, sql`${walletTransactions.amount}`)),
        ),
      )
      .orderBy(asc(walletTransactions.createdAt))
      .limit(reconciliationListLimit + 1),
    // A game transfer no wallet transaction names.
    deps.db
      .select({
        providerId: transferProvider,
        kind: ledgerTransfers.kind,
        ledgerTransferId: ledgerTransfers.id,
        ledgerAmount: ledgerTransfers.amount,
        at: ledgerTransfers.createdAt,
      })
      .from(ledgerTransfers)
      .leftJoin(walletTransactions, eq(walletTransactions.ledgerTransferId, ledgerTransfers.id))
      .where(and(gameTransfers, isNull(walletTransactions.id)))
      .orderBy(asc(ledgerTransfers.createdAt))
      .limit(reconciliationListLimit + 1),
  ]);
}

async function walletSide(deps: PlayerDeps, window: Window): Promise<WalletReconciliation[]> {
  const [providers, walletTotals, ledgerTotals, unbooked, unmatched] = await walletReads(deps, window);
  return providers.map((provider) => {
    const wallet = noTotals();
    for (const row of walletTotals) if (row.providerId === provider.id) wallet[row.kind as WalletKind] += row.amount;
    const ledger = noTotals();
    for (const row of ledgerTotals)
      if (row.providerId === provider.id) ledger[walletKindOf[row.kind as keyof typeof walletKindOf]] += row.amount;
    const differences: WalletReconciliation['differences'] = [
      ...unbooked
        .filter((row) => row.providerId === provider.id)
        .map((row) => ({
          kind: row.ledgerTransferId === null ? ('notInLedger' as const) : ('amountDiffers' as const),
          walletKind: row.walletKind as WalletKind,
          transactionUuid: row.transactionUuid,
          ledgerTransferId: row.ledgerTransferId === null ? null : String(row.ledgerTransferId),
          walletAmount: row.walletAmount,
          ledgerAmount: row.ledgerAmount === null ? null : Number(row.ledgerAmount),
          at: row.at.toISOString(),
        })),
      ...unmatched
        .filter((row) => row.providerId === provider.id)
        .map((row) => ({
          kind: 'notInWallet' as const,
          walletKind: walletKindOf[row.kind as keyof typeof walletKindOf],
          transactionUuid: null,
          ledgerTransferId: String(row.ledgerTransferId),
          walletAmount: null,
          ledgerAmount: Number(row.ledgerAmount),
          at: row.at.toISOString(),
        })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      providerId: provider.id,
      name: provider.name,
      ledger,
      wallet,
      differenceCount: differences.length,
      differences: differences.slice(0, reconciliationListLimit),
    };
  });
}

type Difference = PaymentReconciliation['differences'][number];
type Totals = { provider: number; ledger: number };

/** The deposit orders and bank payouts here that the statement names or that fall in its window. */
function ourSide(deps: PlayerDeps, providerName: string, statement: Statement, wide: Window) {
  const payoutReference = sql<string>`coalesce(${withdrawals.payoutReference}, ${withdrawals.orderSn})`;
  const paymentRefs = statement.payments.map((payment) => payment.reference);
  const payoutRefs = statement.payouts.map((payout) => payout.reference);
  return Promise.all([
    deps.db
      .select({
        orderSn: depositOrders.orderSn,
        yenAmount: depositOrders.yenAmount,
        status: depositOrders.status,
        paidAt: depositOrders.paidAt,
        credited: isNotNull(depositOrders.creditTransferId),
      })
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.mode, 'automatic'),
          eq(depositOrders.provider, providerName),
          or(
            paymentRefs.length > 0 ? inArray(depositOrders.orderSn, paymentRefs) : sql`false`,
            inWindow(depositOrders.paidAt, wide),
          ),
        ),
      ),
    deps.db
      .select({
        reference: payoutReference,
        payoutYen: withdrawals.payoutYen,
        payoutState: withdrawals.payoutState,
        completedAt: withdrawals.completedAt,
      })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.method, 'bank'),
          or(
            payoutRefs.length > 0 ? inArray(payoutReference, payoutRefs) : sql`false`,
            and(eq(withdrawals.payoutState, 'paid'), inWindow(withdrawals.completedAt, wide)),
          ),
        ),
      ),
  ]);
}
type OurSide = Awaited<ReturnType<typeof ourSide>>;

const isWithin = (period: Window) => (at: Date | string | null) => {
  const ms = at === null ? Number.NaN : new Date(at).getTime();
  return ms >= period.from.getTime() && ms < period.to.getTime();
};

function paymentDifference(
  payment: Statement['payments'][number],
  order: OurSide[0][number] | undefined,
): Difference | null {
  const seen = { reference: payment.reference, providerAmount: payment.amount, at: payment.settledAt };
  if (!order?.credited) return { kind: 'paidNotCredited', ...seen, ledgerAmount: null };
  if (order.yenAmount !== payment.amount) return { kind: 'amountDiffers', ...seen, ledgerAmount: order.yenAmount };
  if (payment.status === 'refunded' && order.status !== 'refundSuccessful')
    return { kind: 'refundNotBooked', ...seen, ledgerAmount: order.yenAmount };
  return null;
}

/** What the provider settled against the deposits credited here, both ways. */
function matchDeposits(statement: Statement, orders: OurSide[0], within: ReturnType<typeof isWithin>) {
  const totals: Totals = { provider: 0, ledger: 0 };
  const differences: Difference[] = [];
  const orderOf = new Map(orders.map((order) => [order.orderSn, order]));
  for (const payment of statement.payments.filter((row) => within(row.settledAt))) {
    if (payment.status === 'paid') totals.provider += payment.amount;
    const difference = paymentDifference(payment, orderOf.get(payment.reference));
    if (difference) differences.push(difference);
  }
  const paid = new Set(statement.payments.map((payment) => payment.reference));
  for (const order of orders) {
    if (!order.credited || order.status !== 'paymentSuccessful' || !order.paidAt || !within(order.paidAt)) continue;
    totals.ledger += order.yenAmount;
    if (!paid.has(order.orderSn))
      differences.push({
        kind: 'creditedNotPaid',
        reference: order.orderSn,
        providerAmount: null,
        ledgerAmount: order.yenAmount,
        at: order.paidAt.toISOString(),
      });
  }
  return { totals, differences };
}

/** What the provider paid out against the withdrawals paid here, both ways. */
function matchPayouts(statement: Statement, booked: OurSide[1], within: ReturnType<typeof isWithin>) {
  const totals: Totals = { provider: 0, ledger: 0 };
  const differences: Difference[] = [];
  const withdrawalOf = new Map(booked.map((row) => [row.reference, row]));
  for (const payout of statement.payouts.filter((row) => row.status === 'paid' && within(row.createdAt))) {
    totals.provider += payout.amount;
    const withdrawal = withdrawalOf.get(payout.reference);
    const seen = { reference: payout.reference, providerAmount: payout.amount, at: payout.createdAt };
    if (withdrawal?.payoutState !== 'paid') differences.push({ kind: 'payoutNotBooked', ...seen, ledgerAmount: null });
    else if (withdrawal.payoutYen !== payout.amount)
      differences.push({ kind: 'amountDiffers', ...seen, ledgerAmount: withdrawal.payoutYen });
  }
  const paid = new Set(statement.payouts.filter((row) => row.status === 'paid').map((row) => row.reference));
  for (const row of booked) {
    if (row.payoutState !== 'paid' || !row.completedAt || !within(row.completedAt)) continue;
    totals.ledger += row.payoutYen ?? 0;
    if (!paid.has(row.reference))
      differences.push({
        kind: 'paidNotAtProvider',
        reference: row.reference,
        providerAmount: null,
        ledgerAmount: row.payoutYen,
        at: row.completedAt.toISOString(),
      });
  }
  return { totals, differences };
}

/**
 * The provider's statement against the deposits and payouts here. The statement is asked for a day
 * either side of the period, so an order paid just before midnight and credited just after is not
 * a difference; only what falls in the period is counted and listed.
 */
async function paymentSide(deps: PlayerDeps, period: Window): Promise<DataOf<typeof adminReconciliation>['payments']> {
  const provider = deps.payProvider;
  if (!provider) return null;
  const wide = { from: new Date(period.from.getTime() - dayMs), to: new Date(period.to.getTime() + dayMs) };
  let statement: Statement;
  try {
    statement = await provider.statement(wide);
  } catch (error) {
    if (error instanceof PayProviderUnavailable) return { provider: provider.name, unavailable: true };
    throw error;
  }
  const [orders, booked] = await ourSide(deps, provider.name, statement, wide);
  const within = isWithin(period);
  const deposits = matchDeposits(statement, orders, within);
  const payouts = matchPayouts(statement, booked, within);
  const differences = [...deposits.differences, ...payouts.differences].sort((a, b) => a.at.localeCompare(b.at));
  return {
    provider: provider.name,
    deposits: deposits.totals,
    payouts: payouts.totals,
    differenceCount: differences.length,
    differences: differences.slice(0, reconciliationListLimit),
  };
}

export async function reconciliation(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminReconciliation>,
): Promise<DataOf<typeof adminReconciliation>> {
  const window = periodBounds(body.period);
  const [house, wallet, payments] = await Promise.all([
    houseSide(deps),
    walletSide(deps, window),
    paymentSide(deps, window),
  ]);
  return { ...house, wallet, payments };
}
