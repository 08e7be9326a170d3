import { type SessionProfile, sessionMachine } from '@machines/session.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const profile: SessionProfile = {
  user: {
    userId: 7,
    username: 'taro7',
    nickname: 'Taro',
    email: 'taro@example.jp',
    phone: null,
    firstName: null,
    lastName: null,
    pinyinName: null,
    balance: 1200,
    lastLoginAt: null,
    registeredAt: '2026-11-01T00:00:00.000Z',
    isAgent: true,
    hasPassword: true,
    hasPayPassword: false,
    kycStatus: 'notSubmitted',
  },
  isAgent: true,
  homePage: 'home',
};

const fixtures: EventFixtures<typeof sessionMachine> = {
  'signIn.succeeded': [{ type: 'signIn.succeeded', token: 'tok-1' }],
  'authDialog.show': [
    { type: 'authDialog.show', view: 'login', target: '/user/user-center' },
    { type: 'authDialog.show', view: 'register' },
  ],
  'authDialog.close': [{ type: 'authDialog.close' }],
  logout: [{ type: 'logout' }],
  'session.ended': [{ type: 'session.ended' }],
  'profile.reload': [{ type: 'profile.reload' }],
  'balance.changed': [{ type: 'balance.changed', balance: 900 }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadProfile', output: profile },
  { type: 'xstate.error.actor.loadProfile', error: new Error('401') },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'xstate.error.actor.revokeSession', error: new Error('offline') },
];

const serializeState = (snapshot: { value: unknown; context: { pendingTarget: string | null; dialogView: string } }) =>
  JSON.stringify([snapshot.value, snapshot.context.pendingTarget, snapshot.context.dialogView]);

/** A first visit, and one with a stored token. */
export const sessionModels = [{ storedToken: null }, { storedToken: 'stored' }].map(
  (input: { storedToken: string | null }) =>
    machineModel({
      title: `sessionMachine [${input.storedToken ? 'stored token' : 'no token'}]`,
      machine: sessionMachine,
      fixtures,
      outcomes,
      input,
      serializeState,
      actorNames: ['loadProfile', 'revokeSession'],
    }),
);
