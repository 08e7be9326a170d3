import {
  type CryptoWithdrawal,
  type CryptoWithdrawalRequest,
  type CryptoWithdrawTerms,
  cryptoAmountForm,
  cryptoWithdrawalFollow,
  cryptoWithdrawForm,
  cryptoWithdrawMachine,
  cryptoWithdrawRequest,
  maxAmountOf,
  quoteOf,
  selectAddressCheck,
  selectAmountQuote,
  selectChosenTerms,
  selectCryptoWithdrawalFollower,
  selectCryptoWithdrawForm,
  selectCryptoWithdrawRequest,
  selectCryptoWithdrawStage,
  selectCryptoWithdrawStep,
  selectMaxAmount,
  selectRefusal,
  selectTypedAmount,
  selectTypedQuote,
} from '@machines/crypto-withdrawal.machine';
import { selectRequestRefusals, selectRequestSent, selectRequestStage } from '@machines/money-request.machine';
import { selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  address,
  body,
  cryptoWithdrawFormModel,
  cryptoWithdrawModel,
  cryptoWithdrawRequestModel,
  offline,
  terms,
  usdtTron,
  withdrawal,
  wrongPassword,
} from '../models/crypto-withdrawal.model';
import { modelPaths, replayPath } from './model-paths';

describe('crypto withdraw form model', () => {
  const paths = modelPaths(cryptoWithdrawFormModel);

  it('reaches every step of the form', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"choosingPair"',
      '{"enteringAddress":"empty"}',
      '{"enteringAddress":"typing"}',
      '{"enteringAddress":"checking"}',
      '{"enteringAddress":"accepted"}',
      '{"enteringAddress":"refused"}',
      '{"enteringAddress":"checkFailed"}',
      '"enteringAmount"',
      '"confirming"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(cryptoWithdrawFormModel, path, (live, model) => {
        expect(selectCryptoWithdrawStep(live)).toBe(selectCryptoWithdrawStep(model));
        expect(selectAddressCheck(live)).toBe(selectAddressCheck(model));
        expect(selectChosenTerms(live)).toEqual(selectChosenTerms(model));
        expect(selectAmountQuote(live)).toEqual(selectAmountQuote(model));
        expect(selectTypedAmount(live)).toBe(selectTypedAmount(model));
        expect(selectTypedQuote(live)).toEqual(selectTypedQuote(model));
        expect(selectRefusal(live)).toBe(selectRefusal(model));
      });
    });
  }
});

describe('crypto withdraw request model', () => {
  const paths = modelPaths(cryptoWithdrawRequestModel);

  it('reaches every state a crypto withdrawal can be in before the coins are held', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"checkingPrerequisites"',
      '"prerequisitesUnavailable"',
      '"needsKyc"',
      '"awaitingKycReview"',
      '"needsPayPassword"',
      '"noChannel"',
      '"editing"',
      '"sending"',
      '"interrupted"',
      '"sent"',
    ]) {
      expect(reached).toContain(value);
    }
    // Coins go to an address: neither the names for a card nor a card are asked for.
    expect(reached).not.toContain('"needsPersonalInformation"');
    expect(reached).not.toContain('"needsBankCard"');
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(cryptoWithdrawRequestModel, path, (live, model) => {
        expect(selectRequestStage(live)).toBe(selectRequestStage(model));
        expect(selectRequestRefusals(live)).toEqual(selectRequestRefusals(model));
        expect(selectRequestSent(live)).toEqual(selectRequestSent(model));
        expect(live.context.idempotencyKey === null).toBe(model.context.idempotencyKey === null);
      });
    });
  }
});

describe('crypto withdraw machine model', () => {
  const paths = modelPaths(cryptoWithdrawModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of ['"requesting"', '{"following":"open"}', '{"following":"cancelling"}']) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(cryptoWithdrawModel, path, (live, model) => {
        expect(selectCryptoWithdrawStage(live)).toBe(selectCryptoWithdrawStage(model));
        expect(live.context.withdrawal).toEqual(model.context.withdrawal);
      });
    });
  }
});

describe('crypto withdraw rules', () => {
  function start(options: { terms?: CryptoWithdrawTerms; sendErrors?: unknown[]; fetched?: CryptoWithdrawal[] } = {}) {
    const clock = new SimulatedClock();
    const checks: string[] = [];
    const sent: CryptoWithdrawalRequest[] = [];
    const changes: string[] = [];
    const sendErrors = [...(options.sendErrors ?? [])];
    const fetched = [...(options.fetched ?? [])];
    let loads = 0;
    const actor = createActor(
      cryptoWithdrawMachine.provide({
        actors: {
          request: cryptoWithdrawRequest.provide({
            actors: {
              loadPrerequisites: fromPromise(async () => {
                loads += 1;
                return options.terms ?? terms();
              }),
              sendRequest: fromPromise(async ({ input }) => {
                sent.push(input);
                const error = sendErrors.shift();
                if (error) throw error;
                return withdrawal('withdrawalReview');
              }),
              form: cryptoWithdrawForm.provide({
                actors: {
                  checkAddress: fromPromise(async ({ input }) => {
                    checks.push(input.address);
                    return { valid: true, reason: null, message: null };
                  }),
                },
              }),
            },
          }),
          followWithdrawal: cryptoWithdrawalFollow.provide({
            actors: { fetchOrder: fromPromise(async () => fetched.shift() ?? withdrawal('withdrawalReview')) },
            actions: { orderChanged: () => void changes.push('order changed') },
          }),
        },
        actions: { withdrawalChanged: () => void changes.push('withdrawal made') },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const request = () => selectCryptoWithdrawRequest(actor.getSnapshot());
    const form = () => {
      const front = request();
      return front ? selectCryptoWithdrawForm(front.getSnapshot()) : undefined;
    };
    return { actor, clock, checks, sent, changes, settle, request, form, loads: () => loads };
  }

  async function toConfirming(run: ReturnType<typeof start>) {
    await run.settle();
    run.form()?.send({ type: 'pair.chosen', coin: 'USDT', network: 'TRC20' });
    run.form()?.send({ type: 'address.changed', address });
    run.clock.increment(400);
    await run.settle();
    run.form()?.send({ type: 'address.confirm' });
    run.form()?.send({ type: 'amount.submit', amount: '20' });
  }

  it('opens the form only once the gates are open, and keeps it for the request', async () => {
    const run = start({ terms: terms({ kycStatus: 'pendingReview' }) });
    await run.settle();
    expect(selectRequestStage(run.request()!.getSnapshot())).toBe('awaitingKycReview');
    expect(run.form()).toBeUndefined();

    const open = start();
    await open.settle();
    expect(selectRequestStage(open.request()!.getSnapshot())).toBe('editing');
    expect(selectCryptoWithdrawStep(open.form()!.getSnapshot())).toBe('choosingPair');
  });

  it('checks the address once typing pauses, not at every key', async () => {
    const run = start();
    await run.settle();
    run.form()?.send({ type: 'pair.chosen', coin: 'USDT', network: 'TRC20' });
    for (const end of [5, 10, 20, address.length]) {
      run.form()?.send({ type: 'address.changed', address: address.slice(0, end) });
      run.clock.increment(200);
    }
    expect(run.checks).toEqual([]);
    run.clock.increment(200);
    await run.settle();
    expect(run.checks).toEqual([address]);
    expect(selectAddressCheck(run.form()!.getSnapshot())).toBe('accepted');
  });

  it('sends the amount in base units, with one key for a retry after no answer', async () => {
    const run = start({ sendErrors: [offline] });
    await toConfirming(run);
    expect(selectAmountQuote(run.form()!.getSnapshot())).toEqual({
      amount: '20000000',
      fee: '1000000',
      received: '19000000',
      coins: 3000,
    });
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    expect(selectRequestStage(run.request()!.getSnapshot())).toBe('interrupted');
    run.request()?.send({ type: 'request.retry' });
    await run.settle();
    expect(run.sent).toHaveLength(2);
    expect(run.sent[0]).toEqual(run.sent[1]);
    expect(run.sent[0]?.body).toEqual(body());
    expect(selectCryptoWithdrawStage(run.actor.getSnapshot())).toBe('following');
    expect(run.changes).toEqual(['withdrawal made']);
  });

  it('a second submit while the request is on its way sends nothing more', async () => {
    const run = start();
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    expect(run.sent).toHaveLength(1);
  });

  it('a refusal is an answer: back to the password with the sentence, and a new key next time', async () => {
    const run = start({ sendErrors: [wrongPassword] });
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '111111' });
    await run.settle();
    expect(selectRequestStage(run.request()!.getSnapshot())).toBe('editing');
    expect(selectCryptoWithdrawStep(run.form()!.getSnapshot())).toBe('confirming');
    expect(selectRefusal(run.form()!.getSnapshot())).toBe('The payment password is wrong');
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    expect(selectRefusal(run.form()!.getSnapshot())).toBeNull();
    await run.settle();
    expect(run.sent.map((request) => request.body.payPassword)).toEqual(['111111', '135790']);
    expect(run.sent[0]?.idempotencyKey).not.toBe(run.sent[1]?.idempotencyKey);
  });

  it('going back from a refusal forgets its sentence', async () => {
    const run = start({ sendErrors: [wrongPassword] });
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '111111' });
    await run.settle();
    run.form()?.send({ type: 'step.back' });
    run.form()?.send({ type: 'amount.submit', amount: '20' });
    expect(selectCryptoWithdrawStep(run.form()!.getSnapshot())).toBe('confirming');
    expect(selectRefusal(run.form()!.getSnapshot())).toBeNull();
  });

  it('back to the password after no answer keeps the pair, address and amount, with a new key', async () => {
    const run = start({ sendErrors: [offline] });
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    run.request()?.send({ type: 'request.edit' });
    expect(selectCryptoWithdrawStep(run.form()!.getSnapshot())).toBe('confirming');
    expect(selectAmountQuote(run.form()!.getSnapshot())?.amount).toBe('20000000');
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    expect(run.sent[0]?.body).toEqual(run.sent[1]?.body);
    expect(run.sent[0]?.idempotencyKey).not.toBe(run.sent[1]?.idempotencyKey);
  });

  it('follows the review to the payout and shows the hash', async () => {
    const run = start({ fetched: [withdrawal('withdrawing'), withdrawal('withdrawalSuccessful', '0xabc123')] });
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    const follower = () => selectCryptoWithdrawalFollower(run.actor.getSnapshot())!;
    run.clock.increment(5_000);
    await run.settle();
    expect(selectFollowedOrder(follower().getSnapshot()).status).toBe('withdrawing');
    expect(selectOrderSettled(follower().getSnapshot())).toBe(false);
    run.clock.increment(5_000);
    await run.settle();
    expect(selectOrderSettled(follower().getSnapshot())).toBe(true);
    expect(selectFollowedOrder(follower().getSnapshot()).txHash).toBe('0xabc123');
    expect(run.changes).toEqual(['withdrawal made', 'order changed', 'order changed']);
  });

  it('a new withdrawal starts from fresh terms and an empty form', async () => {
    const run = start({ fetched: [withdrawal('withdrawalFailed')] });
    await toConfirming(run);
    run.form()?.send({ type: 'withdraw.submit', payPassword: '135790' });
    await run.settle();
    run.clock.increment(5_000);
    await run.settle();
    run.actor.send({ type: 'withdraw.again' });
    await run.settle();
    expect(run.loads()).toBe(2);
    expect(selectCryptoWithdrawStep(run.form()!.getSnapshot())).toBe('choosingPair');
    expect(selectChosenTerms(run.form()!.getSnapshot())).toBeNull();
  });

  /** The form at the amount step, for a player with `balance` game coins. */
  async function toAmount(balance: number) {
    const run = start({ terms: terms({ balance }) });
    await run.settle();
    run.form()?.send({ type: 'pair.chosen', coin: 'USDT', network: 'TRC20' });
    run.form()?.send({ type: 'address.changed', address });
    run.clock.increment(400);
    await run.settle();
    run.form()?.send({ type: 'address.confirm' });
    return run;
  }

  it('shows the fee, what arrives and the game coins held as the amount is typed, before any send', async () => {
    const run = await toAmount(10_000);
    const snapshot = () => run.form()!.getSnapshot();
    expect(selectTypedQuote(snapshot())).toBeNull();
    run.form()?.send({ type: 'amount.changed', amount: '20.5' });
    // 20.5 USDT at 150 coins per USDT: 3,075 coins held; the 1 USDT fee comes out of the amount.
    expect(selectTypedQuote(snapshot())).toEqual({
      amount: '20500000',
      fee: '1000000',
      received: '19500000',
      coins: 3075,
    });
    // Below the minimum, or more than the balance covers (66.666666 USDT): no quote, and no step on.
    for (const amount of ['9', '66.666667']) {
      run.form()?.send({ type: 'amount.changed', amount });
      expect(selectTypedQuote(snapshot()), amount).toBeNull();
      run.form()?.send({ type: 'amount.submit', amount });
      expect(selectCryptoWithdrawStep(snapshot()), amount).toBe('enteringAmount');
    }
    run.form()?.send({ type: 'amount.submit', amount: '20.5' });
    expect(selectCryptoWithdrawStep(snapshot())).toBe('confirming');
    expect(selectAmountQuote(snapshot())).toEqual(selectTypedQuote(snapshot()));
    expect(run.sent).toEqual([]);
  });

  it('rounds the game coins held up, and adds the exchange’s share', () => {
    const shared = { ...usdtTron, damageRateBasisPoints: 200, gameCoinsPerCoin: '150.5' };
    // 20.000001 USDT × 150.5 × 1.02 = 3,070.2001531 coins: 3,071 held.
    expect(quoteOf(shared, 1_000_000, '20.000001')?.coins).toBe(3071);
    expect(quoteOf(usdtTron, 1_000_000, '20.000001')?.coins).toBe(3001);
  });

  it('the max button types the most the balance covers, within the pair’s maximum', async () => {
    const run = await toAmount(10_000);
    const snapshot = () => run.form()!.getSnapshot();
    run.form()?.send({ type: 'amount.changed', amount: '12' });
    run.form()?.send({ type: 'amount.max' });
    // 10,000 coins at 150 per USDT: 66.666666 USDT (10,000 coins held, fee included); a base unit more needs 10,001.
    expect(selectTypedAmount(snapshot())).toBe('66.666666');
    expect(selectTypedQuote(snapshot())).toEqual({
      amount: '66666666',
      fee: '1000000',
      received: '65666666',
      coins: 10_000,
    });
    expect(quoteOf(usdtTron, 10_000, '66.666667')).toBeNull();
    run.form()?.send({ type: 'amount.submit', amount: selectTypedAmount(snapshot()) });
    expect(selectCryptoWithdrawStep(snapshot())).toBe('confirming');

    // A balance beyond the pair's maximum of 5,000 USDT: the maximum.
    const rich = await toAmount(1_000_000);
    rich.form()?.send({ type: 'amount.max' });
    expect(selectTypedAmount(rich.form()!.getSnapshot())).toBe('5000');
    expect(maxAmountOf(usdtTron, 1_000_000)).toBe('5000000000');
  });

  it('the max button changes nothing when the balance does not cover the minimum', async () => {
    // The minimum of 10 USDT holds 1,500 coins.
    const run = await toAmount(1_499);
    const snapshot = () => run.form()!.getSnapshot();
    expect(selectMaxAmount(snapshot())).toBeNull();
    run.form()?.send({ type: 'amount.changed', amount: '10' });
    run.form()?.send({ type: 'amount.max' });
    expect(selectTypedAmount(snapshot())).toBe('10');
    expect(selectTypedQuote(snapshot())).toBeNull();
    expect(maxAmountOf(usdtTron, 1_500)).toBe('10000000');
    const form = cryptoAmountForm(usdtTron, 1_499);
    const result = v.safeParse(form, { amount: '10' });
    expect(result.success ? null : result.issues[0].message).toBe('validation.balanceBelowMinimum');
  });

  it('the amount form refuses more than the balance covers, saying the most it covers', () => {
    const form = cryptoAmountForm(usdtTron, 10_000);
    const message = (amount: string) => {
      const result = v.safeParse(form, { amount });
      return result.success ? null : result.issues[0].message;
    };
    expect(message('66.666666')).toBeNull();
    expect(message('66.666667')).toBe('validation.amountOverBalance');
  });

  it('the amount form refuses amounts outside the range and finer than the coin', () => {
    const form = cryptoAmountForm(usdtTron, 1_000_000);
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
