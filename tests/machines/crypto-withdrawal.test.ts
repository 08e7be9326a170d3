import {
  type CryptoWithdrawal,
  type CryptoWithdrawalRequest,
  type CryptoWithdrawTerms,
  cryptoAmountForm,
  cryptoWithdrawalFollow,
  cryptoWithdrawForm,
  cryptoWithdrawMachine,
  cryptoWithdrawRequest,
  selectAddressCheck,
  selectAmountQuote,
  selectChosenTerms,
  selectCryptoWithdrawalFollower,
  selectCryptoWithdrawForm,
  selectCryptoWithdrawRequest,
  selectCryptoWithdrawStage,
  selectCryptoWithdrawStep,
  selectRefusal,
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
