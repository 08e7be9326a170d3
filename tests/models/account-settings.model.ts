import type { Profile } from '@contract/auth';
import { type AccountSettingsSnapshot, accountSettingsMachine } from '@machines/account-settings.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const profile: Profile = {
  userId: 7,
  username: 'hanako7',
  email: 'hanako@example.jp',
  nickname: 'Hana',
  phone: '+819012345678',
  firstName: null,
  lastName: null,
  pinyinName: null,
  balance: 0,
  lastLoginAt: null,
  registeredAt: '2026-11-01T00:00:00.000Z',
  isAgent: false,
  hasPassword: true,
  hasPayPassword: false,
  kycStatus: 'notSubmitted',
};
export const dialCodes = ['+1', '+81', '+852', '+86'];
export const input = { profile, dialCodes };

export const refusal = Object.assign(new Error('refused'), { code: 422, fields: { firstName: '名前が違います' } });

/** The profile form as sent: the saved profile with the names given. */
export const profileValues = {
  nickname: 'Hana',
  dialCode: '+81',
  nationalNumber: '9012345678',
  firstName: '花子',
  lastName: '山田',
  pinyinName: 'ヤマダ ハナコ',
};

/** Each form is its own region: its events alone walk it, so the others stay in editing. */
const regions = {
  profile: {
    fixtures: {
      'profile.submit': [{ type: 'profile.submit', ...profileValues }],
      'idNumber.submit': [],
      'password.submit': [],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [{ type: 'xstate.done.actor.saveProfile' }, { type: 'xstate.error.actor.saveProfile', error: refusal }],
  },
  idNumber: {
    fixtures: {
      'profile.submit': [],
      'idNumber.submit': [{ type: 'idNumber.submit', idNumber: 'AB-1234567' }],
      'password.submit': [],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [
      { type: 'xstate.done.actor.saveIdNumber' },
      { type: 'xstate.error.actor.saveIdNumber', error: new Error('offline') },
    ],
  },
  password: {
    fixtures: {
      'profile.submit': [],
      'idNumber.submit': [],
      'password.submit': [{ type: 'password.submit', oldPassword: 'Old-pass-2024', newPassword: 'Sakura-2025!' }],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [
      { type: 'xstate.done.actor.changePassword' },
      { type: 'xstate.error.actor.changePassword', error: new Error('wrong password') },
    ],
  },
} as const;

// A form's count of saves only restarts it: saved once or twice, it is the same state.
const serializeState = (snapshot: AccountSettingsSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.saved,
    snapshot.context.refusals,
    Object.values(snapshot.context.saves).map((count) => count > 0),
  ]);

/** One walk per form, by region. */
export const regionModels = Object.fromEntries(
  Object.entries(regions).map(([region, { fixtures, outcomes }]) => [
    region,
    machineModel({
      title: `accountSettingsMachine, ${region} form`,
      machine: accountSettingsMachine,
      fixtures: fixtures as EventFixtures<typeof accountSettingsMachine>,
      outcomes: outcomes as unknown as ActorOutcome[],
      input,
      serializeState,
      actorNames: ['saveProfile', 'saveIdNumber', 'changePassword'],
    }),
  ]),
);
