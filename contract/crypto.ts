import * as v from 'valibot';
import { withdrawal } from './draw';
import { emptyBody, endpoint } from './endpoint';
import {
  addressMemo,
  baseUnits,
  basisPoints,
  chainAddress,
  coin,
  cryptoAsset,
  decimalRate,
  network,
  payPasswordInput,
  positiveBaseUnits,
} from './money';

/** One (coin, network) pair with its limits; every amount is in the coin's base unit. */
const cryptoAssetTerms = v.object({
  coin,
  network,
  /** Display name, such as "Tether USD". */
  name: v.string(),
  /** Base units per whole coin as a power of ten (6 for USDT on TRC20, 18 for ETH). */
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
  depositEnabled: v.boolean(),
  withdrawalEnabled: v.boolean(),
  minDeposit: baseUnits,
  minWithdrawal: baseUnits,
  maxWithdrawal: baseUnits,
  withdrawalFee: baseUnits,
  damageRateBasisPoints: basisPoints,
  /** Confirmations before a deposit is credited. */
  confirmations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Game coins credited per whole coin at the current rate. */
  gameCoinsPerCoin: decimalRate,
});
export type CryptoAssetTerms = v.InferOutput<typeof cryptoAssetTerms>;

export const cryptoAssetQuery = endpoint({
  path: '/v2/cpp/coins',
  access: 'user',
  summary: 'The crypto assets (coin and network pairs) the hall accepts, with limits, fees and rates',
  body: emptyBody,
  data: v.array(cryptoAssetTerms),
});

export const depositAddressQuery = endpoint({
  path: '/v2/cpp/coins/deposit/address',
  access: 'user',
  summary: 'The player’s own deposit address for one coin on one network, created on first request',
  body: cryptoAsset,
  data: v.object({
    coin,
    network,
    address: v.string(),
    /** Tag or memo some networks need besides the address; null when not used. */
    memo: v.nullable(v.string()),
    minDeposit: baseUnits,
    confirmations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});

const withdrawalTarget = v.object({ coin, network, address: chainAddress, memo: v.optional(addressMemo) });

export const withdrawalAddressCheck = endpoint({
  path: '/v2/cpp/coins/withdrawal/address/validit',
  access: 'user',
  summary: 'Whether an address is valid for the network and allowed (same network as the player’s deposits)',
  body: withdrawalTarget,
  data: v.object({
    valid: v.boolean(),
    /** Why the address was refused: bad format, not the network of the player's deposits, or blocked. */
    reason: v.nullable(v.picklist(['format', 'networkMismatch', 'blocked'])),
  }),
});

export const withdrawCrypto = endpoint({
  path: '/v2/cpp/coins/withdraw',
  access: 'user',
  summary: 'Request a crypto withdrawal of an amount in base units; held until an operator reviews it',
  idempotent: true,
  body: v.object({ ...withdrawalTarget.entries, amount: positiveBaseUnits, payPassword: payPasswordInput }),
  data: withdrawal,
});
