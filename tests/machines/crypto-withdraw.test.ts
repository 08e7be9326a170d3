import type { CryptoAssetTerms } from '@contract/crypto';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawSnapshot,
  type CryptoWithdrawTerms,
  cryptoAmountForm,
  cryptoWithdrawMachine,
  selectAddressCheck,
  selectAmountQuote,
  selectChosenTerms,
  selectCryptoWithdrawal,
  selectCryptoWithdrawStage,
  selectRefusal,
} from '@machines/crypto-withdraw.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const usdtTron: CryptoAssetTerms = {
  coin: 'USDT',
  network: 'TRC20',
  name: 'Tether USD',
  decimals: 6,
  depositEnabled: true,
  withdrawalEnabled: true,
  minDeposit: '1000000',
  minWithdrawal: '10000000',
  maxWithdrawal: '5000000000',
  withdrawalFee: '1000000',
  damageRateBasisPoints: 0,
  confirmations: 19,
  gameCoinsPerCoin: '150',
};
const ethClosed: CryptoAssetTerms = {
  ...usdtTron,
  coin: 'ETH',
  network: 'ERC20',
  decimals: 18,
  withdrawalEnabled: false,
};

const terms = (profile: Partial<CryptoWithdrawTerms['profile']> = {}, assets = [usdtTron, ethClosed]) => ({
  profile: { balance: 10_000, kycStatus: 'approved' as const, hasPayPassword: true, ...profile },
  assets,
});

const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const withdrawal = (status: CryptoWithdrawal['status'], txHash: string | null = null): CryptoWithdrawal => ({
  method: 'crypto',
  orderSn: 'W20261126000001',
  amount: 3_000,
  fee: 150,
  status,
  createdAt: '2026-11-26T00:00:00.000Z',
  completedAt: status === 'withdrawalSuccessful' ? '2026-11-26T01:00:00.000Z' : null,
  failureReason: status === 'withdrawalFailed' ? 'The address is blocked' : null,
  coin: 'USDT',
  network: 'TRC20',
  address,
  memo: null,
  cryptoAmount: '19000000',
  networkFee: '1000000',
  damageRateBasisPoints: 0,
  txHash,
});

const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
const wrongPassword = Object.assign(new Error('The payment password is wrong'), { code: 400, fields: {} });

const fixtures: EventFixtures<typeof cryptoWithdrawMachine> = {
  'terms.retry': [{ type: 'terms.retry' }],
  'pair.chosen': [
    { type: 'pair.chosen', coin: 'USDT', network: 'TRC20' },
    // Offered but closed for withdrawals: the choice is not taken.
    { type: 'pair.chosen', coin: 'ETH', network: 'ERC20' },
  ],
  'pair.change': [{ type: 'pair.change' }],
  'address.changed': [
    { type: 'address.changed', address },
    { type: 'address.changed', address: '  ' },
  ],
  'address.recheck': [{ type: 'address.recheck' }],
  'address.confirm': [{ type: 'address.confirm' }],
  'amount.submit': [
    { type: 'amount.submit', amount: '20' },
    // Below the minimum of 10: refused on the form, and by the machine too.
    { type: 'amount.submit', amount: '5' },
  ],
  'step.back': [{ type: 'step.back' }],
  'withdraw.submit': [
    { type: 'withdraw.submit', payPassword: '135790' },
    { type: 'withdraw.submit', payPassword: '' },
  ],
  'submit.retry': [{ type: 'submit.retry' }],
  'submit.edit': [{ type: 'submit.edit' }],
  'withdraw.again': [{ type: 'withdraw.again' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadTerms', output: terms() },
  { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'notSubmitted' }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'pendingReview' }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({ hasPayPassword: false }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({}, [ethClosed]) },
  { type: 'xstate.error.actor.loadTerms', error: offline },
  { type: 'xstate.after.addressDebounce.cryptoWithdraw.enteringAddress.typing', delayMs: 400 },
  { type: 'xstate.done.actor.checkAddress', output: { valid: true, reason: null, message: null } },
  {
    type: 'xstate.done.actor.checkAddress',
    output: {
      valid: false,
      reason: 'networkMismatch',
      message: 'Withdrawals go to TRC20, the network of your deposits',
    },
  },
  { type: 'xstate.error.actor.checkAddress', error: offline },
  { type: 'xstate.done.actor.sendWithdrawal', output: withdrawal('withdrawalReview') },
  { type: 'xstate.error.actor.sendWithdrawal', error: wrongPassword },
  { type: 'xstate.error.actor.sendWithdrawal', error: offline },
  { type: 'xstate.after.reviewPoll.cryptoWithdraw.inReview.waiting', delayMs: 5_000 },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawing') },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalSuccessful', '0xabc123') },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalFailed') },
  { type: 'xstate.error.actor.fetchWithdrawal', error: offline },
];

const serializeState = (snapshot: CryptoWithdrawSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.pair,
    snapshot.context.address,
    snapshot.context.amount,
    snapshot.context.refusal !== null,
    snapshot.context.withdrawal?.status ?? null,
  ]);

describe('crypto withdraw machine model', () => {
  const paths = modelPaths(cryptoWithdrawMachine, { fixtures, outcomes, serializeState });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"loadingTerms"',
      '"termsUnavailable"',
      '"needsKyc"',
      '"awaitingKycReview"',
      '"needsPayPassword"',
      '"noAsset"',
      '"choosingPair"',
      '{"enteringAddress":"empty"}',
      '{"enteringAddress":"typing"}',
      '{"enteringAddress":"checking"}',
      '{"enteringAddress":"accepted"}',
      '{"enteringAddress":"refused"}',
      '{"enteringAddress":"checkFailed"}',
      '"enteringAmount"',
      '"confirming"',
      '"submitting"',
      '"interrupted"',
      '{"inReview":"waiting"}',
      '{"inReview":"checking"}',
      '"paid"',
      '"failed"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(cryptoWithdrawMachine, path, {
        actorNames: ['loadTerms', 'checkAddress', 'sendWithdrawal', 'fetchWithdrawal'],
        outcomes,
        check: (live, model) => {
          expect(selectCryptoWithdrawStage(live)).toBe(selectCryptoWithdrawStage(model));
          expect(selectAddressCheck(live)).toBe(selectAddressCheck(model));
          expect(selectChosenTerms(live)).toEqual(selectChosenTerms(model));
          expect(selectAmountQuote(live)).toEqual(selectAmountQuote(model));
          expect(selectRefusal(live)).toBe(selectRefusal(model));
          expect(selectCryptoWithdrawal(live)).toEqual(selectCryptoWithdrawal(model));
        },
      });
    });
  }
});

describe('crypto withdraw rules', () => {
  function start(options: { sendErrors?: unknown[]; fetched?: CryptoWithdrawal[] } = {}) {
    const clock = new SimulatedClock();
    const checks: string[] = [];
    const sent: { body: unknown; idempotencyKey: string }[] = [];
    const changes: string[] = [];
    const sendErrors = [...(options.sendErrors ?? [])];
    const fetched = [...(options.fetched ?? [])];
    const actor = createActor(
      cryptoWithdrawMachine.provide({
        actors: {
          loadTerms: fromPromise(async () => terms()),
          checkAddress: fromPromise(async ({ input }) => {
            checks.push(input.address);
            return { valid: true, reason: null, message: null };
          }),
          sendWithdrawal: fromPromise(async ({ input }) => {
            sent.push(input);
            const error = sendErrors.shift();
            if (error) throw error;
            return withdrawal('withdrawalReview');
          }),
          fetchWithdrawal: fromPromise(async () => fetched.shift() ?? withdrawal('withdrawalReview')),
        },
        actions: { withdrawalChanged: () => void changes.push('changed') },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, clock, checks, sent, changes, settle };
  }

  async function toConfirming(run: ReturnType<typeof start>) {
    await run.settle();
    run.actor.send({ type: 'pair.chosen', coin: 'USDT', network: 'TRC20' });
    run.actor.send({ type: 'address.changed', address });
    run.clock.increment(400);
    await run.settle();
    run.actor.send({ type: 'address.confirm' });
    run.actor.send({ type: 'amount.submit', amount: '20' });
  }

  it('checks the address once typing pauses, not at every key', async () => {
    const run = start();
    await run.settle();
    run.actor.send({ type: 'pair.chosen', coin: 'USDT', network: 'TRC20' });
    for (const end of [5, 10, 20, address.length]) {
      run.actor.send({ type: 'address.changed', address: address.slice(0, end) });
      run.clock.increment(200);
    }
    expect(run.checks).toEqual([]);
    run.clock.increment(200);
    await run.settle();
    expect(run.checks).toEqual([address]);
    expect(selectAddressCheck(run.actor.getSnapshot())).toBe('accepted');
  });

  it('sends the amount in base units, with one key for a retry after no answer', async () => {
    const run = start({ sendErrors: [offline] });
    await toConfirming(run);
    expect(selectAmountQuote(run.actor.getSnapshot())).toEqual({
      amount: '20000000',
      fee: '1000000',
      received: '19000000',
    });
    run.actor.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('interrupted');
    run.actor.send({ type: 'submit.retry' });
    await run.settle();
    expect(run.sent).toHaveLength(2);
    expect(run.sent[0]).toEqual(run.sent[1]);
    expect(run.sent[0]?.body).toEqual({
      coin: 'USDT',
      network: 'TRC20',
      address,
      amount: '20000000',
      payPassword: '135790',
    });
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('inReview');
    expect(run.changes).toEqual(['changed']);
  });

  it('a refusal is an answer: back to the password with the sentence, and a new key next time', async () => {
    const run = start({ sendErrors: [wrongPassword] });
    await toConfirming(run);
    run.actor.send({ type: 'withdraw.submit', payPassword: '111111' });
    await run.settle();
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('confirming');
    expect(selectRefusal(run.actor.getSnapshot())).toBe('The payment password is wrong');
    run.actor.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    expect(run.sent[0]?.idempotencyKey).not.toBe(run.sent[1]?.idempotencyKey);
  });

  it('follows the review to the payout and shows the hash', async () => {
    const run = start({ fetched: [withdrawal('withdrawing'), withdrawal('withdrawalSuccessful', '0xabc123')] });
    await toConfirming(run);
    run.actor.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    run.clock.increment(5_000);
    await run.settle();
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('inReview');
    run.clock.increment(5_000);
    await run.settle();
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('paid');
    expect(selectCryptoWithdrawal(run.actor.getSnapshot())?.txHash).toBe('0xabc123');
  });

  it('the amount form refuses amounts outside the range and finer than the coin', () => {
    const form = cryptoAmountForm(usdtTron);
    const message = (amount: string) => {
      const result = v.safeParse(form, { amount });
      return result.success ? null : result.issues[0].message;
    };
    expect(message('')).toBe('validation.amountRequired');
    expect(message('abc')).toBe('validation.amountFormat');
    expect(message('10.0000001')).toBe('validation.amountFormat');
    expect(message('9.99')).toBe('validation.amountRange');
    expect(message('5000.000001')).toBe('validation.amountRange');
    expect(message('10')).toBeNull();
    expect(message('5000')).toBeNull();
  });
});
