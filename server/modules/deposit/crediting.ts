import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { houseAccount, playerAccount, transfer } from '../ledger/public';
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
