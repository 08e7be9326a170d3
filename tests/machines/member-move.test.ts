import { memberMoveForm } from '@contract/agent';
import {
  type MemberMoveInput,
  type MemberMoveRequest,
  memberMoveMachine,
  selectMoveAmount,
  selectMoveBalances,
  selectMoveLimit,
  selectMoveRefusal,
  selectMoveStage,
} from '@machines/member-move.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { frozen, inputs, memberMoveModels, moved, networkDown } from '../models/member-move.model';
import { modelPaths, replayPath } from './model-paths';

describe('member move machine model', () => {
  const reached = new Set<string>();
  for (const model of memberMoveModels) {
    const paths = modelPaths(model);
    for (const { endState } of paths) reached.add(endState);
    for (const { path, description } of paths) {
      it(`replays [${model.input?.direction}] ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(selectMoveAmount(live)).toEqual(selectMoveAmount(model));
          expect(selectMoveBalances(live)).toEqual(selectMoveBalances(model));
          expect(selectMoveRefusal(live)).toEqual(selectMoveRefusal(model));
        });
      });
    }
  }

  it('reaches every state in both directions', () => {
    expect([...reached].sort()).toEqual([
      '"confirming"',
      '"done"',
      '"editing"',
      '"interrupted"',
      '"refused"',
      '"submitting"',
    ]);
  });
});

describe('member move rules', () => {
  function start(input: MemberMoveInput, answers: (Error | null)[]) {
    const calls: MemberMoveRequest[] = [];
    const effects: string[] = [];
    const actor = createActor(
      memberMoveMachine.provide({
        actors: {
          moveCoins: fromPromise(async ({ input: request }) => {
            calls.push(request);
            const failure = answers.shift();
            if (failure) throw failure;
            return moved;
          }),
        },
        actions: { balancesChanged: () => void effects.push('refresh') },
      }),
      { input },
    ).start();
    const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, send, settle };
  }

  it('takes a positive whole amount no larger than the agent’s balance, or for a decrease what may be taken back', () => {
    const messages = (input: MemberMoveInput, amount: string) => {
      const limit = selectMoveLimit(start(input, []).actor.getSnapshot());
      const overLimit =
        input.direction === 'transfer' ? 'validation.amountOverBalance' : 'validation.amountOverTakeable';
      const result = v.safeParse(memberMoveForm(limit, overLimit), { amount });
      return result.success ? result.output : v.flatten(result.issues).nested;
    };
    expect(messages(inputs[0]!, ' ')).toEqual({ amount: ['validation.amountRequired'] });
    for (const text of ['0', '-5', '1.5', 'abc'])
      expect(messages(inputs[0]!, text), text).toEqual({ amount: ['validation.amount'] });
    expect(messages(inputs[0]!, '1,001')).toEqual({ amount: ['validation.amountOverBalance'] });
    expect(messages(inputs[0]!, '1,000')).toEqual({ amount: 1_000 });
    expect(messages(inputs[1]!, '301')).toEqual({ amount: ['validation.amountOverTakeable'] });
    expect(messages(inputs[1]!, '300')).toEqual({ amount: 300 });
  });

  it('goes back to the form with the amount last reviewed', () => {
    const { actor, send } = start(inputs[0]!, []);
    expect(selectMoveAmount(actor.getSnapshot())).toBeNull();
    send({ type: 'move.review', amount: 300 });
    expect(selectMoveStage(actor.getSnapshot())).toBe('confirming');
    send({ type: 'move.back' });
    expect(selectMoveStage(actor.getSnapshot())).toBe('editing');
    expect(selectMoveAmount(actor.getSnapshot())).toBe(300);
  });

  it('shows both balances before and after, the expected ones while confirming and the answered ones when done', async () => {
    const { actor, send, settle } = start(inputs[0]!, []);
    send({ type: 'move.review', amount: 300 });
    expect(selectMoveBalances(actor.getSnapshot())).toEqual({
      amount: 300,
      before: { agent: 1_000, member: 50 },
      after: { agent: 700, member: 350 },
    });
    send({ type: 'move.confirm' });
    await settle();
    expect(selectMoveStage(actor.getSnapshot())).toBe('done');
    expect(selectMoveBalances(actor.getSnapshot()).after).toEqual({ agent: 700, member: 350 });

    const decrease = start(inputs[1]!, []);
    decrease.send({ type: 'move.review', amount: 300 });
    expect(selectMoveBalances(decrease.actor.getSnapshot()).after).toEqual({ agent: 700, member: 50 });
  });

  it('retries a move that got no answer with the same key, and a new move after going back gets a new key', async () => {
    const { actor, calls, effects, send, settle } = start(inputs[0]!, [networkDown, networkDown, null]);
    send({ type: 'move.review', amount: 300 });
    send({ type: 'move.confirm' });
    await settle();
    expect(selectMoveStage(actor.getSnapshot())).toBe('interrupted');
    send({ type: 'move.retry' });
    await settle();
    expect(calls.map((call) => call.idempotencyKey)).toEqual([calls[0]!.idempotencyKey, calls[0]!.idempotencyKey]);
    send({ type: 'move.edit' });
    send({ type: 'move.review', amount: 300 });
    send({ type: 'move.confirm' });
    await settle();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
    expect(calls[2]!.body).toEqual({ memberUserId: 7, amount: 300 });
    expect(effects).toEqual(['refresh']);
    expect(selectMoveStage(actor.getSnapshot())).toBe('done');
  });

  it("shows the server's refusal, refreshes the balances, and lets the agent edit and send a new move", async () => {
    const { actor, calls, effects, send, settle } = start(inputs[0]!, [frozen, null]);
    send({ type: 'move.review', amount: 300 });
    send({ type: 'move.confirm' });
    await settle();
    expect(selectMoveStage(actor.getSnapshot())).toBe('refused');
    expect(selectMoveRefusal(actor.getSnapshot())).toBe(frozen.message);
    expect(effects).toEqual(['refresh']);
    send({ type: 'move.edit' });
    expect(selectMoveRefusal(actor.getSnapshot())).toBeNull();
    send({ type: 'move.review', amount: 300 });
    send({ type: 'move.confirm' });
    await settle();
    expect(calls[1]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
  });
});
