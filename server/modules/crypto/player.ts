import type {
  AddressRefusal,
  CryptoDeposit,
  cryptoDepositList,
  depositAddressQuery,
  withdrawalAddressCheck,
  withdrawCrypto,
} from '@contract/crypto';
import { withdrawalCoins } from '@contract/crypto-amount';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Withdrawal } from '@contract/withdrawal';
import type { Principal } from '@server/contract-router';
import { cryptoDepositAddresses, cryptoDeposits } from '@server/db/schema/crypto';
import { withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { type ChainNetwork, chainNetworks, checkAddress } from '@server/shared/chain-addresses';
import { newOrderSn } from '@server/shared/order-numbers';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { wholeCoins } from '@server/shared/whole-coins';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { hold, houseAccount, playerAccount } from '../ledger/public';
import { refuseWhileBlocked } from '../protection/public';
import { kycStatusOf } from '../user/public';
import { openWithdrawalRequest, withdrawalByKey } from '../withdrawal/public';
import { type CryptoPair, cryptoPairOf } from './pairs';
import { depositAddressOf } from './player-addresses';

/** "TRON (TRC20)": how messages name a network. */
const networkLabel = (network: ChainNetwork) => `${chainNetworks[network].chain} (${network})`;

export async function depositAddress(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof depositAddressQuery>,
): Promise<DataOf<typeof depositAddressQuery>> {
  const pair = await cryptoPairOf(deps.db, body.coin, body.network);
  if (!pair.depositEnabled)
    throw new ApiError(422, 'crypto.depositDisabled', { coin: pair.coin, network: pair.network });
  await refuseWhileBlocked(deps.db, principal.userId, deps.clock.now());
  return {
    coin: pair.coin,
    network: pair.network,
    address: await depositAddressOf(deps, principal.userId, pair.network),
    memo: null,
    minDeposit: pair.minDeposit,
    confirmations: pair.confirmations,
  };
}

interface Refusal {
  reason: AddressRefusal;
  params: Record<string, string>;
}

/** The networks the player's credited deposits came on. */
async function depositNetworksOf(deps: PlayerDeps, userId: number): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ network: cryptoDeposits.network })
    .from(cryptoDeposits)
    .where(and(eq(cryptoDeposits.userId, userId), eq(cryptoDeposits.status, 'credited')));
  return rows.map((row) => row.network).sort();
}

/**
 * Why a withdrawal to `address` on the pair's network is refused, or the address as the network
 * writes it (docs/requirements.md §16.3, §16.4): its format and checksum, not an address of another
 * network, not one of the hall's own deposit addresses (the player's own said as such), and the
 * network of the player's deposits.
 */
async function addressVerdict(
  deps: PlayerDeps,
  userId: number,
  pair: CryptoPair,
  address: string,
): Promise<{ refusal: Refusal } | { address: string }> {
  const network = pair.network;
  const checked = checkAddress(network, address);
  if (!checked.valid) {
    return {
      refusal:
        checked.reason === 'otherNetwork'
          ? {
              reason: 'otherNetwork',
              params: { network: networkLabel(network), addressNetwork: networkLabel(checked.addressNetwork) },
            }
          : { reason: checked.reason, params: { network: networkLabel(network) } },
    };
  }
  const [ours] = await deps.db
    .select({ userId: cryptoDepositAddresses.userId })
    .from(cryptoDepositAddresses)
    .where(and(eq(cryptoDepositAddresses.network, network), eq(cryptoDepositAddresses.address, checked.address)));
  if (ours) {
    const reason = ours.userId === userId ? 'ownDepositAddress' : 'hallDepositAddress';
    return { refusal: { reason, params: { network: networkLabel(network) } } };
  }
  const deposited = await depositNetworksOf(deps, userId);
  if (deposited.length === 0) return { refusal: { reason: 'noDeposit', params: { network: networkLabel(network) } } };
  if (!deposited.includes(network)) {
    return {
      refusal: {
        reason: 'networkMismatch',
        params: {
          network: networkLabel(network),
          networks: deposited
            .map((each) => (each in chainNetworks ? networkLabel(each as ChainNetwork) : each))
            .join(', '),
        },
      },
    };
  }
  return { address: checked.address };
}

export async function checkWithdrawalAddress(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawalAddressCheck>,
): Promise<DataOf<typeof withdrawalAddressCheck>> {
  const pair = await cryptoPairOf(deps.db, body.coin, body.network);
  const verdict = await addressVerdict(deps, principal.userId, pair, body.address);
  if ('address' in verdict) return { valid: true, reason: null, message: null };
  return {
    valid: false,
    reason: verdict.refusal.reason,
    message: request.t(`crypto.address.${verdict.refusal.reason}`, verdict.refusal.params),
  };
}

/**
 * A player asks for a coin to be sent to an address (docs/requirements.md §16.4). As for yen: the pay
 * password first, then a retry of the same Idempotency-Key answers the first request (another body:
 * 409), approved KYC; then the pair, the address and the network rule, the amount within the pair's
 * limits. The game coins the amount is worth (fee included) are held in the ledger in the
 * transaction that writes the request; an operator approves or rejects it on the desk.
 */
export async function requestCryptoWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawCrypto>,
  idempotencyKey: string,
): Promise<Withdrawal> {
  const { db, clock } = deps;
  const { user, paramsHash, answer, earlier } = await openWithdrawalRequest(
    deps,
    request,
    principal,
    body.payPassword,
    idempotencyKey,
    ['withdrawCrypto', body.coin, body.network, body.address, body.memo ?? '', body.amount],
  );
  if (earlier) return earlier;

  const pair = await cryptoPairOf(db, body.coin, body.network);
  if (!pair.withdrawalEnabled)
    throw new ApiError(422, 'crypto.withdrawalDisabled', { coin: pair.coin, network: pair.network });
  if ((await kycStatusOf(db, user.id)) !== 'approved') throw new ApiError(422, 'draw.kycRequired');
  const verdict = await addressVerdict(deps, user.id, pair, body.address);
  if ('refusal' in verdict) {
    throw fieldRefusal(request.t, 422, 'address', `crypto.address.${verdict.refusal.reason}`, verdict.refusal.params);
  }
  const gross = BigInt(body.amount);
  if (gross < BigInt(pair.minWithdrawal) || gross > BigInt(pair.maxWithdrawal)) {
    throw fieldRefusal(request.t, 422, 'amount', 'crypto.amountOutOfRange', {
      min: wholeCoins(pair.minWithdrawal, pair.decimals),
      max: wholeCoins(pair.maxWithdrawal, pair.decimals),
      coin: pair.coin,
    });
  }
  const coins = withdrawalCoins(gross, pair.decimals, pair.gameCoinsPerCoin, pair.damageRateBasisPoints);
  const feeCoins = withdrawalCoins(BigInt(pair.withdrawalFee), pair.decimals, pair.gameCoinsPerCoin, 0);
  if (coins > BigInt(Number.MAX_SAFE_INTEGER)) throw new ApiError(422, 'ledger.insufficientBalance');

  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const held = await hold(tx, clock, {
      actor: actorOfUser(user.id),
      reason: `withdrawal of ${wholeCoins(gross, pair.decimals)} ${pair.coin} on ${pair.network} requested`,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
      from: playerAccount(user.id, coinCurrency),
      to: houseAccount('withdrawalsInFlight', coinCurrency),
      amount: coins,
      currency: coinCurrency,
      idempotencyKey: `withdraw:${idempotencyKey}`,
      kind: 'withdrawal',
      metadata: { coin: pair.coin, network: pair.network },
    });
    // A replayed hold means a twin request with this key committed first: answer as it did.
    if (held.replayed) return null;
    const [inserted] = await tx
      .insert(withdrawals)
      .values({
        orderSn: newOrderSn('W', now),
        userId: user.id,
        method: 'crypto',
        amount: Number(coins),
        fee: Number(feeCoins),
        coin: pair.coin,
        network: pair.network,
        address: verdict.address,
        memo: body.memo ?? null,
        cryptoGross: gross.toString(),
        networkFee: pair.withdrawalFee,
        gameCoinsPerCoin: pair.gameCoinsPerCoin,
        damageRateBasisPoints: pair.damageRateBasisPoints,
        status: 'withdrawalReview',
        holdTransferId: held.transfer.id,
        idempotencyKey,
        paramsHash,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('withdrawal insert returned no row');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'withdrawal.request',
      subject: `withdrawal:${inserted.orderSn}`,
      reason: `${inserted.amount} coins for ${wholeCoins(gross, pair.decimals)} ${pair.coin} on ${pair.network} to ${verdict.address}`,
    });
    return inserted;
  });
  const row = created ?? (await withdrawalByKey(deps, user.id, idempotencyKey));
  if (!row) throw new Error('withdrawal with this key vanished');
  return answer(row);
}

/** The player's crypto deposits, newest first; confirmations of those still open are counted from the chain's tip now. */
export async function cryptoDepositsOf(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof cryptoDepositList>,
): Promise<DataOf<typeof cryptoDepositList>> {
  const conditions: SQL[] = [eq(cryptoDeposits.userId, principal.userId)];
  if (body.coin) conditions.push(eq(cryptoDeposits.coin, body.coin));
  if (body.network) conditions.push(eq(cryptoDeposits.network, body.network));
  if (body.status) conditions.push(eq(cryptoDeposits.status, body.status));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(cryptoDeposits.createdAt, from), lt(cryptoDeposits.createdAt, to));
  }
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db.select().from(cryptoDeposits).where(where).orderBy(desc(cryptoDeposits.createdAt), desc(cryptoDeposits.id)),
    deps.db.select({ total: count() }).from(cryptoDeposits).where(where),
  );
  const tips = new Map<string, number>();
  const tipOf = async (network: string) => {
    const chain = deps.crypto.chain;
    if (!chain || !(network in chainNetworks)) return null;
    if (!tips.has(network)) tips.set(network, await chain.height(network as ChainNetwork));
    return tips.get(network) ?? null;
  };
  const list: CryptoDeposit[] = [];
  for (const row of page.list) {
    const open = row.status === 'confirming' || row.status === 'belowMinimum';
    const chain = deps.crypto.chain;
    const blockMs = chain && row.network in chainNetworks ? chain.blockIntervalMs(row.network as ChainNetwork) : null;
    list.push(shownDeposit(row, open ? await tipOf(row.network) : null, blockMs));
  }
  return { list, total: page.total };
}

/**
 * A deposit as the player sees it: an open one's confirmations counted from the tip (a confirming
 * one at most its threshold), and while confirming about how long the rest takes at the block time.
 */
function shownDeposit(
  row: typeof cryptoDeposits.$inferSelect,
  tip: number | null,
  blockMs: number | null,
): CryptoDeposit {
  let confirmations = row.confirmations;
  if (tip !== null) confirmations = Math.max(confirmations, tip - row.blockHeight + 1);
  if (row.status === 'confirming') confirmations = Math.min(confirmations, row.requiredConfirmations);
  return {
    orderSn: row.orderSn,
    coin: row.coin,
    network: row.network,
    address: row.address,
    txHash: row.txHash,
    outputIndex: row.outputIndex,
    cryptoAmount: row.cryptoAmount,
    confirmations,
    requiredConfirmations: row.requiredConfirmations,
    secondsLeft:
      row.status === 'confirming' && blockMs !== null
        ? Math.ceil(((row.requiredConfirmations - confirmations) * blockMs) / 1000)
        : null,
    status: row.status,
    gameCoinsPerCoin: row.gameCoinsPerCoin,
    coins: row.coins,
    createdAt: row.createdAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
  };
}
