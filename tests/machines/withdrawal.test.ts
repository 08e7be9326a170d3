import { type Withdrawal, withdrawForm } from '@contract/withdrawal';
import {
  selectRequestRefusals,
  selectRequestSent,
  selectRequestStage,
  startingCardId,
} from '@machines/money-request.machine';
import { selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import {
  canCancelWithdrawal,
  keepsPayPassword,
  selectCancelRefusal,
  selectWithdrawalFollower,
  selectWithdrawCancelling,
  selectWithdrawRequest,
  selectWithdrawStage,
  type WithdrawalRequest,
  type WithdrawPrerequisites,
  withdrawalFollow,
  withdrawMachine,
  withdrawQuote,
  withdrawRequest,
} from '@machines/withdrawal.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  card,
  limits,
  offline,
  profile,
  ready,
  reviewStarted,
  withdrawal,
  withdrawModel,
  withdrawRequestModel,
  wrongPayPassword,
} from '../models/withdrawal.model';
import { modelPaths, replayPath } from './model-paths';

describe('withdraw request model', () => {
  const paths = modelPaths(withdrawRequestModel);

  it('reaches every state a withdrawal can be in before the amount is held', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"checkingPrerequisites"',
      '"prerequisitesUnavailable"',
      '"needsPersonalInformation"',
      '"needsBankCard"',
      '"needsKyc"',
      '"awaitingKycReview"',
      '"needsPayPassword"',
      '"editing"',
      '"sending"',
      '"interrupted"',
      '"sent"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(withdrawRequestModel, path, (live, model) => {
        expect(selectRequestStage(live)).toBe(selectRequestStage(model));
        expect(selectRequestRefusals(live)).toEqual(selectRequestRefusals(model));
        expect(selectRequestSent(live)).toEqual(selectRequestSent(model));
        expect(live.context.idempotencyKey === null).toBe(model.context.idempotencyKey === null);
      });
    });
  }
});

describe('withdraw machine model', () => {
  const paths = modelPaths(withdrawModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of ['"requesting"', '{"following":"open"}', '{"following":"cancelling"}']) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(withdrawModel, path, (live, model) => {
        expect(selectWithdrawStage(live)).toBe(selectWithdrawStage(model));
        expect(live.context.withdrawal).toEqual(model.context.withdrawal);
      });
    });
  }
});

describe('withdraw rules', () => {
  function start(
    options: {
      prerequisites?: WithdrawPrerequisites;
      request?: (request: WithdrawalRequest) => Promise<Withdrawal>;
      withdrawals?: Withdrawal[];
      cancel?: () => Promise<Withdrawal>;
    } = {},
  ) {
    const clock = new SimulatedClock();
    const requests: WithdrawalRequest[] = [];
    const effects: string[] = [];
    const withdrawals = [...(options.withdrawals ?? [])];
    let loads = 0;
    const actor = createActor(
      withdrawMachine.provide({
        actors: {
          request: withdrawRequest.provide({
            actors: {
              loadPrerequisites: fromPromise(async () => {
                loads += 1;
                return options.prerequisites ?? ready;
              }),
              sendRequest: fromPromise(async ({ input }) => {
                requests.push(input);
                return (options.request ?? (async () => withdrawal('withdrawalReview')))(input);
              }),
            },
          }),
          cancelWithdrawal: fromPromise(async ({ input }) => {
            effects.push(`cancel ${input.orderSn}`);
            return (options.cancel ?? (async () => withdrawal('withdrawalCancelled')))();
          }),
          followWithdrawal: withdrawalFollow.provide({
            actors: {
              fetchOrder: fromPromise(async () => {
                const next = withdrawals.length > 1 ? withdrawals.shift() : withdrawals[0];
                if (!next) throw offline;
                return next;
              }),
            },
            actions: { orderChanged: () => void effects.push('orderChanged') },
          }),
        },
        actions: { withdrawalChanged: () => void effects.push('withdrawalChanged') },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    /** The front of the withdrawal the page shows while there is one. */
    const request = () => selectWithdrawRequest(actor.getSnapshot());
    const form = () => request()!.getSnapshot();
    const send = (event: Parameters<NonNullable<ReturnType<typeof request>>['send']>[0]) => request()?.send(event);
    /** The form as the page sends it once its checks pass. */
    const submit = (body: Partial<WithdrawalRequest['body']> = {}) =>
      send({ type: 'form.submit', body: { bankCardId: 3, amount: 8_000, payPassword: '246801', ...body } });
    /** Where the page stands: the front's state while the withdrawal is being made, else the withdrawal's. */
    const stage = () => {
      const front = request();
      return front ? selectRequestStage(front.getSnapshot()) : selectWithdrawStage(actor.getSnapshot());
    };
    /** The request as the page shows it, from its follower. */
    const followed = () => {
      const follower = selectWithdrawalFollower(actor.getSnapshot());
      return (
        follower && {
          withdrawal: selectFollowedOrder(follower.getSnapshot()),
          settled: selectOrderSettled(follower.getSnapshot()),
        }
      );
    };
    return {
      actor,
      clock,
      requests,
      effects,
      settle,
      request,
      form,
      send,
      submit,
      stage,
      followed,
      loads: () => loads,
    };
  }

  it('asks, in order, for personal information, a bound card, verified identity and a payment password', async () => {
    const cases: [WithdrawPrerequisites, string][] = [
      [
        {
          profile: { ...profile, pinyinName: null, kycStatus: 'notSubmitted', hasPayPassword: false },
          cards: [],
          limits,
        },
        'needsPersonalInformation',
      ],
      [
        { profile: { ...profile, kycStatus: 'notSubmitted', hasPayPassword: false }, cards: [], limits },
        'needsBankCard',
      ],
      [{ profile: { ...profile, kycStatus: 'rejected', hasPayPassword: false }, cards: [card], limits }, 'needsKyc'],
      [
        { profile: { ...profile, kycStatus: 'pendingReview', hasPayPassword: false }, cards: [card], limits },
        'awaitingKycReview',
      ],
      [{ profile: { ...profile, hasPayPassword: false }, cards: [card], limits }, 'needsPayPassword'],
      [ready, 'editing'],
    ];
    for (const [prerequisites, expected] of cases) {
      const { settle, stage } = start({ prerequisites });
      await settle();
      expect(stage()).toBe(expected);
    }
  });

  /** The message the form shows on each field (its first) from its checks (the contract's withdrawForm), field by field. */
  const formMessages = (values: { amount: string; bankCardId: string | null; payPassword: string }) => {
    const result = v.safeParse(withdrawForm(limits, profile.balance, [card.id]), values);
    if (result.success) return {};
    return Object.fromEntries(
      Object.entries(v.flatten(result.issues).nested ?? {}).map(([field, keys]) => [field, keys?.[0]]),
    );
  };

  it('checks the amount against the balance and the limits, the card, and the payment password format', async () => {
    const { settle, form } = start({
      prerequisites: { ...ready, cards: [{ ...card, id: 1, isDefault: false }, card] },
    });
    await settle();
    expect(startingCardId(form().context.prerequisites?.cards ?? [])).toBe(3);
    expect(formMessages({ amount: '', bankCardId: '3', payPassword: '' })).toEqual({
      amount: 'validation.amountRequired',
      payPassword: 'validation.required',
    });
    expect(formMessages({ amount: '20001', bankCardId: '3', payPassword: '12345' })).toEqual({
      amount: 'validation.amountOverBalance',
      payPassword: 'validation.payPasswordFormat',
    });
    // Out of the limits comes before over the balance.
    for (const amount of ['999', '100001'])
      expect(formMessages({ amount, bankCardId: '3', payPassword: '246801' }).amount).toBe(
        'validation.withdrawalRange',
      );
    expect(formMessages({ amount: '12.5', bankCardId: null, payPassword: '246801' })).toEqual({
      amount: 'validation.amount',
      bankCardId: 'validation.bankCard',
    });
    expect(
      v.parse(withdrawForm(limits, profile.balance, [card.id]), {
        amount: ' ８,０００ ',
        bankCardId: '3',
        payPassword: '246801',
      }),
    ).toEqual({ amount: 8_000, bankCardId: 3, payPassword: '246801' });
    expect(withdrawQuote(10_000, limits)).toEqual({ amount: 10_000, fee: 150, payoutYen: 9_850 });
  });

  it('one withdrawal, one key: a double click and a retry after no answer hold the amount once', async () => {
    let attempts = 0;
    const { settle, submit, requests, effects, followed, send, stage, request } = start({
      request: async () => {
        attempts += 1;
        if (attempts === 1) throw offline;
        return withdrawal('withdrawalReview');
      },
    });
    await settle();
    submit();
    submit({ amount: 9_000 });
    await settle();
    expect(stage()).toBe('interrupted');
    send({ type: 'request.retry' });
    await settle();
    const body = { bankCardId: 3, amount: 8_000, payPassword: '246801' };
    expect(requests).toEqual([
      { body, idempotencyKey: expect.any(String) },
      { body, idempotencyKey: requests[0]?.idempotencyKey },
    ]);
    expect(followed()?.withdrawal.status).toBe('withdrawalReview');
    // The form, with the payment password typed into it, is gone with the request's front.
    expect(request()).toBeUndefined();
    expect(effects).toEqual(['withdrawalChanged']);
  });

  it('going back to the form after no answer starts from what was sent, and sends a new request', async () => {
    let attempts = 0;
    const { settle, submit, requests, form, send, stage } = start({
      request: async () => {
        attempts += 1;
        if (attempts === 1) throw offline;
        return withdrawal('withdrawalReview');
      },
    });
    await settle();
    submit();
    await settle();
    send({ type: 'request.edit' });
    expect(stage()).toBe('editing');
    expect(selectRequestSent(form())).toEqual({ bankCardId: 3, amount: 8_000, payPassword: '246801' });
    submit();
    await settle();
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it('a wrong payment password asks for it again, shows the sentence, and the next try is a new request', async () => {
    let attempts = 0;
    const { settle, submit, requests, form, stage } = start({
      request: async () => {
        attempts += 1;
        if (attempts === 1) throw wrongPayPassword;
        return withdrawal('withdrawalReview');
      },
    });
    await settle();
    submit({ payPassword: '111111' });
    await settle();
    expect(stage()).toBe('editing');
    const refusals = selectRequestRefusals(form());
    expect(refusals).toEqual({ payPassword: '支払いパスワードが正しくありません' });
    expect(keepsPayPassword(refusals)).toBe(false);
    submit();
    await settle();
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it('keeps the payment password when the server refuses another field, and shows the refusal there', async () => {
    const amountRefused = Object.assign(new Error('refused'), {
      code: 422,
      fields: { amount: '出金額は1,000〜100,000の範囲で入力してください。' },
    });
    const { settle, submit, form, stage } = start({
      request: async () => {
        throw amountRefused;
      },
    });
    await settle();
    submit();
    await settle();
    expect(stage()).toBe('editing');
    const refusals = selectRequestRefusals(form());
    expect(refusals).toEqual({ amount: '出金額は1,000〜100,000の範囲で入力してください。' });
    expect(keepsPayPassword(refusals)).toBe(true);
    expect(keepsPayPassword({})).toBe(false);
  });

  it('follows the review to the failure with its reason, then starts over with a fresh balance', async () => {
    const { actor, clock, settle, submit, effects, followed, loads, form, stage, request } = start({
      withdrawals: [withdrawal('withdrawalReview'), withdrawal('withdrawalFailed', 'The account is closed')],
    });
    await settle();
    submit();
    await settle();
    expect(stage()).toBe('following');
    clock.increment(10_000);
    await settle();
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawalReview'), settled: false });
    clock.increment(10_000);
    await settle();
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawalFailed', 'The account is closed'), settled: true });
    expect(effects).toEqual(['withdrawalChanged', 'orderChanged']);
    expect(request()).toBeUndefined();
    actor.send({ type: 'withdraw.again' });
    await settle();
    expect(loads()).toBe(2);
    expect(stage()).toBe('editing');
    expect(selectRequestSent(form())).toBeNull();
  });

  it('cancels a request in review: followed afresh as cancelled, settled, the balance refetched', async () => {
    const { actor, settle, submit, effects, followed } = start({ withdrawals: [withdrawal('withdrawalReview')] });
    await settle();
    submit();
    await settle();
    expect(canCancelWithdrawal(followed()!.withdrawal)).toBe(true);
    actor.send({ type: 'withdraw.cancel' });
    expect(selectWithdrawCancelling(actor.getSnapshot())).toBe(true);
    await settle();
    expect(selectWithdrawCancelling(actor.getSnapshot())).toBe(false);
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawalCancelled'), settled: true });
    expect(canCancelWithdrawal(followed()!.withdrawal)).toBe(false);
    expect(effects).toEqual(['withdrawalChanged', 'cancel W20261121000001', 'withdrawalChanged']);
  });

  it("keeps following with the server's sentence when the review started first", async () => {
    const { actor, clock, settle, submit, followed } = start({
      withdrawals: [withdrawal('withdrawing')],
      cancel: async () => {
        throw reviewStarted;
      },
    });
    await settle();
    submit();
    await settle();
    actor.send({ type: 'withdraw.cancel' });
    await settle();
    expect(selectCancelRefusal(actor.getSnapshot())).toBe(reviewStarted.message);
    clock.increment(10_000);
    await settle();
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawing'), settled: false });
    expect(canCancelWithdrawal(followed()!.withdrawal)).toBe(false);
  });
});
