import {
  type PayPasswordChange,
  type PayPasswordInput,
  payPasswordMachine,
  selectPayPasswordFields,
  selectPayPasswordMessages,
  selectPayPasswordStage,
} from '@machines/pay-password.machine';
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
          expect(selectPayPasswordMessages(live)).toEqual(selectPayPasswordMessages(model)),
        );
      });
    }
  }

  it('reaches every state over the four ways a page can open', () => {
    expect([...reached].sort()).toEqual(['"alreadySet"', '"editing"', '"notSetYet"', '"saved"', '"saving"']);
  });
});

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
    const change = (field: string, value: string) => actor.send({ type: 'field.changed', field, value } as never);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, change, settle };
  }

  it('setting confirms with the login password; six digits; the repetition must match', async () => {
    const { actor, calls, effects, change, settle } = start({ intent: 'set', hasPayPassword: false });
    expect(selectPayPasswordFields(actor.getSnapshot())).toEqual(['password', 'newPayPassword', 'confirmPayPassword']);
    actor.send({ type: 'form.submit' });
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({
      password: { key: 'validation.required' },
      newPayPassword: { key: 'validation.required' },
      confirmPayPassword: { key: 'validation.required' },
    });
    change('password', 'Sakura-2024');
    change('newPayPassword', '12345a');
    change('confirmPayPassword', '123456');
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({
      newPayPassword: { key: 'validation.payPasswordFormat' },
      confirmPayPassword: { key: 'validation.passwordsMismatch' },
    });
    change('newPayPassword', '246801');
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({
      confirmPayPassword: { key: 'validation.passwordsMismatch' },
    });
    change('confirmPayPassword', '246801');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(calls).toEqual([{ newPayPassword: '246801', password: 'Sakura-2024' }]);
    expect(effects).toEqual(['saved']);
    expect(selectPayPasswordStage(actor.getSnapshot())).toBe('saved');
  });

  it('changing confirms with the current payment password and refuses the same one again', async () => {
    const { actor, calls, change, settle } = start({ intent: 'change', hasPayPassword: true });
    expect(selectPayPasswordFields(actor.getSnapshot())).toEqual([
      'oldPayPassword',
      'newPayPassword',
      'confirmPayPassword',
    ]);
    change('oldPayPassword', '135790');
    change('newPayPassword', '135790');
    change('confirmPayPassword', '135790');
    actor.send({ type: 'form.submit' });
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({
      newPayPassword: { key: 'validation.payPasswordUnchanged' },
    });
    change('newPayPassword', '246801');
    change('confirmPayPassword', '246801');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(calls).toEqual([{ newPayPassword: '246801', oldPayPassword: '135790' }]);
  });

  it("a refused confirmation shows the server's sentence on its field until it changes", async () => {
    const { actor, change, settle } = start({ intent: 'set', hasPayPassword: false }, wrongPassword);
    change('password', 'wrong');
    change('newPayPassword', '246801');
    change('confirmPayPassword', '246801');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(selectPayPasswordStage(actor.getSnapshot())).toBe('editing');
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({
      password: { text: 'パスワードが正しくありません' },
    });
    change('password', 'Sakura-2024');
    expect(selectPayPasswordMessages(actor.getSnapshot())).toEqual({});
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
