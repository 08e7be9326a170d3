import type { ProtectionRefusal } from '@contract/protection';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { houseAccount, playerAccount, transfer } from '../ledger/public';
import { depositRefusal } from '../protection/public';
import type { DepositOrderRow } from './deposit-rows';

export async function creditDeposit(
  tx: PlayerDeps['db'],
  deps: PlayerDeps,
  request: PlayerRequest,
  order: DepositOrderRow,
  amount: number,
  reason: string,
) {
  await deps.letters.send(tx, {
    userId: order.userId,
    kind: 'depositCredited',
    subject: `deposit:${order.orderSn}`,
    params: { orderSn: order.orderSn, amount },
  });
  return transfer(tx, deps.clock, {
    actor: 'system',
    reason,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
    from: houseAccount('depositsClearing', coinCurrency),
    to: playerAccount(order.userId, coinCurrency),
    amount: BigInt(amount),
    currency: coinCurrency,
    idempotencyKey: `deposit:${order.orderSn}`,
    kind: 'deposit',
    metadata: { orderSn: order.orderSn },
  });
}

/**
 * Player protection's word on a payment about to be credited: a time-out or exclusion in force, or
 * a deposit limit it would pass (counting the deposits already credited, not this one), refuses it.
 */
export function protectionRefusalOf(
  tx: PlayerDeps['db'],
  deps: PlayerDeps,
  order: DepositOrderRow,
  yen: number,
): Promise<ProtectionRefusal | null> {
  return depositRefusal(tx, {
    userId: order.userId,
    yen,
    now: deps.clock.now(),
    coinsPerYen: deps.settings.coinsPerYen,
    openOrders: false,
    exceptOrderSn: order.orderSn,
  });
}
