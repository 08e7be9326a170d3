import {
  type OperatorSession,
  type OperatorSignInSnapshot,
  operatorSignInMachine,
} from '@machines/operator-sign-in.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const captchaUuid = 'c2lnbmVkLWNhcHRjaGEtdG9rZW4';

const fixtures: EventFixtures<typeof operatorSignInMachine> = {
  'form.submit': [
    { type: 'form.submit', account: 'deskone', password: 'Quiet lantern 2026!', captcha: 'k7PQ', totpCode: '123456' },
  ],
  'captcha.changed': [
    { type: 'captcha.changed', uuid: captchaUuid },
    { type: 'captcha.changed', uuid: null },
  ],
};

export const refused = Object.assign(new Error('The account, password or authenticator code is not correct.'), {
  code: 400,
  fields: { totpCode: 'The account, password or authenticator code is not correct.' },
});
export const session: OperatorSession = {
  token: 't'.repeat(43),
  userId: 7,
  account: 'deskone',
  expiresAt: '2026-11-22T08:00:00.000Z',
  roles: ['administrator'],
};
const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.signIn', output: session },
  { type: 'xstate.error.actor.signIn', error: refused },
];

const serializeState = (snapshot: OperatorSignInSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.captchaUuid !== null,
    snapshot.context.refusals,
    snapshot.context.alert,
  ]);

export const operatorSignInModel = machineModel({
  title: 'operatorSignInMachine',
  machine: operatorSignInMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['captcha', 'signIn'],
});
