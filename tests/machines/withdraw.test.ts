import type { Withdrawal } from '@contract/draw';
import { selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import {
  selectWithdrawalFollower,
  selectWithdrawMessages,
  selectWithdrawStage,
  selectWithdrawValues,
  type WithdrawalRequest,
  type WithdrawPrerequisites,
  type WithdrawSnapshot,
  withdrawalFollow,
  withdrawMachine,
} from '@machines/withdraw.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const profile: WithdrawPrerequisites['profile'] = {
  firstName: '花子',
  lastName: '山田',
  pinyinName: 'ヤマダハナコ',
  balance: 20_000,
  kycStatus: 'approved',
  hasPayPassword: true,
};
const card = { id: 3, bankName: '三井住友銀行', maskedCardNumber: '****4567', isDefault: true };
const ready: WithdrawPrerequisites = { profile, cards: [card] };

const withdrawal = (status: Withdrawal['status'], failureReason: string | null = null): Withdrawal => ({
  orderSn: 'W20261121000001',
  amount: 8_000,
  fee: 0,
  status,
  createdAt: '2026-11-21T00:00:00.000Z',
  completedAt: status === 'withdrawalSuccessful' || status === 'withdrawalFailed' ? '2026-11-21T01:00:00.000Z' : null,
  failureReason,
  method: 'bank',
  bankCard: { id: 3, bankName: '三井住友銀行', maskedCardNumber: '****4567' },
});

const fixtures: EventFixtures<typeof withdrawMachine> = {
  'prerequisites.retry': [{ type: 'prerequisites.retry' }],
  'field.changed': [
    { type: 'field.changed', field: 'amount', value: '8000' },
    { type: 'field.changed', field: 'amount', value: '30000' },
    { type: 'field.changed', field: 'payPassword', value: '246801' },
  ],
  'withdraw.submit': [{ type: 'withdraw.submit' }],
  'request.retry': [{ type: 'request.retry' }],
  'withdraw.edit': [{ type: 'withdraw.edit' }],
  'withdraw.again': [{ type: 'withdraw.again' }],
};

const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
const wrongPayPassword = Object.assign(new Error('refused'), {
  code: 422,
  fields: { payPassword: '支払いパスワードが正しくありません' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPrerequisites', output: ready },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...profile, firstName: null } } },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, cards: [] } },
  {
    type: 'xstate.done.actor.loadPrerequisites',
    output: { ...ready, profile: { ...profile, kycStatus: 'pendingReview' } },
  },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...profile, hasPayPassword: false } } },
  { type: 'xstate.error.actor.loadPrerequisites', error: offline },
  { type: 'xstate.done.actor.requestWithdrawal', output: withdrawal('withdrawalReview') },
  { type: 'xstate.error.actor.requestWithdrawal', error: offline },
  { type: 'xstate.error.actor.requestWithdrawal', error: wrongPayPassword },
];

const formStates = ['editing', 'requesting', 'requestInterrupted'];
const serializeState = (snapshot: WithdrawSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.withdrawal?.status ?? null,
    formStates.includes(String(snapshot.value))
      ? [
          snapshot.context.values,
          snapshot.context.showErrors,
          snapshot.context.refusals,
          snapshot.context.idempotencyKey !== null,
        ]
      : null,
  ]);

describe('withdraw machine model', () => {
  const paths = modelPaths(withdrawMachine, { fixtures, outcomes, serializeState });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"checkingPrerequisites"',
      '"prerequisitesUnavailable"',
      '"needsPersonalInformation"',
      '"needsBankCard"',
      '"needsKyc"',
      '"needsPayPassword"',
      '"editing"',
      '"requesting"',
      '"requestInterrupted"',
      '"following"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(withdrawMachine, path, {
        actorNames: ['loadPrerequisites', 'requestWithdrawal', 'followWithdrawal'],
        outcomes,
        check: (live, model) => {
          expect(selectWithdrawStage(live)).toBe(selectWithdrawStage(model));
          expect(selectWithdrawMessages(live)).toEqual(selectWithdrawMessages(model));
          expect(live.context.idempotencyKey === null).toBe(model.context.idempotencyKey === null);
        },
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
          loadPrerequisites: fromPromise(async () => {
            loads += 1;
            return options.prerequisites ?? ready;
          }),
          requestWithdrawal: fromPromise(async ({ input }) => {
            requests.push(input);
            return (options.request ?? (async () => withdrawal('withdrawalReview')))(input);
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
    const change = (field: string, value: string | number) =>
      actor.send({ type: 'field.changed', field, value } as never);
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
    return { actor, clock, requests, effects, settle, change, followed, loads: () => loads };
  }

  it('asks, in order, for personal information, a bound card, verified identity and a payment password', async () => {
    const cases: [WithdrawPrerequisites, string][] = [
      [
        { profile: { ...profile, pinyinName: null, kycStatus: 'notSubmitted', hasPayPassword: false }, cards: [] },
        'needsPersonalInformation',
      ],
      [{ profile: { ...profile, kycStatus: 'notSubmitted', hasPayPassword: false }, cards: [] }, 'needsBankCard'],
      [{ profile: { ...profile, kycStatus: 'rejected', hasPayPassword: false }, cards: [card] }, 'needsKyc'],
      [{ profile: { ...profile, hasPayPassword: false }, cards: [card] }, 'needsPayPassword'],
      [ready, 'editing'],
    ];
    for (const [prerequisites, stage] of cases) {
      const { actor, settle } = start({ prerequisites });
      await settle();
      expect(selectWithdrawStage(actor.getSnapshot())).toBe(stage);
    }
  });

  it('checks the amount against the balance and the payment password format', async () => {
    const { actor, settle, change, requests } = start();
    await settle();
    expect(selectWithdrawValues(actor.getSnapshot()).bankCardId).toBe(3);
    actor.send({ type: 'withdraw.submit' });
    expect(selectWithdrawMessages(actor.getSnapshot())).toEqual({
      amount: { key: 'validation.amountRequired' },
      payPassword: { key: 'validation.required' },
    });
    change('amount', '20001');
    change('payPassword', '12345');
    expect(selectWithdrawMessages(actor.getSnapshot())).toEqual({
      amount: { key: 'validation.amountOverBalance', values: { balance: 20_000 } },
      payPassword: { key: 'validation.payPasswordFormat' },
    });
    expect(requests).toEqual([]);
  });

  it('one withdrawal, one key: a double click and a retry after no answer hold the amount once', async () => {
    let attempts = 0;
    const { actor, settle, change, requests, effects, followed } = start({
      request: async () => {
        attempts += 1;
        if (attempts === 1) throw offline;
        return withdrawal('withdrawalReview');
      },
    });
    await settle();
    change('amount', '8,000');
    change('payPassword', '246801');
    actor.send({ type: 'withdraw.submit' });
    actor.send({ type: 'withdraw.submit' });
    await settle();
    expect(selectWithdrawStage(actor.getSnapshot())).toBe('requestInterrupted');
    actor.send({ type: 'request.retry' });
    await settle();
    expect(requests).toEqual([
      { bankCardId: 3, amount: 8_000, payPassword: '246801', idempotencyKey: expect.any(String) },
      { bankCardId: 3, amount: 8_000, payPassword: '246801', idempotencyKey: requests[0]?.idempotencyKey },
    ]);
    expect(followed()?.withdrawal.status).toBe('withdrawalReview');
    expect(selectWithdrawValues(actor.getSnapshot()).payPassword).toBe('');
    expect(effects).toEqual(['withdrawalChanged']);
  });

  it('a wrong payment password clears the field, shows the sentence, and the next try is a new request', async () => {
    let attempts = 0;
    const { actor, settle, change, requests } = start({
      request: async () => {
        attempts += 1;
        if (attempts === 1) throw wrongPayPassword;
        return withdrawal('withdrawalReview');
      },
    });
    await settle();
    change('amount', '8000');
    change('payPassword', '111111');
    actor.send({ type: 'withdraw.submit' });
    await settle();
    expect(selectWithdrawStage(actor.getSnapshot())).toBe('editing');
    expect(selectWithdrawValues(actor.getSnapshot()).payPassword).toBe('');
    expect(selectWithdrawMessages(actor.getSnapshot()).payPassword).toEqual({
      text: '支払いパスワードが正しくありません',
    });
    change('payPassword', '246801');
    actor.send({ type: 'withdraw.submit' });
    await settle();
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it('follows the review to the failure with its reason, then starts over with a fresh balance', async () => {
    const { actor, clock, settle, change, effects, followed, loads } = start({
      withdrawals: [withdrawal('withdrawalReview'), withdrawal('withdrawalFailed', 'The account is closed')],
    });
    await settle();
    change('amount', '8000');
    change('payPassword', '246801');
    actor.send({ type: 'withdraw.submit' });
    await settle();
    expect(selectWithdrawStage(actor.getSnapshot())).toBe('following');
    clock.increment(10_000);
    await settle();
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawalReview'), settled: false });
    clock.increment(10_000);
    await settle();
    expect(followed()).toEqual({ withdrawal: withdrawal('withdrawalFailed', 'The account is closed'), settled: true });
    expect(effects).toEqual(['withdrawalChanged', 'orderChanged']);
    expect(actor.getSnapshot().can({ type: 'withdraw.edit' })).toBe(false);
    actor.send({ type: 'withdraw.again' });
    await settle();
    expect(loads()).toBe(2);
    expect(selectWithdrawStage(actor.getSnapshot())).toBe('editing');
    expect(selectWithdrawValues(actor.getSnapshot()).amount).toBe('');
  });
});
