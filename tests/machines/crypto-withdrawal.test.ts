import {
  type CryptoWithdrawal,
  cryptoAmountForm,
  cryptoWithdrawMachine,
  selectAddressCheck,
  selectAmountQuote,
  selectChosenTerms,
  selectCryptoWithdrawal,
  selectCryptoWithdrawStage,
  selectRefusal,
} from '@machines/crypto-withdrawal.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  address,
  cryptoWithdrawModel,
  offline,
  terms,
  usdtTron,
  withdrawal,
  wrongPassword,
} from '../models/crypto-withdrawal.model';
import { modelPaths, replayPath } from './model-paths';

describe('crypto withdraw machine model', () => {
  const paths = modelPaths(cryptoWithdrawModel);

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
      await replayPath(cryptoWithdrawModel, path, (live, model) => {
        expect(selectCryptoWithdrawStage(live)).toBe(selectCryptoWithdrawStage(model));
        expect(selectAddressCheck(live)).toBe(selectAddressCheck(model));
        expect(selectChosenTerms(live)).toEqual(selectChosenTerms(model));
        expect(selectAmountQuote(live)).toEqual(selectAmountQuote(model));
        expect(selectRefusal(live)).toBe(selectRefusal(model));
        expect(selectCryptoWithdrawal(live)).toEqual(selectCryptoWithdrawal(model));
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
