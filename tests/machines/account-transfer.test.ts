import {
  accountTransferMachine,
  selectAccountTransferBusy,
  selectAccountTransferView,
  selectCanResend,
  selectResendSecondsLeft,
  transferResendMs,
} from '@machines/account-transfer.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { accountTransferModel, delivery, refusal } from '../models/account-transfer.model';
import { modelPaths, replayPath } from './model-paths';

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
  const paths = modelPaths(accountTransferModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of states) expect(reached).toContain(JSON.stringify(state));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(accountTransferModel, path, (live, model) => {
        expect(selectAccountTransferView(live)).toBe(selectAccountTransferView(model));
        expect(selectAccountTransferBusy(live)).toBe(selectAccountTransferBusy(model));
        expect(selectCanResend(live)).toBe(selectCanResend(model));
        expect(live.context).toEqual(model.context);
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
