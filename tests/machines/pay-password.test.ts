import { changePayPasswordForm, setPayPasswordForm } from '@contract/auth';
import {
  type PayPasswordChange,
  type PayPasswordInput,
  payPasswordMachine,
  selectPayPasswordFields,
  selectPayPasswordRefusals,
  selectPayPasswordStage,
} from '@machines/pay-password.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { payPasswordModels, wrongPassword } from '../models/pay-password.model';
import { modelPaths, replayPath } from './model-paths';

describe('pay password machine model', () => {
  const reached = new Set<string>();
  for (const model of payPasswordModels) {
    const paths = modelPaths(model);
    for (const { endState } of paths) reached.add(endState);
    for (const { path, description } of paths) {
      it(`replays ${model.title} ${description}`, async () => {
        await replayPath(model, path, (live, model) =>
          expect(selectPayPasswordRefusals(live)).toEqual(selectPayPasswordRefusals(model)),
        );
      });
    }
  }

  it('reaches every state over the four ways a page can open', () => {
    expect([...reached].sort()).toEqual(['"alreadySet"', '"editing"', '"notSetYet"', '"saved"', '"saving"']);
  });
});

/** The form shows each field's first message. */
function messages(schema: v.GenericSchema, values: Record<string, string>) {
  const result = v.safeParse(schema, values);
  const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
  return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
}

describe('pay password rules', () => {
  function start(input: PayPasswordInput, fail?: unknown) {
    const calls: PayPasswordChange[] = [];
    const effects: string[] = [];
    const actor = createActor(
      payPasswordMachine.provide({
        actors: {
          savePayPassword: fromPromise(async ({ input: change }) => {
            calls.push(change);
            if (fail) throw fail;
          }),
        },
        actions: { payPasswordSaved: () => void effects.push('saved') },
      }),
      { input },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, settle };
  }

  it('the set form confirms with the login password; six digits; the repetition must match', () => {
    expect(messages(setPayPasswordForm, { password: '', newPayPassword: '', confirmPayPassword: '' })).toEqual({
      password: 'validation.required',
      newPayPassword: 'validation.required',
      confirmPayPassword: 'validation.required',
    });
    expect(
      messages(setPayPasswordForm, { password: 'Sakura-2024', newPayPassword: '12345a', confirmPayPassword: '123456' }),
    ).toEqual({ newPayPassword: 'validation.payPasswordFormat', confirmPayPassword: 'validation.passwordsMismatch' });
    expect(
      messages(setPayPasswordForm, { password: 'Sakura-2024', newPayPassword: '246801', confirmPayPassword: '246801' }),
    ).toEqual({});
  });

  it('the change form confirms with the current payment password and refuses the same one again', () => {
    expect(
      messages(changePayPasswordForm, {
        oldPayPassword: '135790',
        newPayPassword: '135790',
        confirmPayPassword: '135790',
      }),
    ).toEqual({ newPayPassword: 'validation.payPasswordUnchanged' });
    expect(
      messages(changePayPasswordForm, {
        oldPayPassword: '135790',
        newPayPassword: '246801',
        confirmPayPassword: '246801',
      }),
    ).toEqual({});
  });

  it('setting sends the login password once; changing sends the current payment password', async () => {
    const set = start({ intent: 'set', hasPayPassword: false });
    expect(selectPayPasswordFields(set.actor.getSnapshot())).toEqual([
      'password',
      'newPayPassword',
      'confirmPayPassword',
    ]);
    set.actor.send({ type: 'form.submit', newPayPassword: '246801', password: 'Sakura-2024' });
    expect(selectPayPasswordStage(set.actor.getSnapshot())).toBe('editing');
    await set.settle();
    expect(set.calls).toEqual([{ newPayPassword: '246801', password: 'Sakura-2024' }]);
    expect(set.effects).toEqual(['saved']);
    expect(selectPayPasswordStage(set.actor.getSnapshot())).toBe('saved');

    const change = start({ intent: 'change', hasPayPassword: true });
    expect(selectPayPasswordFields(change.actor.getSnapshot())).toEqual([
      'oldPayPassword',
      'newPayPassword',
      'confirmPayPassword',
    ]);
    change.actor.send({ type: 'form.submit', newPayPassword: '246801', oldPayPassword: '135790' });
    await change.settle();
    expect(change.calls).toEqual([{ newPayPassword: '246801', oldPayPassword: '135790' }]);
  });

  it("keeps the server's sentence on a refused confirmation until the form is sent again", async () => {
    const { actor, effects, settle } = start({ intent: 'set', hasPayPassword: false }, wrongPassword);
    actor.send({ type: 'form.submit', newPayPassword: '246801', password: 'wrong' });
    await settle();
    expect(effects).toEqual([]);
    expect(selectPayPasswordStage(actor.getSnapshot())).toBe('editing');
    expect(selectPayPasswordRefusals(actor.getSnapshot())).toEqual({ password: 'パスワードが正しくありません' });
    actor.send({ type: 'form.submit', newPayPassword: '246801', password: 'Sakura-2024' });
    expect(selectPayPasswordRefusals(actor.getSnapshot())).toEqual({});
  });

  it('each page sends the player to the other when it does not apply', () => {
    expect(selectPayPasswordStage(start({ intent: 'set', hasPayPassword: true }).actor.getSnapshot())).toBe(
      'alreadySet',
    );
    expect(selectPayPasswordStage(start({ intent: 'change', hasPayPassword: false }).actor.getSnapshot())).toBe(
      'notSetYet',
    );
  });
});
