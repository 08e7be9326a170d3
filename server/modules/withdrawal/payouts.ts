import { ChainUnavailable } from '@server/adapters/chain';
import type { PayoutResponse } from '@server/adapters/pay-protocol';
import { PayoutUnavailable } from '@server/adapters/payout';
import { auditLog } from '@server/db/schema/auth';
import { cryptoPairs } from '@server/db/schema/crypto';
import { withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import { isChainNetwork } from '@server/shared/chain-addresses';
import type { EventLetter } from '@server/shared/event-letters';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { wholeCoins } from '@server/shared/whole-coins';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { houseAccount, playerAccount, transfer } from '../ledger/public';
import type { WithdrawalRow } from './withdrawal-rows';

const systemRequest = { clientAddress: null, requestId: null };

/**
 * Sends the yen of an approved withdrawal and records the outcome. Safe to call any number of
 * times from any process: the payout service pays a reference once, and each outcome is written
 * only by the call that claims the row out of 'requested'. A failed payout gives the coins back
 * with one transfer keyed by the order number. When the service cannot be reached the row stays
 * 'requested' for resumePayouts.
 */
export async function runPayout(deps: PlayerDeps, orderSn: string): Promise<void> {
  const [row] = await deps.db
    .update(withdrawals)
    .set({ payoutAttempts: sql`${withdrawals.payoutAttempts} + 1` })
    .where(and(eq(withdrawals.orderSn, orderSn), eq(withdrawals.payoutState, 'requested')))
    .returning();
  if (!row) return;
  let outcome: PayoutOutcome;
  try {
    outcome = row.method === 'crypto' ? await sendOnChain(deps, row) : await sendToBank(deps, row);
  } catch (error) {
    if (!(error instanceof PayoutUnavailable || error instanceof ChainUnavailable)) throw error;
    deps.logger.warn({ err: error, orderSn, attempts: row.payoutAttempts }, 'payout not sent; it will be retried');
    return;
  }
  await deps.db.transaction((tx) => recordOutcome(deps, tx, row, outcome));
}

type Tx = Parameters<Parameters<PlayerDeps['db']['transaction']>[0]>[0];

/** Writes the outcome, once: the row claimed out of 'requested', the coins of a failed payout returned, the audit row and the letter. */
async function recordOutcome(deps: PlayerDeps, tx: Tx, row: WithdrawalRow, outcome: PayoutOutcome): Promise<void> {
  const now = deps.clock.now();
  const paid = outcome.status === 'paid';
  const failureReason = paid ? null : (outcome.failureReason ?? 'The bank refused the transfer');
  const [claimed] = await tx
    .update(withdrawals)
    .set({
      status: paid ? 'withdrawalSuccessful' : 'withdrawalFailed',
      payoutState: paid ? 'paid' : 'failed',
      failureReason,
      txHash: outcome.txHash ?? null,
      completedAt: now,
    })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.payoutState, 'requested')))
    .returning();
  if (!claimed) return;
  if (!paid) await refundFailedPayout(deps, tx, claimed, failureReason);
  await tx.insert(auditLog).values({
    ...systemRequest,
    at: now,
    actor: 'system',
    action: paid ? 'withdrawal.paid' : 'withdrawal.payoutFailed',
    subject: `withdrawal:${claimed.orderSn}`,
    reason: paid ? `${paidOut(claimed)} paid out` : `${failureReason}; ${claimed.amount} coins returned`,
  });
  await deps.letters.send(tx, paidLetter(claimed, paid ? null : (failureReason ?? ''), outcome));
}

/** The coins of a failed payout back to the player, with one transfer keyed by the order number. */
async function refundFailedPayout(
  deps: PlayerDeps,
  tx: Tx,
  claimed: WithdrawalRow,
  failureReason: string | null,
): Promise<void> {
  const refund = await transfer(tx, deps.clock, {
    ...systemRequest,
    actor: 'system',
    reason: `payout of withdrawal ${claimed.orderSn} failed: ${failureReason}`,
    from: houseAccount('withdrawalsInFlight', coinCurrency),
    to: playerAccount(claimed.userId, coinCurrency),
    amount: BigInt(claimed.amount),
    currency: coinCurrency,
    idempotencyKey: `withdrawal-refund:${claimed.orderSn}`,
    kind: 'withdrawalRefund',
    metadata: { orderSn: claimed.orderSn },
  });
  await tx.update(withdrawals).set({ refundTransferId: refund.transfer.id }).where(eq(withdrawals.id, claimed.id));
}

interface PayoutOutcome {
  status: 'paid' | 'failed';
  failureReason?: string | null | undefined;
  /** The chain's transaction of a crypto payout. */
  txHash?: string | undefined;
  /** What a crypto payout sent, in whole coins. */
  sentCoins?: string | undefined;
}

function sendToBank(deps: PlayerDeps, row: WithdrawalRow): Promise<PayoutResponse> {
  const { payoutYen, bankCode, branchCode, accountNumber, accountHolder } = row;
  if (payoutYen === null || !bankCode || !branchCode || !accountNumber || !accountHolder)
    throw new Error(`bank withdrawal ${row.orderSn} without its account`);
  return deps.payout.send({
    reference: row.payoutReference ?? row.orderSn,
    amount: payoutYen,
    currency: 'JPY',
    bankCode,
    branchCode,
    accountNumber,
    accountHolder,
  });
}

/** The coin, less the network fee, to the address; the chain adapter sends a reference once. */
async function sendOnChain(deps: PlayerDeps, row: WithdrawalRow): Promise<PayoutOutcome> {
  const chain = deps.crypto.chain;
  if (!chain) throw new ChainUnavailable('no chain is configured');
  const { coin, network, address, cryptoGross, networkFee } = row;
  if (!coin || !network || !address || cryptoGross === null || networkFee === null || !isChainNetwork(network))
    throw new Error(`crypto withdrawal ${row.orderSn} without its target`);
  const amount = BigInt(cryptoGross) - BigInt(networkFee);
  // Only the coin's decimals, for the letter: read from the pair's row rather than through the
  // crypto module, which itself opens its withdrawals through this one.
  const [pair] = await deps.db
    .select({ decimals: cryptoPairs.decimals })
    .from(cryptoPairs)
    .where(and(eq(cryptoPairs.coin, coin), eq(cryptoPairs.network, network)));
  if (!pair) throw new ApiError(404, 'crypto.pairNotFound', { coin, network });
  const sent = await chain.payout({
    reference: row.payoutReference ?? row.orderSn,
    network,
    coin,
    toAddress: address,
    amount,
  });
  return { status: 'paid', txHash: sent.txHash, sentCoins: wholeCoins(amount, pair.decimals) };
}

function paidOut(row: WithdrawalRow): string {
  if (row.method === 'bank') return `${row.payoutYen} yen`;
  return `${BigInt(row.cryptoGross ?? 0) - BigInt(row.networkFee ?? 0)} base units of ${row.coin} on ${row.network}`;
}

/** The letter of a settled payout: failed (with the reason), paid in yen, or sent on chain. */
function paidLetter(row: WithdrawalRow, failureReason: string | null, outcome: PayoutOutcome): EventLetter {
  const subject = `withdrawal:${row.orderSn}`;
  if (failureReason !== null)
    return {
      userId: row.userId,
      kind: 'withdrawalFailed',
      subject,
      params: { orderSn: row.orderSn, reason: failureReason },
    };
  if (row.method === 'bank')
    return {
      userId: row.userId,
      kind: 'withdrawalPaid',
      subject,
      params: { orderSn: row.orderSn, amount: row.payoutYen ?? 0 },
    };
  return {
    userId: row.userId,
    kind: 'cryptoWithdrawalPaid',
    subject,
    params: {
      orderSn: row.orderSn,
      amount: outcome.sentCoins ?? '',
      coin: row.coin ?? '',
      network: row.network ?? '',
      address: row.address ?? '',
      txHash: outcome.txHash ?? '',
    },
  };
}

/** Payouts left 'requested' longer than this (a crash, an unreachable service) are sent again. */

const payoutRetryAfterMs = 60 * 1000;

/** The payout-resume job, every minute in whichever process takes it (compose.ts). */

export async function resumePayouts(deps: PlayerDeps): Promise<number> {
  const stale = await deps.db
    .select({ orderSn: withdrawals.orderSn })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.payoutState, 'requested'),
        lte(withdrawals.reviewedAt, new Date(deps.clock.now().getTime() - payoutRetryAfterMs)),
      ),
    )
    .orderBy(asc(withdrawals.reviewedAt))
    .limit(50);
  for (const { orderSn } of stale) await runPayout(deps, orderSn);
  return stale.length;
}
