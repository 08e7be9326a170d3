import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type OperatorSession,
  type OperatorSignInSnapshot,
  type OperatorSignInValues,
  operatorSignInMachine,
  selectOperatorSignInMessages,
} from '../../machines/operator-sign-in.machine';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const fixtures: EventFixtures<typeof operatorSignInMachine> = {
  'field.changed': [
    { type: 'field.changed', field: 'account', value: 'deskone' },
    { type: 'field.changed', field: 'password', value: 'Quiet lantern 2026!' },
    { type: 'field.changed', field: 'totpCode', value: '123456' },
  ],
  'form.submit': [{ type: 'form.submit' }],
};

const refused = Object.assign(new Error('The account, password or authenticator code is not correct.'), {
  code: 400,
  fields: { totpCode: 'The account, password or authenticator code is not correct.' },
});
const session: OperatorSession = { token: 't'.repeat(43), userId: 7, account: 'deskone', expiresAt: '2026-11-22T08:00:00.000Z' };
const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.signIn', output: session },
  { type: 'xstate.error.actor.signIn', error: refused },
];

const serializeState = (snapshot: OperatorSignInSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.values, snapshot.context.showErrors, snapshot.context.refusals]);

describe('operator sign-in machine model', () => {
  const reached = new Set<string>();
  const paths = modelPaths(operatorSignInMachine, { fixtures, outcomes, serializeState });
  for (const { endState } of paths) reached.add(endState);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(operatorSignInMachine, path, {
        actorNames: ['signIn'],
        outcomes,
        check: (live, model) => expect(selectOperatorSignInMessages(live)).toEqual(selectOperatorSignInMessages(model)),
      });
    });
  }

  it('reaches every state', () => {
    expect([...reached].sort()).toEqual(['"editing"', '"signedIn"', '"signingIn"']);
  });
});

describe('operator sign-in rules', () => {
  function start(fail?: unknown) {
    const calls: OperatorSignInValues[] = [];
    const stored: OperatorSession[] = [];
    const actor = createActor(
      operatorSignInMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw fail;
            return session;
          }),
        },
        actions: { storeSession: (_, params) => void stored.push(params) },
      }),
    ).start();
    const type = (field: 'account' | 'password' | 'totpCode', value: string) => actor.send({ type: 'field.changed', field, value });
    return { actor, calls, stored, type };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('refuses a code that is not six digits without calling the server', () => {
    const { actor, calls, type } = start();
    type('account', 'deskone');
    type('password', 'secret');
    type('totpCode', '12345');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectOperatorSignInMessages(actor.getSnapshot())).toEqual({ totpCode: { key: 'signIn.totpCodeFormat' } });
    expect(calls).toEqual([]);
  });

  it('sends trimmed values and stores the session', async () => {
    const { actor, calls, stored, type } = start();
    type('account', ' deskone ');
    type('password', ' pass ');
    type('totpCode', ' 654321 ');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(calls).toEqual([{ account: 'deskone', password: ' pass ', totpCode: '654321' }]);
    expect(stored).toEqual([session]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('clears the used code after a refusal and drops the sentence once the code changes', async () => {
    const { actor, type } = start(refused);
    type('account', 'deskone');
    type('password', 'pass');
    type('totpCode', '654321');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().context.values.totpCode).toBe('');
    expect(selectOperatorSignInMessages(actor.getSnapshot()).totpCode).toEqual({ text: refused.message });
    type('totpCode', '1');
    expect(selectOperatorSignInMessages(actor.getSnapshot()).totpCode).toEqual({ key: 'signIn.totpCodeFormat' });
  });
});
