import type { DepositOrder, PaymentInstructions } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import type { depositOrders } from '@server/db/schema/deposit';
import { ApiError } from '@server/errors';
import type { PlayerDeps } from '@server/shared/player-deps';
import { channelNameOf } from './channels';

export type DepositOrderRow = typeof depositOrders.$inferSelect;

export function depositOrderView(deps: PlayerDeps, order: DepositOrderRow, locale: Locale): DepositOrder {
  const common = {
    orderSn: order.orderSn,
    channelId: order.channelId,
    channelName: channelNameOf(deps, order.channelId, locale),
    amount: order.amount,
    fee: order.fee,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    failureReason: order.failureReason,
    currency: 'JPY' as const,
  };
  if (order.mode === 'manual') {
    return { ...common, mode: 'manual', status: order.status as 'inProgress' | 'successful' | 'failed' };
  }
  return {
    ...common,
    mode: 'automatic',
    status: order.status as 'pendingPayment' | 'paymentSuccessful' | 'refundInProcess' | 'refundSuccessful',
  };
}

export function instructionsFor(deps: PlayerDeps, order: DepositOrderRow): PaymentInstructions {
  if (order.mode === 'automatic') {
    if (!order.checkoutUrl) throw new Error(`order ${order.orderSn} has no checkout URL`);
    return { kind: 'redirect', url: order.checkoutUrl };
  }
  const account = deps.settings.receivingAccount;
  if (!account) throw new ApiError(422, 'pay.channelUnavailable');
  return { kind: 'bankTransfer', yenAmount: order.yenAmount, ...account, transferNote: order.orderSn };
}
