import { type LoginInput, loginMachine } from '@machines/login.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof loginMachine> = {
  'field.changed': [
    { type: 'field.changed', field: 'account', value: 'hanako7' },
    { type: 'field.changed', field: 'password', value: 'Sakura-2024' },
    { type: 'field.changed', field: 'captcha', value: 'k7PQ' },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'captcha.changed': [
    { type: 'captcha.changed', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
    { type: 'captcha.changed', uuid: null },
  ],
  'provider.signIn': [{ type: 'provider.signIn', credential: { provider: 'google', token: 'google-id-token' } }],
  'provider.redirect': [{ type: 'provider.redirect', provider: 'line' }],
  'code.changed': [
    { type: 'code.changed', value: '287082' },
    { type: 'code.changed', value: '28' },
  ],
  'code.submit': [{ type: 'code.submit' }],
  'code.cancel': [{ type: 'code.cancel' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPreference', output: { remember: true, account: 'taro8' } },
  { type: 'xstate.error.actor.loadPreference', error: new Error('storage blocked') },
  { type: 'xstate.done.actor.signIn', output: { token: 'tok-1', expiresAt: '2026-12-01T00:00:00.000Z' } },
  {
    type: 'xstate.done.actor.signIn',
    output: { appKeyTicket: '7.1.1800000000000.mac', expiresAt: '2026-12-01T00:05:00.000Z' },
  },
  { type: 'xstate.error.actor.signIn', error: new Error('wrong password') },
  { type: 'xstate.done.actor.signInWithAppKey', output: { token: 'tok-4', expiresAt: '2026-12-01T00:00:00.000Z' } },
  { type: 'xstate.error.actor.signInWithAppKey', error: new Error('code refused') },
  { type: 'xstate.done.actor.signInWithProvider', output: { token: 'tok-3', expiresAt: '2026-12-01T00:00:00.000Z' } },
  { type: 'xstate.error.actor.signInWithProvider', error: new Error('refused') },
];

type Snapshot = ReturnType<typeof loginMachine.getInitialSnapshot>;
export const filled = (snapshot: Snapshot) => {
  const { account, password, captcha } = snapshot.context.values;
  return [account !== '', password !== '', captcha !== ''];
};
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    filled(snapshot),
    snapshot.context.showErrors,
    snapshot.context.captchaUuid !== null,
    snapshot.context.credential?.provider ?? null,
    snapshot.context.appKeyTicket !== null,
    snapshot.context.totpCode,
    snapshot.context.showCodeError,
  ]);

// The captcha child is a promise that never settles: its messages are the fixtures' `captcha.changed`.
const actorNames = ['captcha', 'loadPreference', 'signIn', 'signInWithProvider', 'signInWithAppKey'];

/** A plain visit, and a return from LINE's sign-in page with an agent's code. */
export const loginModels = [
  {},
  { credential: { provider: 'line' as const, token: 'line-code' }, agentCode: 'AG1234' },
].map((input: LoginInput) =>
  machineModel({
    title: `loginMachine ${input.credential ? '[back from LINE]' : '[plain]'}`,
    machine: loginMachine,
    fixtures,
    outcomes,
    input,
    serializeState,
    actorNames,
  }),
);
