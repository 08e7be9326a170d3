import type { Profile } from '@contract/auth';
import {
  type AccountSettingsSnapshot,
  accountSettingsMachine,
  selectIdNumberMessages,
} from '@machines/account-settings.machine';
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

/** Each form is its own region: its events alone walk it, so the others stay in editing. */
const regions = {
  profile: {
    fixtures: {
      'profile.changed': [
        { type: 'profile.changed', field: 'firstName', value: '花子' },
        { type: 'profile.changed', field: 'nationalNumber', value: '12' },
        { type: 'profile.changed', field: 'nationalNumber', value: '090-1111-2222' },
      ],
      'profile.submit': [{ type: 'profile.submit' }],
      'idNumber.changed': [],
      'idNumber.submit': [],
      'password.changed': [],
      'password.submit': [],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [{ type: 'xstate.done.actor.saveProfile' }, { type: 'xstate.error.actor.saveProfile', error: refusal }],
  },
  idNumber: {
    fixtures: {
      'profile.changed': [],
      'profile.submit': [],
      'idNumber.changed': [
        { type: 'idNumber.changed', value: 'AB-1234567' },
        { type: 'idNumber.changed', value: 'x!' },
      ],
      'idNumber.submit': [{ type: 'idNumber.submit' }],
      'password.changed': [],
      'password.submit': [],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [
      { type: 'xstate.done.actor.saveIdNumber' },
      { type: 'xstate.error.actor.saveIdNumber', error: new Error('offline') },
    ],
  },
  password: {
    fixtures: {
      'profile.changed': [],
      'profile.submit': [],
      'idNumber.changed': [],
      'idNumber.submit': [],
      'password.changed': [
        { type: 'password.changed', field: 'oldPassword', value: 'Old-pass-2024' },
        { type: 'password.changed', field: 'newPassword', value: 'Sakura-2025!' },
        { type: 'password.changed', field: 'confirmPassword', value: 'Sakura-2025!' },
      ],
      'password.submit': [{ type: 'password.submit' }],
    } satisfies EventFixtures<typeof accountSettingsMachine>,
    outcomes: [
      { type: 'xstate.done.actor.changePassword' },
      { type: 'xstate.error.actor.changePassword', error: new Error('wrong password') },
    ],
  },
} as const;

const serializeState = (snapshot: AccountSettingsSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.showErrors,
    snapshot.context.profile,
    snapshot.context.refusals,
    snapshot.context.idNumber,
    selectIdNumberMessages(snapshot),
    snapshot.context.password,
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
