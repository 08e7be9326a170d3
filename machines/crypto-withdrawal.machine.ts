/**
 * crypto-withdraw: a withdrawal of game coins paid out as a coin on one network, from the choice of
 * the pair to the payout (docs/requirements.md §5.6, §5.13).
 *
 * States:
 * - requesting: the money-request machine (machines/money-request.machine.ts) fetches the terms (the
 *   pairs the hall pays out, with their limits and fees, and the player's profile) and opens the
 *   gates a yen withdrawal has too: verified identity (or one under review), then a payment password;
 *   no pair taking withdrawals is its `noChannel`. Then its form is the cryptoWithdrawForm machine
 *   below, and it has the server hold the coins for review with one Idempotency-Key per request, so
 *   a double click or a retry holds once; no answer offers a retry with the same key, or the way
 *   back to the password (a new key).
 * - following: the order-follow machine follows the request every five seconds until it settles:
 *   an operator reviews it (withdrawalReview), then it is sent on chain (withdrawing); it ends in
 *   withdrawalSuccessful, with the transaction hash, or withdrawalFailed, with the reason (the coins
 *   are back in the balance). A new withdrawal starts from fresh terms, as the balance has changed.
 *
 * The form (cryptoWithdrawForm), started when the request's form opens and kept until the request is
 * answered:
 * - choosingPair: the coin and its network, one choice: a pair is the asset (USDT on TRC20 and USDT
 *   on ERC20 are different coins to the chain).
 * - enteringAddress: the destination, checked by the server as it is typed, so a wrong address is
 *   said before any amount is entered:
 *   - empty: nothing typed yet.
 *   - typing: the address changed; after `addressDebounce` without another change it is checked
 *     (every key would otherwise be a call).
 *   - checking: the server says whether the address fits the network and is allowed.
 *   - accepted: it may be used; the player goes on to the amount.
 *   - refused: with the server's reason and sentence (not an address, a typo in the checksum, an
 *     address of another network, not the network the player deposits on, no deposit yet, the
 *     player's own deposit address, another deposit address of the hall).
 *   - checkFailed: no answer; the player may check again.
 * - enteringAmount: the minimum, maximum and fee are shown before entry; as the amount is typed
 *   (`amount.changed`) the fee, what arrives on chain and the game coins held for it are shown
 *   (`selectTypedQuote`); `amount.max` types the most the balance and the pair's maximum allow, the
 *   fee being part of the amount. An amount in range that the balance covers goes on.
 * - confirming: the amount, fee, what arrives and the game coins held are shown again, and the
 *   payment password confirms the request, which goes to the request as its body;
 *   the form stays here, disabled while the request is on its way, and a refusal of the server comes
 *   back here with its sentence (`request.refused`).
 */

import type { Profile } from '@contract/auth';
import type { AddressRefusal, CryptoAssetTerms } from '@contract/crypto';
import {
  coinAmountText,
  compareUnits,
  parseCoinAmount,
  unitsLess,
  withdrawableUnits,
  withdrawalCoins,
} from '@contract/crypto-amount';
import { addressMemo, chainAddress, payPasswordInput } from '@contract/money';
import type { Withdrawal } from '@contract/withdrawal';
import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, sendParent, setup } from 'xstate';
import {
  moneyRequestMachine,
  payoutGates,
  type RequestFormInput,
  type RequestInput,
  type RequestRefused,
} from './money-request.machine';
import { orderFollowMachine } from './order-follow.machine';
import { settledWithdrawalStatuses, withdrawalMachine } from './withdrawal.machine';

export type CryptoWithdrawal = Extract<Withdrawal, { method: 'crypto' }>;

/** What the page starts from: the request's prerequisites. */
export interface CryptoWithdrawTerms {
  profile: Pick<Profile, 'balance' | 'kycStatus' | 'hasPayPassword'>;
  assets: CryptoAssetTerms[];
}

export interface CryptoPair {
  coin: string;
  network: string;
}

export interface AddressCheck {
  valid: boolean;
  reason: AddressRefusal | null;
  /** The refusal in the player's language, naming the networks concerned. */
  message: string | null;
}

export interface CryptoWithdrawalBody extends CryptoPair {
  address: string;
  /** In base units. */
  amount: string;
  payPassword: string;
}

export type CryptoWithdrawalRequest = RequestInput<CryptoWithdrawalBody>;

/** The address form: the bounds of the contract; the network's own format is the server's check. */
export const cryptoAddressForm = v.object({ address: chainAddress, memo: v.optional(addressMemo) });

/** The payment password form. */
export const cryptoPayPasswordForm = v.object({ payPassword: payPasswordInput });

/** The pair's terms among those offered. */
export function termsOf(assets: readonly CryptoAssetTerms[], pair: CryptoPair | null): CryptoAssetTerms | null {
  return pair ? (assets.find((asset) => asset.coin === pair.coin && asset.network === pair.network) ?? null) : null;
}

/**
 * The amount form of one pair: typed in whole coins, at most the coin's decimals, within the pair's
 * minimum and maximum, and no more than the balance covers. The view translates the range message
 * with the pair's limits, and the balance's with the most it covers (`maxAmountOf`).
 */
export function cryptoAmountForm(terms: CryptoAssetTerms, balance: number) {
  return v.object({
    amount: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('validation.amountRequired'),
      v.check((text) => parseCoinAmount(text, terms.decimals) !== null, 'validation.amountFormat'),
      v.check((text) => amountInRange(parseCoinAmount(text, terms.decimals), terms), 'validation.amountRange'),
      v.check(
        (text) => coveredBy(balance, terms, parseCoinAmount(text, terms.decimals) ?? '0'),
        maxAmountOf(terms, balance) === null ? 'validation.balanceBelowMinimum' : 'validation.amountOverBalance',
      ),
    ),
  });
}

/** The game coins held for a withdrawal of `units` of the pair, fee included, at the pair's rate. */
function coinsFor(terms: CryptoAssetTerms, units: string): bigint {
  return withdrawalCoins(BigInt(units), terms.decimals, terms.gameCoinsPerCoin, terms.damageRateBasisPoints);
}

/** The balance as the whole game coins a withdrawal may hold. */
const wholeCoins = (balance: number) => BigInt(Math.max(0, Math.floor(balance)));

/** Whether the balance covers the coins a withdrawal of `units` holds. */
function coveredBy(balance: number, terms: CryptoAssetTerms, units: string): boolean {
  return coinsFor(terms, units) <= wholeCoins(balance);
}

/**
 * The most a withdrawal of the pair may be for, in base units: the pair's maximum, or less when the
 * balance covers less (the fee is part of the amount, so it needs no room of its own). Null when the
 * balance does not cover the pair's minimum.
 */
export function maxAmountOf(terms: CryptoAssetTerms, balance: number): string | null {
  const covered = withdrawableUnits(
    wholeCoins(balance),
    terms.decimals,
    terms.gameCoinsPerCoin,
    terms.damageRateBasisPoints,
  );
  const pairMax = BigInt(terms.maxWithdrawal);
  const max = covered === null || covered > pairMax ? pairMax : covered;
  return max >= BigInt(terms.minWithdrawal) ? max.toString() : null;
}

/**
 * What a withdrawal of `units` of the pair costs and brings: the pair's fee and what arrives on
 * chain (in base units), and the game coins held for it (those the server holds, rounded up).
 */
export interface WithdrawalQuote {
  amount: string;
  fee: string;
  received: string;
  coins: number;
}

/**
 * The quote of an amount as typed, or null while it is not one the request may be for: not an
 * amount, outside the pair's limits, or more than the balance covers.
 */
export function quoteOf(terms: CryptoAssetTerms, balance: number, typed: string): WithdrawalQuote | null {
  const amount = parseCoinAmount(typed, terms.decimals);
  if (!amountInRange(amount, terms) || !coveredBy(balance, terms, amount)) return null;
  return quoteFor(terms, amount);
}

function quoteFor(terms: CryptoAssetTerms, amount: string): WithdrawalQuote {
  return {
    amount,
    fee: terms.withdrawalFee,
    received: unitsLess(amount, terms.withdrawalFee),
    coins: Number(coinsFor(terms, amount)),
  };
}

function amountInRange(
  units: string | null,
  terms: Pick<CryptoAssetTerms, 'minWithdrawal' | 'maxWithdrawal'>,
): units is string {
  return (
    units !== null && compareUnits(units, terms.minWithdrawal) >= 0 && compareUnits(units, terms.maxWithdrawal) <= 0
  );
}

/** The pairs a withdrawal may use now. */
const payableAssets = (terms: CryptoWithdrawTerms) => terms.assets.filter((asset) => asset.withdrawalEnabled);

/* ------------------------------------------------------------------ the form */

export interface CryptoWithdrawFormContext {
  terms: CryptoWithdrawTerms;
  pair: CryptoPair | null;
  address: string;
  /** Why the server refused the address, with its sentence. */
  addressRefusal: { reason: AddressRefusal; message: string | null } | null;
  /** The amount as typed in whole coins, or as the max button typed it. */
  typedAmount: string;
  /** In base units, once an amount in range was entered. */
  amount: string | null;
  /** The server's sentence when it refused the request last sent. */
  refusal: string | null;
}

export type CryptoWithdrawFormEvent =
  | ({ type: 'pair.chosen' } & CryptoPair)
  | { type: 'pair.change' }
  | { type: 'address.changed'; address: string }
  | { type: 'address.recheck' }
  | { type: 'address.confirm' }
  | { type: 'amount.changed'; amount: string }
  | { type: 'amount.max' }
  | { type: 'amount.submit'; amount: string }
  | { type: 'step.back' }
  | { type: 'withdraw.submit'; payPassword: string }
  | RequestRefused;

/** What the form tells the request it belongs to: the body to send. */
interface FormSubmit {
  type: 'form.submit';
  body: CryptoWithdrawalBody;
}

export const cryptoWithdrawForm = setup({
  types: {
    context: {} as CryptoWithdrawFormContext,
    events: {} as CryptoWithdrawFormEvent,
    input: {} as RequestFormInput<CryptoWithdrawTerms>,
  },
  actors: {
    checkAddress: fromPromise<AddressCheck, CryptoPair & { address: string }>(async () => {
      throw new Error('checkAddress must be provided');
    }),
  },
  delays: {
    addressDebounce: 400,
  },
  actions: {
    /** Hands the request the body to send. */
    submitForm: sendParent(
      ({ context }, payPassword: string): FormSubmit => ({
        type: 'form.submit',
        body: {
          coin: context.pair?.coin ?? '',
          network: context.pair?.network ?? '',
          address: context.address,
          amount: context.amount ?? '0',
          payPassword,
        },
      }),
    ),
  },
  guards: {
    pairPayable: ({ context }, pair: CryptoPair) => termsOf(payableAssets(context.terms), pair) !== null,
    addressEmpty: (_, address: string) => address.trim() === '',
    addressValid: (_, check: AddressCheck) => check.valid,
    amountAllowed: ({ context }, amount: string) => {
      const terms = termsOf(context.terms.assets, context.pair);
      return terms !== null && quoteOf(terms, context.terms.profile.balance, amount) !== null;
    },
    maxReachable: ({ context }) => {
      const terms = termsOf(context.terms.assets, context.pair);
      return terms !== null && maxAmountOf(terms, context.terms.profile.balance) !== null;
    },
    passwordTyped: (_, payPassword: string) => v.is(payPasswordInput, payPassword),
  },
}).createMachine({
  id: 'cryptoWithdrawForm',
  context: ({ input }) => ({
    terms: input.prerequisites,
    pair: null,
    address: '',
    addressRefusal: null,
    typedAmount: '',
    amount: null,
    refusal: null,
  }),
  initial: 'choosingPair',
  states: {
    choosingPair: {
      on: {
        'pair.chosen': {
          guard: { type: 'pairPayable', params: ({ event }) => ({ coin: event.coin, network: event.network }) },
          target: 'enteringAddress',
          // An address checked for another network says nothing about this one.
          actions: assign({
            pair: ({ event }) => ({ coin: event.coin, network: event.network }),
            address: '',
            addressRefusal: null,
            typedAmount: '',
            amount: null,
          }),
        },
      },
    },
    enteringAddress: {
      initial: 'empty',
      on: {
        'address.changed': [
          {
            guard: { type: 'addressEmpty', params: ({ event }) => event.address },
            target: '.empty',
            actions: assign({ address: '', addressRefusal: null }),
          },
          {
            target: '.typing',
            reenter: true,
            actions: assign({ address: ({ event }) => event.address.trim(), addressRefusal: null }),
          },
        ],
        'pair.change': { target: 'choosingPair' },
      },
      states: {
        empty: {},
        typing: {
          after: { addressDebounce: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'checkAddress',
            src: 'checkAddress',
            input: ({ context }) => ({
              coin: context.pair?.coin ?? '',
              network: context.pair?.network ?? '',
              address: context.address,
            }),
            onDone: [
              { guard: { type: 'addressValid', params: ({ event }) => event.output }, target: 'accepted' },
              {
                target: 'refused',
                actions: assign({
                  addressRefusal: ({ event }) => ({
                    reason: event.output.reason ?? 'format',
                    message: event.output.message,
                  }),
                }),
              },
            ],
            onError: { target: 'checkFailed' },
          },
        },
        accepted: {
          on: { 'address.confirm': { target: '#cryptoWithdrawForm.enteringAmount' } },
        },
        refused: {},
        checkFailed: {
          on: { 'address.recheck': { target: 'checking' } },
        },
      },
    },
    enteringAmount: {
      on: {
        'amount.changed': { actions: assign({ typedAmount: ({ event }) => event.amount }) },
        'amount.max': {
          guard: 'maxReachable',
          actions: assign({
            typedAmount: ({ context }) => {
              const terms = termsOf(context.terms.assets, context.pair);
              const max = terms && maxAmountOf(terms, context.terms.profile.balance);
              return terms && max ? coinAmountText(max, terms.decimals) : context.typedAmount;
            },
          }),
        },
        'amount.submit': {
          guard: { type: 'amountAllowed', params: ({ event }) => event.amount },
          target: 'confirming',
          actions: assign({
            typedAmount: ({ event }) => event.amount.trim(),
            amount: ({ context, event }) =>
              parseCoinAmount(event.amount, termsOf(context.terms.assets, context.pair)?.decimals ?? 0),
            refusal: null,
          }),
        },
        'step.back': { target: 'enteringAddress.accepted' },
      },
    },
    confirming: {
      on: {
        'withdraw.submit': {
          guard: { type: 'passwordTyped', params: ({ event }) => event.payPassword },
          actions: [assign({ refusal: null }), { type: 'submitForm', params: ({ event }) => event.payPassword }],
        },
        'request.refused': { actions: assign({ refusal: ({ event }) => event.message }) },
        'step.back': { target: 'enteringAmount', actions: assign({ refusal: null }) },
      },
    },
  },
});

/* ------------------------------------------------------------------ the request and the withdrawal */

/** The withdrawal's front: the terms and gates, the form, and the coins held once. */
export const cryptoWithdrawRequest = moneyRequestMachine<CryptoWithdrawTerms, CryptoWithdrawalBody, CryptoWithdrawal>({
  gates: { ...payoutGates, noChannel: (terms) => payableAssets(terms).length === 0 },
  form: cryptoWithdrawForm,
});

/** Follows a crypto withdrawal every five seconds until it is paid out or has failed. */
export const cryptoWithdrawalFollow = orderFollowMachine<CryptoWithdrawal>({
  settledStatuses: settledWithdrawalStatuses,
  pollMs: 5_000,
});

export const cryptoWithdrawMachine = withdrawalMachine('cryptoWithdraw', cryptoWithdrawRequest, cryptoWithdrawalFollow);

export type CryptoWithdrawSnapshot = SnapshotFrom<typeof cryptoWithdrawMachine>;
export type CryptoWithdrawRequestSnapshot = SnapshotFrom<typeof cryptoWithdrawRequest>;
export type CryptoWithdrawFormSnapshot = SnapshotFrom<typeof cryptoWithdrawForm>;
export type CryptoWithdrawFormActor = ActorRefFrom<typeof cryptoWithdrawForm>;

/** The view to show: the form or the request being followed (cancelling is part of following). */
export const selectCryptoWithdrawStage = (snapshot: CryptoWithdrawSnapshot) =>
  snapshot.matches('following') ? 'following' : 'requesting';
/** Whether a cancel is on its way: the button waits for the answer. */
export const selectCryptoWithdrawCancelling = (snapshot: CryptoWithdrawSnapshot) =>
  snapshot.matches({ following: 'cancelling' });
/** The server's sentence when it refused the last cancel. */
export const selectCryptoCancelRefusal = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.cancelRefusal;
/** The front of a new withdrawal while the page shows one: the gates and the form are read from it. */
export const selectCryptoWithdrawRequest = (snapshot: CryptoWithdrawSnapshot) => snapshot.children.request;
/** The follower of the request once it is made: the views read the request from it. */
export const selectCryptoWithdrawalFollower = (snapshot: CryptoWithdrawSnapshot) => snapshot.children.followWithdrawal;
/** The request's form, from the moment it opens until the request is answered. */
export const selectCryptoWithdrawForm = (snapshot: CryptoWithdrawRequestSnapshot) =>
  snapshot.children.form as CryptoWithdrawFormActor | undefined;

export type CryptoWithdrawStep = 'choosingPair' | 'enteringAddress' | 'enteringAmount' | 'confirming';

/** The form's step: the top-level state. */
export const selectCryptoWithdrawStep = (snapshot: CryptoWithdrawFormSnapshot): CryptoWithdrawStep =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as CryptoWithdrawStep;

/** Where the address check stands while the address is entered. */
export const selectAddressCheck = (snapshot: CryptoWithdrawFormSnapshot) =>
  typeof snapshot.value === 'object' && 'enteringAddress' in snapshot.value ? snapshot.value.enteringAddress : null;

/** The pairs the player may choose. */
export const selectPayableAssets = (snapshot: CryptoWithdrawFormSnapshot) => payableAssets(snapshot.context.terms);

/** The chosen pair's terms: limits, fee, decimals. */
export const selectChosenTerms = (snapshot: CryptoWithdrawFormSnapshot) =>
  termsOf(snapshot.context.terms.assets, snapshot.context.pair);

export const selectBalance = (snapshot: CryptoWithdrawFormSnapshot) => snapshot.context.terms.profile.balance;
export const selectAddress = (snapshot: CryptoWithdrawFormSnapshot) => snapshot.context.address;
export const selectAddressRefusal = (snapshot: CryptoWithdrawFormSnapshot) => snapshot.context.addressRefusal;
export const selectRefusal = (snapshot: CryptoWithdrawFormSnapshot) => snapshot.context.refusal;

/** The amount as typed (the field starts from it when the step opens again). */
export const selectTypedAmount = (snapshot: CryptoWithdrawFormSnapshot) => snapshot.context.typedAmount;

/** The quote of the amount as typed; null while it is not one the request may be for. */
export const selectTypedQuote = (snapshot: CryptoWithdrawFormSnapshot): WithdrawalQuote | null => {
  const terms = selectChosenTerms(snapshot);
  return terms ? quoteOf(terms, snapshot.context.terms.profile.balance, snapshot.context.typedAmount) : null;
};

/** The most the max button types, in base units; null when the balance does not cover the minimum. */
export const selectMaxAmount = (snapshot: CryptoWithdrawFormSnapshot) => {
  const terms = selectChosenTerms(snapshot);
  return terms ? maxAmountOf(terms, snapshot.context.terms.profile.balance) : null;
};

/** The quote of the amount entered, confirmed with the password; null before an amount is in. */
export const selectAmountQuote = (snapshot: CryptoWithdrawFormSnapshot): WithdrawalQuote | null => {
  const terms = selectChosenTerms(snapshot);
  const amount = snapshot.context.amount;
  return terms && amount !== null ? quoteFor(terms, amount) : null;
};
