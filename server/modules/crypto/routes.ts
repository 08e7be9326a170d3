import {
  cryptoAssetQuery,
  cryptoDepositList,
  depositAddressQuery,
  withdrawalAddressCheck,
  withdrawCrypto,
} from '@contract/crypto';
import { adminCryptoPairList, adminCryptoPairUpdate } from '@contract/crypto-desk';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { updateCryptoPair } from './desk';
import { cryptoPairsOf, pairTerms } from './pairs';
import { checkWithdrawalAddress, cryptoDepositsOf, depositAddress, requestCryptoWithdrawal } from './player';

export function cryptoRoutes(deps: PlayerDeps) {
  return [
    route(cryptoAssetQuery, async () => (await cryptoPairsOf(deps.db)).map(pairTerms)),
    route(depositAddressQuery, (context) => depositAddress(deps, context.principal, context.body)),
    route(withdrawalAddressCheck, (context) =>
      checkWithdrawalAddress(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(withdrawCrypto, (context) =>
      // The router has already refused a call without a well-formed key.
      requestCryptoWithdrawal(
        deps,
        playerRequestOf(context),
        context.principal,
        context.body,
        context.idempotencyKey as string,
      ),
    ),
    route(cryptoDepositList, (context) => cryptoDepositsOf(deps, context.principal, context.body)),
    route(adminCryptoPairList, async () => (await cryptoPairsOf(deps.db)).map(pairTerms)),
    route(adminCryptoPairUpdate, (context) =>
      updateCryptoPair(deps, playerRequestOf(context), context.principal, context.body),
    ),
  ];
}
