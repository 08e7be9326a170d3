import { findPasswordMachine } from '@machines/find-password.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof findPasswordMachine> = {
  'field.changed': [
    { type: 'field.changed', field: 'account', value: 'hanako7' },
    { type: 'field.changed', field: 'captcha', value: 'k7PQ' },
    { type: 'field.changed', field: 'code', value: '123456' },
    { type: 'field.changed', field: 'newPassword', value: 'Momiji-2025' },
    { type: 'field.changed', field: 'confirmPassword', value: 'Momiji-2025' },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'captcha.changed': [
    { type: 'captcha.changed', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
    { type: 'captcha.changed', uuid: null },
  ],
  'step.back': [{ type: 'step.back' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.requestResetCode' },
  { type: 'xstate.error.actor.requestResetCode', error: new Error('wrong captcha') },
  { type: 'xstate.done.actor.resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: new Error('expired code') },
];

type Snapshot = ReturnType<typeof findPasswordMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.values,
    snapshot.context.showErrors,
    snapshot.context.captchaUuid !== null,
  ]);

export const findPasswordModel = machineModel({
  title: 'findPasswordMachine',
  machine: findPasswordMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['captcha', 'requestResetCode', 'resetPassword'],
});
