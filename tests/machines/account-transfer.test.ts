import {
  type AccountTransferSnapshot,
  accountTransferMachine,
  selectAccountTransferBusy,
  selectAccountTransferView,
  selectCanResend,
  selectResendSecondsLeft,
  transferResendMs,
} from '@machines/account-transfer.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const fixtures: EventFixtures<typeof accountTransferMachine> = {
  'oldAccount.submit': [{ type: 'oldAccount.submit', oldAccount: 'jsy_taro' }],
  'card.submit': [{ type: 'card.submit', cardNumber: '622200001111' }],
  'code.resend': [{ type: 'code.resend' }],
  'signIn.submit': [{ type: 'signIn.submit', password: 'Old platform pass 1', code: '123456' }],
  'move.confirm': [{ type: 'move.confirm' }],
  restart: [{ type: 'restart' }],
};

const delivery = {
  maskedEmail: 'js***@old.example.test',
  codeExpiresAt: '2026-11-26T00:10:00.000Z',
  resendAvailableAt: '2026-11-26T00:01:00.000Z',
};
const refusal = (code: number, message: string, fields: Record<string, string> = {}) =>
  Object.assign(new Error(message), { code, fields, retryAfterSeconds: code === 429 ? 30 : null });
const offline = refusal(0, 'Request Error');

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.validateAccount', output: { transferId: 'tr_0123456789abcdef' } },
  {
    type: 'xstate.error.actor.validateAccount',
    error: refusal(404, 'No account', { oldAccount: 'No account' }),
  },
  { type: 'xstate.done.actor.proveCard', output: delivery },
  { type: 'xstate.error.actor.proveCard', error: refusal(400, 'Wrong card', { cardNumber: 'Wrong card' }) },
  { type: 'xstate.done.actor.resendCode', output: delivery },
  { type: 'xstate.error.actor.resendCode', error: refusal(429, 'Wait 30 s') },
  { type: 'xstate.error.actor.resendCode', error: offline },
  { type: 'xstate.done.actor.signIn', output: { oldAccount: 'jsy_taro', balance: 12_345 } },
  { type: 'xstate.error.actor.signIn', error: refusal(400, 'Wrong code', { code: 'Wrong code' }) },
  { type: 'xstate.done.actor.confirmMove', output: { amount: 12_345, balance: 20_000 } },
  { type: 'xstate.error.actor.confirmMove', error: offline },
  {
    type: 'xstate.after.resendCountdown.accountTransfer.enteringCode.resendLocked',
    delayMs: transferResendMs,
  },
];

const serializeState = (snapshot: AccountTransferSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.refusal, snapshot.context.transferId !== null]);

const states = [
  'enteringOldAccount',
  'checkingOldAccount',
  'enteringCard',
  'checkingCard',
  { enteringCode: 'resendLocked' },
  { enteringCode: 'resendOpen' },
  { enteringCode: 'resending' },
  'signingIn',
  'reviewingBalance',
  'moving',
  'moved',
];

describe('account transfer machine model', () => {
  const paths = modelPaths(accountTransferMachine, { fixtures, outcomes, serializeState });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of states) expect(reached).toContain(JSON.stringify(state));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(accountTransferMachine, path, {
        actorNames: ['validateAccount', 'proveCard', 'resendCode', 'signIn', 'confirmMove'],
        outcomes,
        check: (live, model) => {
          expect(selectAccountTransferView(live)).toBe(selectAccountTransferView(model));
          expect(selectAccountTransferBusy(live)).toBe(selectAccountTransferBusy(model));
          expect(selectCanResend(live)).toBe(selectCanResend(model));
          expect(live.context).toEqual(model.context);
        },
      });
    });
  }
});

describe('account transfer rules', () => {
  function start() {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const actor = createActor(
      accountTransferMachine.provide({
        actors: {
          validateAccount: fromPromise(async ({ input }) => {
            calls.push(`validate ${input.oldAccount}`);
            return { transferId: 'tr_0123456789abcdef' };
          }),
          proveCard: fromPromise(async ({ input }) => {
            calls.push(`card ${input.transferId} ${input.cardNumber}`);
            return delivery;
          }),
          resendCode: fromPromise(async () => {
            calls.push('resend');
            return delivery;
          }),
          signIn: fromPromise(async ({ input }) => {
            calls.push(`sign in ${input.code}`);
            if (input.code !== '123456') throw refusal(400, 'Wrong code', { code: 'Wrong code' });
            return { oldAccount: 'jsy_taro', balance: 12_345 };
          }),
          confirmMove: fromPromise(async ({ input }) => {
            calls.push(`confirm ${input.transferId}`);
            return { amount: 12_345, balance: 20_000 };
          }),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, clock, settle };
  }

  it('locks resend for the countdown, then allows one resend that locks it again', async () => {
    const { actor, calls, clock, settle } = start();
    actor.send({ type: 'oldAccount.submit', oldAccount: 'jsy_taro' });
    await settle();
    actor.send({ type: 'card.submit', cardNumber: '622200001111' });
    await settle();
    expect(selectAccountTransferView(actor.getSnapshot())).toBe('enteringCode');
    expect(selectResendSecondsLeft(actor.getSnapshot(), Date.parse(delivery.resendAvailableAt) - 42_500)).toBe(43);
    actor.send({ type: 'code.resend' });
    clock.increment(transferResendMs - 1);
    await settle();
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    await settle();
    expect(selectCanResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'code.resend' });
    await settle();
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    expect(calls.filter((call) => call === 'resend')).toHaveLength(1);
  });

  it('a refused code stays on the code step with the message on its field; then the move completes', async () => {
    const { actor, calls, settle } = start();
    actor.send({ type: 'oldAccount.submit', oldAccount: 'jsy_taro' });
    await settle();
    actor.send({ type: 'card.submit', cardNumber: '622200001111' });
    await settle();
    actor.send({ type: 'signIn.submit', password: 'x', code: '000000' });
    await settle();
    expect(selectAccountTransferView(actor.getSnapshot())).toBe('enteringCode');
    expect(actor.getSnapshot().context.fields).toEqual({ code: 'Wrong code' });
    actor.send({ type: 'signIn.submit', password: 'x', code: '123456' });
    await settle();
    expect(actor.getSnapshot().context.fields).toEqual({});
    expect(actor.getSnapshot().context.found).toEqual({ oldAccount: 'jsy_taro', balance: 12_345 });
    actor.send({ type: 'move.confirm' });
    await settle();
    expect(selectAccountTransferView(actor.getSnapshot())).toBe('moved');
    expect(calls).toEqual([
      'validate jsy_taro',
      'card tr_0123456789abcdef 622200001111',
      'sign in 000000',
      'sign in 123456',
      'confirm tr_0123456789abcdef',
    ]);
  });
});
