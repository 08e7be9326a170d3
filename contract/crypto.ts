import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, listQuery, pageOf } from './endpoint';
import {
  addressMemo,
  amount,
  baseUnits,
  basisPoints,
  chainAddress,
  coin,
  cryptoAsset,
  cryptoDepositStatuses,
  decimalRate,
  network,
  payPasswordInput,
  positiveBaseUnits,
} from './money';
import { withdrawal } from './withdrawal';

/**
 * Why an address was refused: `format` (not an address of any network the hall knows), `checksum`
 * (the right shape, a wrong checksum: a typo), `otherNetwork` (an address of another network than
 * the one chosen), `networkMismatch` (the player's deposits came on another network), `noDeposit`
 * (the player has no deposit on any network yet), `ownDepositAddress` (the player's own deposit
 * address: what is sent there comes back as a deposit), `hallDepositAddress` (another deposit
 * address of the hall). No network the hall offers takes a memo, so none is refused for lacking one.
 */
export const addressRefusals = [
  'format',
  'checksum',
  'otherNetwork',
  'networkMismatch',
  'noDeposit',
  'ownDepositAddress',
  'hallDepositAddress',
] as const;
export type AddressRefusal = (typeof addressRefusals)[number];

/** One (coin, network) pair with its limits; every amount is in the coin's base unit. */
export const cryptoAssetTerms = v.object({
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
    reason: v.nullable(v.picklist(addressRefusals)),
    /** The refusal in the caller's language (it names the networks concerned); null when valid. */
    message: v.nullable(v.string()),
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

const cryptoDeposit = v.object({
  orderSn: v.string(),
  coin,
  network,
  address: v.string(),
  txHash: v.string(),
  outputIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Received on chain, in the coin's base unit. */
  cryptoAmount: baseUnits,
  confirmations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  requiredConfirmations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** While confirming: about how long the confirmations still missing take, at the network's block time; else null. */
  secondsLeft: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  status: v.picklist(cryptoDepositStatuses),
  /** Game coins per whole coin in force when the deposit was first seen; the credit uses it. */
  gameCoinsPerCoin: decimalRate,
  /** Game coins credited, or to be credited once confirmed (0 below the minimum). */
  coins: amount,
  createdAt: isoDateTime,
  creditedAt: v.nullable(isoDateTime),
});
export type CryptoDeposit = v.InferOutput<typeof cryptoDeposit>;

export const cryptoDepositList = endpoint({
  path: '/v2/cpp/coins/deposit/page',
  access: 'user',
  summary: 'The player’s crypto deposits seen on chain, newest first, with their confirmations so far',
  body: v.optional(
    listQuery({
      coin: v.optional(coin),
      network: v.optional(network),
      status: v.optional(v.picklist(cryptoDepositStatuses)),
    }),
    {},
  ),
  data: pageOf(cryptoDeposit),
});

/**
 * The chain simulator's sandbox (development and tests only, never in production): plain JSON
 * POSTs under this path, outside the player API, used by `npm run chain` and the sandbox page.
 */
export const chainSandboxPath = '/dev/chain';

/** `POST /dev/chain/send`: a transaction paying `amount` base units of the coin to the address. */
export const chainSendBody = v.object({ network, coin, address: chainAddress, amount: positiveBaseUnits });
export const chainTransaction = v.object({
  txHash: v.string(),
  outputIndex: v.number(),
  network,
  coin,
  address: v.string(),
  amount: baseUnits,
  blockHeight: v.number(),
  confirmations: v.number(),
  dropped: v.boolean(),
});
/** `POST /dev/chain/mine`: adds blocks to one network, or to every network without one. */
export const chainMineBody = v.object({
  network: v.optional(network),
  blocks: v.optional(
    v.pipe(
      v.number('validation.blocks'),
      v.integer('validation.blocks'),
      v.minValue(1, 'validation.blocks'),
      v.maxValue(1000, 'validation.blocks'),
    ),
    1,
  ),
});
/** `POST /dev/chain/drop`: the transaction leaves the chain, as in a reorganisation. */
export const chainDropBody = v.object({ txHash: v.pipe(v.string(), v.regex(/^(0x)?[0-9a-f]{64}$/)) });
