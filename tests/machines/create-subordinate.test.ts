import {
  createSubordinateMachine,
  selectCreatedSubordinate,
  selectSubordinateMessages,
  selectSubordinateStage,
  selectSubordinateStrength,
} from '@machines/create-subordinate.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { created, createSubordinateModel, taken } from '../models/create-subordinate.model';
import { modelPaths, replayPath } from './model-paths';

describe('create subordinate machine model', () => {
  const paths = modelPaths(createSubordinateModel);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(createSubordinateModel, path, (live, model) => {
        expect(selectSubordinateMessages(live)).toEqual(selectSubordinateMessages(model));
        expect(selectSubordinateStrength(live)).toBe(selectSubordinateStrength(model));
      });
    });
  }

  it('reaches every state', () => {
    expect([...new Set(paths.map(({ endState }) => endState))].sort()).toEqual([
      '"created"',
      '"creating"',
      '"editing"',
    ]);
  });
});

describe('create subordinate rules', () => {
  function start(fail?: unknown) {
    const calls: { account: string; password: string }[] = [];
    const effects: string[] = [];
    const actor = createActor(
      createSubordinateMachine.provide({
        actors: {
          createSubordinate: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw fail;
            return { ...created, account: input.account };
          }),
        },
        actions: { subordinateCreated: () => void effects.push('created') },
      }),
    ).start();
    const change = (field: string, value: string) => actor.send({ type: 'field.changed', field, value } as never);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, change, settle };
  }

  it('asks for every field, the sign-up name format and length, the password length and a matching repetition', async () => {
    const { actor, calls, effects, change, settle } = start();
    actor.send({ type: 'form.submit' });
    expect(selectSubordinateMessages(actor.getSnapshot())).toEqual({
      account: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });
    change('account', 'has space');
    change('password', 'short');
    change('confirmPassword', 'other');
    expect(selectSubordinateMessages(actor.getSnapshot())).toEqual({
      account: { key: 'validation.accountFormat' },
      password: { key: 'validation.passwordLength', values: { min: 8, max: 128 } },
      confirmPassword: { key: 'validation.passwordsMismatch' },
    });
    change('account', 'abc');
    expect(selectSubordinateMessages(actor.getSnapshot()).account).toEqual({ key: 'validation.accountLength' });
    change('account', ' hanako7 ');
    change('password', 'Cedar grove 2026!');
    change('confirmPassword', 'Cedar grove 2026!');
    expect(selectSubordinateStrength(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(calls).toEqual([{ account: 'hanako7', password: 'Cedar grove 2026!' }]);
    expect(effects).toEqual(['created']);
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('created');
    expect(selectCreatedSubordinate(actor.getSnapshot())?.account).toBe('hanako7');
    actor.send({ type: 'form.again' });
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ account: '', password: '', confirmPassword: '' });
  });

  it("shows the server's sentence on a taken name until the name changes", async () => {
    const { actor, effects, change, settle } = start(taken);
    change('account', 'hanako7');
    change('password', 'Cedar grove 2026!');
    change('confirmPassword', 'Cedar grove 2026!');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(effects).toEqual([]);
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('editing');
    expect(selectSubordinateMessages(actor.getSnapshot())).toEqual({
      account: { text: 'このアカウント名はすでに使われています。' },
    });
    change('account', 'hanako8');
    expect(selectSubordinateMessages(actor.getSnapshot())).toEqual({});
  });
});
