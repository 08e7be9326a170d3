import { type LoginInput, loginMachine } from '@machines/login.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const signInValues = { account: 'hanako7', password: 'Sakura-2024', qrcode: 'k7PQ', remember: true };

const fixtures: EventFixtures<typeof loginMachine> = {
  'form.submit': [{ type: 'form.submit', ...signInValues }],
  'captcha.changed': [
    { type: 'captcha.changed', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
    { type: 'captcha.changed', uuid: null },
  ],
  'provider.signIn': [{ type: 'provider.signIn', credential: { provider: 'google', token: 'google-id-token' } }],
  'provider.redirect': [{ type: 'provider.redirect', provider: 'line' }],
  'code.submit': [{ type: 'code.submit', totpCode: '287082' }],
  'code.cancel': [{ type: 'code.cancel' }],
};

/** A refusal naming its fields, as the api client's error does. */
export const wrongPassword = Object.assign(new Error('wrong password'), {
  code: 400,
  fields: { password: 'アカウントまたはパスワードが正しくありません' },
});
export const codeRefused = Object.assign(new Error('code refused'), {
  code: 400,
  fields: { totpCode: '認証コードが正しくありません' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPreference', output: { remember: true, account: 'taro8' } },
  { type: 'xstate.error.actor.loadPreference', error: new Error('storage blocked') },
  { type: 'xstate.done.actor.signIn', output: { token: 'tok-1', expiresAt: '2026-12-01T00:00:00.000Z' } },
  {
    type: 'xstate.done.actor.signIn',
    output: { appKeyTicket: '7.1.password.1800000000000.mac', expiresAt: '2026-12-01T00:05:00.000Z' },
  },
  { type: 'xstate.error.actor.signIn', error: wrongPassword },
  { type: 'xstate.done.actor.signInWithAppKey', output: { token: 'tok-4', expiresAt: '2026-12-01T00:00:00.000Z' } },
  { type: 'xstate.error.actor.signInWithAppKey', error: codeRefused },
  { type: 'xstate.done.actor.signInWithProvider', output: { token: 'tok-3', expiresAt: '2026-12-01T00:00:00.000Z' } },
  {
    type: 'xstate.done.actor.signInWithProvider',
    output: { appKeyTicket: '7.0.google.1800000000000.mac', expiresAt: '2026-12-01T00:05:00.000Z' },
  },
  { type: 'xstate.error.actor.signInWithProvider', error: new Error('refused') },
];

type Snapshot = ReturnType<typeof loginMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.preference,
    Object.keys(snapshot.context.refusals),
    snapshot.context.captchaUuid !== null,
    snapshot.context.credential?.provider ?? null,
    snapshot.context.appKeyTicket !== null,
    snapshot.context.sent !== null,
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
