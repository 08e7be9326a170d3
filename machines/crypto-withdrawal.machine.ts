/**
 * crypto-withdraw: a withdrawal of game coins paid out as a coin on one network, from the choice of
 * the pair to the payout (docs/requirements.md §5.6, §5.13).
 *
 * States:
 * - loadingTerms: the pairs the hall pays out (with their limits and fees) and the player's profile
 *   are fetched; they decide where the page starts.
 * - termsUnavailable: they could not be fetched; the page offers a retry.
 * - needsKyc: as for a yen withdrawal, identity must be verified before coins leave the hall (the
 *   first closed gate is shown): it is not, and nothing is under review.
 * - awaitingKycReview: identity photos are sent and wait for an operator's review.
 * - needsPayPassword: no payment password is set, and the request is confirmed with it.
 * - noAsset: no pair takes withdrawals right now.
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
 *     address of another network, not the network the player deposits on, no deposit yet, blocked).
 *   - checkFailed: no answer; the player may check again.
 * - enteringAmount: the minimum, maximum and fee are shown before entry; an amount in range goes on.
 * - confirming: the payment password confirms the request; a refusal of the server comes back here
 *   with its sentence.
 * - submitting: the server holds the coins for review. One Idempotency-Key per request: a retry
 *   after no answer reuses it, so a double click or a retry holds once.
 * - interrupted: no answer came; retry with the same key, or go back to the password (a new key).
 * - inReview: an operator reviews the request, then it is paid out; it is fetched again every
 *   `reviewPoll` (`inReview.checking`); a failed check is tried again at the next interval.
 * - paid: sent on chain, with the transaction hash.
 * - failed: refused or not paid out, with the reason; the coins are back in the balance.
 */

import type { Profile } from '@contract/auth';
import type { AddressRefusal, CryptoAssetTerms } from '@contract/crypto';
import { compareUnits, parseCoinAmount, unitsLess } from '@contract/crypto-amount';
import { addressMemo, chainAddress, payPasswordInput } from '@contract/money';
import type { Withdrawal } from '@contract/withdrawal';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { answerMissing } from './call-refusals';

export type CryptoWithdrawal = Extract<Withdrawal, { method: 'crypto' }>;

/** What the page starts from. */
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
  amount: string;
  payPassword: string;
}

export interface CryptoWithdrawContext {
  terms: CryptoWithdrawTerms | null;
  pair: CryptoPair | null;
  address: string;
  /** Why the server refused the address, with its sentence. */
  addressRefusal: { reason: AddressRefusal; message: string | null } | null;
  /** In base units, once an amount in range was entered. */
  amount: string | null;
  /** Kept only while the request is on its way, for a retry with the same key. */
  payPassword: string;
  idempotencyKey: string | null;
  /** The server's sentence when it refused the request. */
  refusal: string | null;
  withdrawal: CryptoWithdrawal | null;
}

export type CryptoWithdrawEvent =
  | { type: 'terms.retry' }
  | ({ type: 'pair.chosen' } & CryptoPair)
  | { type: 'pair.change' }
  | { type: 'address.changed'; address: string }
  | { type: 'address.recheck' }
  | { type: 'address.confirm' }
  | { type: 'amount.submit'; amount: string }
  | { type: 'step.back' }
  | { type: 'withdraw.submit'; payPassword: string }
  | { type: 'submit.retry' }
  | { type: 'submit.edit' }
  | { type: 'withdraw.again' };

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
 * minimum and maximum. The view translates the range message with the pair's limits.
 */
export function cryptoAmountForm(terms: Pick<CryptoAssetTerms, 'decimals' | 'minWithdrawal' | 'maxWithdrawal'>) {
  return v.object({
    amount: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('validation.amountRequired'),
      v.check((text) => parseCoinAmount(text, terms.decimals) !== null, 'validation.amountFormat'),
      v.check((text) => amountInRange(parseCoinAmount(text, terms.decimals), terms), 'validation.amountRange'),
    ),
  });
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

const settledIn = (status: Withdrawal['status']) =>
  status === 'withdrawalSuccessful' ? 'paid' : status === 'withdrawalFailed' ? 'failed' : null;

export const cryptoWithdrawMachine = setup({
  types: {
    context: {} as CryptoWithdrawContext,
    events: {} as CryptoWithdrawEvent,
  },
  actors: {
    loadTerms: fromPromise<CryptoWithdrawTerms>(async () => {
      throw new Error('loadTerms must be provided');
    }),
    checkAddress: fromPromise<AddressCheck, CryptoPair & { address: string }>(async () => {
      throw new Error('checkAddress must be provided');
    }),
    sendWithdrawal: fromPromise<CryptoWithdrawal, { body: CryptoWithdrawalBody; idempotencyKey: string }>(async () => {
      throw new Error('sendWithdrawal must be provided');
    }),
    fetchWithdrawal: fromPromise<CryptoWithdrawal, { orderSn: string }>(async () => {
      throw new Error('fetchWithdrawal must be provided');
    }),
  },
  delays: {
    addressDebounce: 400,
    reviewPoll: 5_000,
  },
  actions: {
    /** The withdrawal or the balance changed on the server: refetch the balance and the records. */
    withdrawalChanged: () => {},
    storeTerms: assign({ terms: (_, terms: CryptoWithdrawTerms) => terms }),
    storeWithdrawal: assign({ withdrawal: (_, withdrawal: CryptoWithdrawal) => withdrawal }),
    /** A new withdrawal starts from fresh terms (the balance has changed) and an empty form. */
    forgetRequest: assign({
      pair: null,
      address: '',
      addressRefusal: null,
      amount: null,
      refusal: null,
      withdrawal: null,
    }),
  },
  guards: {
    needsKyc: (_, terms: CryptoWithdrawTerms) => terms.profile.kycStatus !== 'approved',
    kycUnderReview: (_, terms: CryptoWithdrawTerms) => terms.profile.kycStatus === 'pendingReview',
    noPayPassword: (_, terms: CryptoWithdrawTerms) => !terms.profile.hasPayPassword,
    noPayableAsset: (_, terms: CryptoWithdrawTerms) => payableAssets(terms).length === 0,
    pairPayable: ({ context }, pair: CryptoPair) =>
      Boolean(context.terms && termsOf(payableAssets(context.terms), pair)),
    addressEmpty: (_, address: string) => address.trim() === '',
    addressValid: (_, check: AddressCheck) => check.valid,
    amountInRange: ({ context }, amount: string) => {
      const terms = termsOf(context.terms?.assets ?? [], context.pair);
      return terms !== null && amountInRange(parseCoinAmount(amount, terms.decimals), terms);
    },
    passwordTyped: (_, payPassword: string) => v.is(payPasswordInput, payPassword),
    /** Reads the error event of the invoked call. */
    noAnswer: ({ event }) => answerMissing((event as { error?: unknown }).error),
    isPaid: (_, withdrawal: CryptoWithdrawal) => settledIn(withdrawal.status) === 'paid',
    isFailed: (_, withdrawal: CryptoWithdrawal) => settledIn(withdrawal.status) === 'failed',
  },
}).createMachine({
  id: 'cryptoWithdraw',
  context: {
    terms: null,
    pair: null,
    address: '',
    addressRefusal: null,
    amount: null,
    payPassword: '',
    idempotencyKey: null,
    refusal: null,
    withdrawal: null,
  },
  initial: 'loadingTerms',
  states: {
    loadingTerms: {
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: [
          {
            guard: { type: 'kycUnderReview', params: ({ event }) => event.output },
            target: 'awaitingKycReview',
          },
          { guard: { type: 'needsKyc', params: ({ event }) => event.output }, target: 'needsKyc' },
          { guard: { type: 'noPayPassword', params: ({ event }) => event.output }, target: 'needsPayPassword' },
          {
            guard: { type: 'noPayableAsset', params: ({ event }) => event.output },
            target: 'noAsset',
            actions: { type: 'storeTerms', params: ({ event }) => event.output },
          },
          { target: 'choosingPair', actions: { type: 'storeTerms', params: ({ event }) => event.output } },
        ],
        onError: { target: 'termsUnavailable' },
      },
    },
    termsUnavailable: {
      on: { 'terms.retry': { target: 'loadingTerms' } },
    },
    needsKyc: {},
    awaitingKycReview: {},
    needsPayPassword: {},
    noAsset: {},
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
          on: { 'address.confirm': { target: '#cryptoWithdraw.enteringAmount' } },
        },
        refused: {},
        checkFailed: {
          on: { 'address.recheck': { target: 'checking' } },
        },
      },
    },
    enteringAmount: {
      on: {
        'amount.submit': {
          guard: { type: 'amountInRange', params: ({ event }) => event.amount },
          target: 'confirming',
          actions: assign({
            amount: ({ context, event }) =>
              parseCoinAmount(event.amount, termsOf(context.terms?.assets ?? [], context.pair)?.decimals ?? 0),
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
          target: 'submitting',
          actions: assign({
            payPassword: ({ event }) => event.payPassword,
            idempotencyKey: () => crypto.randomUUID(),
            refusal: null,
          }),
        },
        'step.back': { target: 'enteringAmount', actions: assign({ refusal: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'sendWithdrawal',
        src: 'sendWithdrawal',
        input: ({ context }) => ({
          body: {
            coin: context.pair?.coin ?? '',
            network: context.pair?.network ?? '',
            address: context.address,
            amount: context.amount ?? '0',
            payPassword: context.payPassword,
          },
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'inReview',
          actions: [
            assign({ withdrawal: ({ event }) => event.output, payPassword: '', idempotencyKey: null }),
            'withdrawalChanged',
          ],
        },
        onError: [
          { guard: 'noAnswer', target: 'interrupted' },
          {
            // An answer: nothing was held; the next attempt is a new request with a new key.
            target: 'confirming',
            actions: assign({
              refusal: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
              payPassword: '',
              idempotencyKey: null,
            }),
          },
        ],
      },
    },
    interrupted: {
      on: {
        'submit.retry': { target: 'submitting' },
        'submit.edit': { target: 'confirming', actions: assign({ payPassword: '', idempotencyKey: null }) },
      },
    },
    inReview: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { reviewPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'fetchWithdrawal',
            src: 'fetchWithdrawal',
            input: ({ context }) => ({ orderSn: context.withdrawal?.orderSn ?? '' }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => event.output },
                target: '#cryptoWithdraw.paid',
                actions: [{ type: 'storeWithdrawal', params: ({ event }) => event.output }, 'withdrawalChanged'],
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => event.output },
                target: '#cryptoWithdraw.failed',
                actions: [{ type: 'storeWithdrawal', params: ({ event }) => event.output }, 'withdrawalChanged'],
              },
              { target: 'waiting', actions: { type: 'storeWithdrawal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    paid: {
      on: { 'withdraw.again': { target: 'loadingTerms', actions: 'forgetRequest' } },
    },
    failed: {
      on: { 'withdraw.again': { target: 'loadingTerms', actions: 'forgetRequest' } },
    },
  },
});

export type CryptoWithdrawSnapshot = SnapshotFrom<typeof cryptoWithdrawMachine>;

export type CryptoWithdrawStage = Exclude<CryptoWithdrawSnapshot['value'], object> | 'enteringAddress' | 'inReview';

/** The view to show: the top-level state. */
export const selectCryptoWithdrawStage = (snapshot: CryptoWithdrawSnapshot): CryptoWithdrawStage =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as CryptoWithdrawStage;

/** Where the address check stands while the address is entered. */
export const selectAddressCheck = (snapshot: CryptoWithdrawSnapshot) =>
  typeof snapshot.value === 'object' && 'enteringAddress' in snapshot.value ? snapshot.value.enteringAddress : null;

/** The pairs the player may choose. */
export const selectPayableAssets = (snapshot: CryptoWithdrawSnapshot) =>
  snapshot.context.terms ? payableAssets(snapshot.context.terms) : [];

/** The chosen pair's terms: limits, fee, decimals. */
export const selectChosenTerms = (snapshot: CryptoWithdrawSnapshot) =>
  termsOf(snapshot.context.terms?.assets ?? [], snapshot.context.pair);

export const selectBalance = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.terms?.profile.balance ?? 0;
export const selectAddress = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.address;
export const selectAddressRefusal = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.addressRefusal;
export const selectRefusal = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.refusal;
export const selectCryptoWithdrawal = (snapshot: CryptoWithdrawSnapshot) => snapshot.context.withdrawal;

/** The amount entered, its fee and what arrives on chain, in base units; null before an amount is in. */
export const selectAmountQuote = (snapshot: CryptoWithdrawSnapshot) => {
  const terms = selectChosenTerms(snapshot);
  const amount = snapshot.context.amount;
  if (!terms || amount === null) return null;
  return { amount, fee: terms.withdrawalFee, received: unitsLess(amount, terms.withdrawalFee) };
};

/** The fee and what arrives on chain for an amount as it is typed, or null while it is not in range. */
export function quoteOf(terms: CryptoAssetTerms, typed: string) {
  const amount = parseCoinAmount(typed, terms.decimals);
  if (!amountInRange(amount, terms)) return null;
  return { amount, fee: terms.withdrawalFee, received: unitsLess(amount, terms.withdrawalFee) };
}
