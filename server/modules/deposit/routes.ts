import {
  cancelPayOrder,
  createPayOrder,
  currentPayOrderQuery,
  exchangeRatiosQuery,
  openPayOrderQuery,
  payChannelQuery,
  payOrderList,
  payOrderQuery,
} from '@contract/deposit';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { channelView, openChannels } from './channels';
import {
  cancelDepositOrder,
  currentDepositOrderOf,
  depositOrderOf,
  depositOrdersOf,
  openDepositOrder,
  openDepositOrderOf,
} from './player';

/** The payment provider's callbacks, mounted beside the contract's routes. */
export { payCallbackHandler, payCallbackPath, payCallbackPrefix } from './webhook';

export function depositRoutes(deps: PlayerDeps) {
  return [
    // Every deposit channel takes yen (a channel's currency is JPY); the ratio is configured (COINS_PER_YEN).
    route(exchangeRatiosQuery, async () => [{ currency: 'JPY', coinsPerUnit: deps.settings.coinsPerYen }]),
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
    route(openPayOrderQuery, (context) =>
      openDepositOrderOf(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(currentPayOrderQuery, (context) => currentDepositOrderOf(deps, playerRequestOf(context), context.principal)),
    route(cancelPayOrder, (context) =>
      cancelDepositOrder(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(payOrderList, (context) => depositOrdersOf(deps, playerRequestOf(context), context.principal, context.body)),
  ];
}
