import {
  cancelWithdrawal,
  withdrawalLimitsQuery,
  withdrawalList,
  withdrawalQuery,
  withdrawToBank,
} from '@contract/withdrawal';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { cancelOwnWithdrawal, requestWithdrawal, withdrawalOf, withdrawalsOf } from './player';

export function withdrawalRoutes(deps: PlayerDeps) {
  return [
    route(withdrawToBank, (context) =>
      // The router has already refused a call without a well-formed key.
      requestWithdrawal(
        deps,
        playerRequestOf(context),
        context.principal,
        context.body,
        context.idempotencyKey as string,
      ),
    ),
    route(withdrawalLimitsQuery, async () => ({ ...deps.settings.withdrawal, coinsPerYen: deps.settings.coinsPerYen })),
    route(withdrawalQuery, (context) => withdrawalOf(deps, playerRequestOf(context), context.principal, context.body)),
    route(cancelWithdrawal, (context) =>
      cancelOwnWithdrawal(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(withdrawalList, (context) => withdrawalsOf(deps, playerRequestOf(context), context.principal, context.body)),
  ];
}
