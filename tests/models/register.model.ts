import { registerMachine } from '@machines/register.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof registerMachine> = {
  'code.send': [
    { type: 'code.send', email: 'hanako@example.jp' },
    { type: 'code.send', email: 'hanako@' },
  ],
  'email.submit': [{ type: 'email.submit', email: 'hanako@example.jp', code: '123456', acceptTerms: true }],
  'account.submit': [{ type: 'account.submit', account: 'hanako7', password: 'Sakura-2024', agentCode: 'AG1234' }],
  'step.back': [{ type: 'step.back' }],
};

/** Refusals naming their fields, as the api client's errors do. */
export const wrongCode = Object.assign(new Error('wrong code'), {
  code: 400,
  fields: { code: '認証コードが正しくありません' },
});
export const nameTaken = Object.assign(new Error('name taken'), {
  code: 409,
  fields: { account: 'このアカウント名はすでに使われています' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: wrongCode },
  { type: 'xstate.done.actor.createAccount', output: { token: 'tok-new', expiresAt: '2026-12-01T00:00:00.000Z' } },
  { type: 'xstate.error.actor.createAccount', error: nameTaken },
];

type Snapshot = ReturnType<typeof registerMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.verification !== null, Object.keys(snapshot.context.refusals)]);

export const registerModel = machineModel({
  title: 'registerMachine',
  machine: registerMachine,
  fixtures,
  outcomes,
  input: {},
  serializeState,
  actorNames: ['verifyCode', 'createAccount'],
});
