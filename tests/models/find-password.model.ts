import { findPasswordMachine } from '@machines/find-password.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof findPasswordMachine> = {
  'account.submit': [{ type: 'account.submit', account: 'hanako7', qrcode: 'k7PQ' }],
  'password.submit': [{ type: 'password.submit', qrcode: '123456', newPassword: 'Momiji-2025' }],
  'captcha.changed': [
    { type: 'captcha.changed', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
    { type: 'captcha.changed', uuid: null },
  ],
  'step.back': [{ type: 'step.back' }],
};

/** Refusals naming their fields, as the api client's errors do. */
export const wrongCaptcha = Object.assign(new Error('wrong captcha'), {
  code: 400,
  fields: { qrcode: '画像認証コードが正しくありません' },
});
export const codeRefused = Object.assign(new Error('expired code'), {
  code: 400,
  fields: { qrcode: '認証コードが正しくないか、有効期限が切れています' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.requestResetCode' },
  { type: 'xstate.error.actor.requestResetCode', error: wrongCaptcha },
  { type: 'xstate.done.actor.resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: codeRefused },
];

type Snapshot = ReturnType<typeof findPasswordMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.identified !== null,
    Object.keys(snapshot.context.refusals),
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
