import { adminManualDepositConfirm, adminManualDepositFail, adminManualDepositList } from '@contract/admin';
import { createPayOrder, payChannelQuery, payOrderList, payOrderQuery } from '@contract/pay';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { channelView, openChannels } from './channels';
import {
  confirmManualDeposit,
  depositOrderOf,
  depositOrdersOf,
  failManualDeposit,
  manualDepositQueue,
  openDepositOrder,
} from './service';

export function payRoutes(deps: PlayerDeps) {
  return [
    route(payChannelQuery, async ({ locale }) =>
      (await openChannels(deps)).map((channel) => channelView(channel, locale)),
    ),
    route(createPayOrder, (context) =>
      // The router has already refused a call without a well-formed key.
      openDepositOrder(
        deps,
        playerRequestOf(context),
        context.principal,
        context.body,
        context.idempotencyKey as string,
      ),
    ),
    route(payOrderQuery, (context) => depositOrderOf(deps, playerRequestOf(context), context.principal, context.body)),
    route(payOrderList, (context) => depositOrdersOf(deps, playerRequestOf(context), context.principal, context.body)),
    route(adminManualDepositList, (context) => manualDepositQueue(deps, playerRequestOf(context), context.body)),
    route(adminManualDepositConfirm, (context) =>
      confirmManualDeposit(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminManualDepositFail, (context) =>
      failManualDeposit(deps, playerRequestOf(context), context.principal, context.body),
    ),
  ];
}
