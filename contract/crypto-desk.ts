// The desk's crypto pairs: which (coin, network) pairs the hall accepts and on what terms.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { cryptoAssetTerms } from './crypto';
import { emptyBody, endpoint } from './endpoint';
import { baseUnits, basisPoints, coin, decimalRate, network, reasonInput } from './money';

export const adminCryptoPairList = endpoint({
  path: '/v2/admin/crypto/pairs',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary: 'Every crypto pair with its terms, enabled or not',
  body: emptyBody,
  data: v.array(cryptoAssetTerms),
});

export const adminCryptoPairUpdate = endpoint({
  path: '/v2/admin/crypto/pairs/update',
  access: 'admin',
  roles: deskRoles.money,
  summary:
    'Change a pair’s terms (switches, limits, fee, confirmations, rate) with a reason; deposits already seen keep the rate they were seen at',
  body: v.object({
    coin,
    network,
    depositEnabled: v.boolean(),
    withdrawalEnabled: v.boolean(),
    minDeposit: baseUnits,
    confirmations: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
    minWithdrawal: baseUnits,
    maxWithdrawal: baseUnits,
    withdrawalFee: baseUnits,
    damageRateBasisPoints: basisPoints,
    gameCoinsPerCoin: decimalRate,
    reason: reasonInput,
  }),
  data: cryptoAssetTerms,
});
