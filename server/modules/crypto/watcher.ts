import { depositCoins } from '@contract/crypto-amount';
import type { ChainAdapter } from '@server/adapters/chain';
import { auditLog } from '@server/db/schema/auth';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { type ChainNetwork, chainNetworks } from '@server/shared/chain-addresses';
import { newOrderSn } from '@server/shared/order-numbers';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, eq, inArray } from 'drizzle-orm';
import { houseAccount, playerAccount, transfer } from '../ledger/public';
import { depositRefusal } from '../protection/public';
import { type CryptoPair, cryptoPairsOf } from './pairs';
import { depositAddressesOn } from './player-addresses';

/** How far back each run looks for outputs to our addresses (a watcher down longer needs a wider look). */
const scanWindowBlocks = 100_000;

type CryptoDepositRow = typeof cryptoDeposits.$inferSelect;

/** The ledger key of a deposit's credit: one per transaction output, whoever credits it. */
export const depositCreditKey = (row: Pick<CryptoDepositRow, 'network' | 'txHash' | 'outputIndex'>) =>
  `crypto-deposit:${row.network}:${row.txHash}:${row.outputIndex}`;

/**
 * One run of the deposit watcher (the `crypto-watcher` job, and at once after a sandbox change):
 * for every network, records new outputs paying our addresses, follows the confirmations of those
 * still confirming, drops those that left the chain and credits those that reached their pair's
 * threshold (docs/requirements.md §16.6). Any number of runs, in any processes, at once or after a
 * crash, credit each output once.
 */
export async function watchDeposits(deps: PlayerDeps): Promise<void> {
  const chain = deps.crypto.chain;
  if (!chain) return;
  const pairs = await cryptoPairsOf(deps.db);
  for (const network of Object.keys(chainNetworks) as ChainNetwork[]) {
    const onNetwork = pairs.filter((pair) => pair.network === network);
    if (onNetwork.length === 0) continue;
    await watchNetwork(deps, chain, network, onNetwork);
  }
}

async function watchNetwork(deps: PlayerDeps, chain: ChainAdapter, network: ChainNetwork, pairs: CryptoPair[]) {
  const tip = await chain.height(network);
  await recordNewOutputs(deps, chain, { network, tip, pairs });
  const open = await deps.db
    .select()
    .from(cryptoDeposits)
    .where(and(eq(cryptoDeposits.network, network), inArray(cryptoDeposits.status, ['confirming', 'belowMinimum'])));
  for (const deposit of open) await followDeposit(deps, chain, { network, tip }, deposit);
}

/** Records every output to our addresses on a network, at the rate of its pair as it is now. */
async function recordNewOutputs(
  deps: PlayerDeps,
  chain: ChainAdapter,
  { network, tip, pairs }: { network: ChainNetwork; tip: number; pairs: CryptoPair[] },
) {
  const owners = new Map((await depositAddressesOn(deps, network)).map((row) => [row.address, row.userId]));
  const outputs = await chain.outputsTo(network, [...owners.keys()], Math.max(0, tip - scanWindowBlocks));
  for (const output of outputs) {
    const pair = pairs.find((candidate) => candidate.coin === output.coin);
    const userId = owners.get(output.toAddress);
    if (!pair || userId === undefined) continue;
    const coins = depositCoins(output.amount, pair.decimals, pair.gameCoinsPerCoin, pair.damageRateBasisPoints);
    const credited = output.amount >= BigInt(pair.minDeposit) && coins > 0n;
    // A repeated sighting meets the unique output and changes nothing: the first rate stays.
    await deps.db
      .insert(cryptoDeposits)
      .values({
        orderSn: newOrderSn('D', deps.clock.now()),
        userId,
        coin: pair.coin,
        network,
        address: output.toAddress,
        txHash: output.txHash,
        outputIndex: output.outputIndex,
        cryptoAmount: output.amount.toString(),
        blockHeight: output.blockHeight,
        confirmations: Math.max(0, tip - output.blockHeight + 1),
        requiredConfirmations: pair.confirmations,
        status: credited ? 'confirming' : 'belowMinimum',
        gameCoinsPerCoin: pair.gameCoinsPerCoin,
        damageRateBasisPoints: pair.damageRateBasisPoints,
        coins: credited ? Number(coins) : 0,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: [cryptoDeposits.network, cryptoDeposits.txHash, cryptoDeposits.outputIndex] });
  }
}

/** Moves an open deposit on: dropped when it left the chain, credited when confirmed, else its count updated. */
async function followDeposit(
  deps: PlayerDeps,
  chain: ChainAdapter,
  { network, tip }: { network: ChainNetwork; tip: number },
  deposit: CryptoDepositRow,
) {
  const height = await chain.blockOf(network, deposit.txHash, deposit.outputIndex);
  if (height === null) {
    if (deposit.status === 'confirming') await dropDeposit(deps, deposit);
    return;
  }
  const confirmations = Math.max(0, tip - height + 1);
  if (deposit.status === 'confirming' && confirmations >= deposit.requiredConfirmations) {
    await creditDeposit(deps, deposit.id, confirmations);
  } else if (confirmations !== deposit.confirmations || height !== deposit.blockHeight) {
    await deps.db
      .update(cryptoDeposits)
      .set({ confirmations, blockHeight: height })
      .where(and(eq(cryptoDeposits.id, deposit.id), eq(cryptoDeposits.status, deposit.status)));
  }
}

async function dropDeposit(deps: PlayerDeps, deposit: CryptoDepositRow) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [dropped] = await tx
      .update(cryptoDeposits)
      .set({ status: 'dropped', droppedAt: now, confirmations: 0 })
      .where(and(eq(cryptoDeposits.id, deposit.id), eq(cryptoDeposits.status, 'confirming')))
      .returning();
    if (!dropped) return;
    await tx.insert(auditLog).values({
      at: now,
      actor: 'system',
      action: 'cryptoDeposit.dropped',
      subject: `deposit:${dropped.orderSn}`,
      reason: `${dropped.network} transaction ${dropped.txHash} left the chain before it was confirmed`,
      clientAddress: null,
      requestId: null,
    });
  });
}

/**
 * Credits a confirmed deposit: in one transaction the row is claimed out of `confirming`, the coins
 * move through the ledger under the output's key at the rate stored on the row, and the letter is
 * queued. A run that dies before the commit leaves everything as it was; a second run finds the row
 * claimed (or the ledger key used) and moves nothing.
 */
export async function creditDeposit(deps: PlayerDeps, depositId: number, confirmations: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [claimed] = await tx
      .update(cryptoDeposits)
      .set({ status: 'credited', confirmations, creditedAt: now })
      .where(and(eq(cryptoDeposits.id, depositId), eq(cryptoDeposits.status, 'confirming')))
      .returning();
    if (!claimed) return false;
    // Coins that arrived on chain are credited whatever player protection says, and flagged for the desk.
    const refusal = await depositRefusal(tx, {
      userId: claimed.userId,
      yen: Math.floor(claimed.coins / deps.settings.coinsPerYen),
      now,
      coinsPerYen: deps.settings.coinsPerYen,
      openOrders: false,
      exceptOrderSn: null,
    });
    if (refusal)
      await tx.update(cryptoDeposits).set({ protectionFlag: refusal }).where(eq(cryptoDeposits.id, claimed.id));
    const moved = await transfer(tx, deps.clock, {
      actor: 'system',
      reason: `${claimed.coin} on ${claimed.network} received (${claimed.txHash}:${claimed.outputIndex}) at ${claimed.gameCoinsPerCoin} coins per coin`,
      from: houseAccount('depositsClearing', coinCurrency),
      to: playerAccount(claimed.userId, coinCurrency),
      amount: BigInt(claimed.coins),
      currency: coinCurrency,
      idempotencyKey: depositCreditKey(claimed),
      kind: 'deposit',
      metadata: { orderSn: claimed.orderSn },
    });
    await tx
      .update(cryptoDeposits)
      .set({ creditTransferId: moved.transfer.id })
      .where(eq(cryptoDeposits.id, claimed.id));
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: 'depositCredited',
      subject: `deposit:${claimed.orderSn}`,
      params: { orderSn: claimed.orderSn, amount: claimed.coins },
    });
    return true;
  });
}
