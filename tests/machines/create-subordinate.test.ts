import { teamMemberForm } from '@contract/agent';
import {
  createSubordinateMachine,
  selectCreatedSubordinate,
  selectSubordinateRefusals,
  selectSubordinateStage,
} from '@machines/create-subordinate.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { created, createSubordinateModel, password, taken } from '../models/create-subordinate.model';
import { modelPaths, replayPath } from './model-paths';

describe('create subordinate machine model', () => {
  const paths = modelPaths(createSubordinateModel);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(createSubordinateModel, path, (live, model) => {
        expect(selectSubordinateRefusals(live)).toEqual(selectSubordinateRefusals(model));
        expect(selectCreatedSubordinate(live)).toEqual(selectCreatedSubordinate(model));
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
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, settle };
  }

  it('the form asks for every field, the sign-up name format and length, the password length and a matching repetition', () => {
    // The form shows each field's first message.
    const messages = (values: Record<string, string>) => {
      const result = v.safeParse(teamMemberForm, values);
      const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
      return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
    };
    expect(messages({ account: '', password: '', confirmPassword: '' })).toEqual({
      account: 'validation.required',
      password: 'validation.required',
      confirmPassword: 'validation.required',
    });
    expect(messages({ account: 'has space', password: 'short', confirmPassword: 'other' })).toEqual({
      account: 'validation.accountFormat',
      password: 'validation.passwordLength',
      confirmPassword: 'validation.passwordsMismatch',
    });
    expect(messages({ account: 'abc', password, confirmPassword: password })).toEqual({
      account: 'validation.accountLength',
    });
    expect(messages({ account: ' hanako7 ', password, confirmPassword: password })).toEqual({});
  });

  it('sends the trimmed name once, then may open another', async () => {
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'form.submit', account: ' hanako7 ', password });
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('creating');
    await settle();
    expect(calls).toEqual([{ account: 'hanako7', password }]);
    expect(effects).toEqual(['created']);
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('created');
    expect(selectCreatedSubordinate(actor.getSnapshot())?.account).toBe('hanako7');
    actor.send({ type: 'form.again' });
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('editing');
    expect(selectCreatedSubordinate(actor.getSnapshot())).toBeNull();
  });

  it("keeps the server's sentence on a taken name until the form is sent again", async () => {
    const { actor, effects, settle } = start(taken);
    actor.send({ type: 'form.submit', account: 'hanako7', password });
    await settle();
    expect(effects).toEqual([]);
    expect(selectSubordinateStage(actor.getSnapshot())).toBe('editing');
    expect(selectSubordinateRefusals(actor.getSnapshot())).toEqual({
      account: 'このアカウント名はすでに使われています。',
    });
    actor.send({ type: 'form.submit', account: 'hanako8', password });
    expect(selectSubordinateRefusals(actor.getSnapshot())).toEqual({});
  });
});
