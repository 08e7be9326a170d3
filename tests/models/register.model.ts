import { registerMachine } from '@machines/register.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof registerMachine> = {
  'field.changed': [
    { type: 'field.changed', field: 'email', value: 'hanako@example.jp' },
    { type: 'field.changed', field: 'code', value: '123456' },
    { type: 'field.changed', field: 'acceptTerms', value: true },
    { type: 'field.changed', field: 'username', value: 'hanako7' },
    { type: 'field.changed', field: 'password', value: 'Sakura-2024' },
    { type: 'field.changed', field: 'confirmPassword', value: 'Sakura-2024' },
    { type: 'field.changed', field: 'agentCode', value: 'AG1234' },
  ],
  'code.send': [{ type: 'code.send' }],
  'form.submit': [{ type: 'form.submit' }],
  'step.back': [{ type: 'step.back' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: new Error('wrong code') },
  { type: 'xstate.done.actor.createAccount', output: { token: 'tok-new', expiresAt: '2026-12-01T00:00:00.000Z' } },
  { type: 'xstate.error.actor.createAccount', error: new Error('name taken') },
];

type Snapshot = ReturnType<typeof registerMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.values, snapshot.context.showErrors, snapshot.context.emailChecked]);

export const registerModel = machineModel({
  title: 'registerMachine',
  machine: registerMachine,
  fixtures,
  outcomes,
  input: {},
  serializeState,
  actorNames: ['verifyCode', 'createAccount'],
});
