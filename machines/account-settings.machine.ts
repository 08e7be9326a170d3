/**
 * accountSettings: the account-setting page's three forms, each on its own, side by side.
 *
 * States (three parallel regions):
 * - profile.editing / profile.saving: nickname, phone (dialling code and number) and the names used
 *   for currency exchange (first, last and their reading); only changed fields are sent.
 * - idNumber.editing / idNumber.saving: the number of the identity document used for KYC.
 * - password.editing / password.saving: the login password change (current, new, confirmation).
 *
 * Each region's editing waits for its form to be sent, checked by the view against the contract's
 * schema (profileForm, idNumberForm, changePasswordForm); after a refusal the server's sentence per
 * field is kept for the view to show on that field until it changes. Each saved form starts afresh
 * (`saves` counts them). The names and the ID number are locked while identity is under review or
 * verified (the server refuses them then too): the views show them read-only, and they are never
 * sent then. The machine keeps the profile as the server has it, which "changed" compares with.
 */

import type { Profile } from '@contract/auth';
import type { KycStatus } from '@contract/kyc';
import { composePhone, type ProfileChanges, type ProfileFormValues } from '@contract/user';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

/** While identity is under review or verified, the identity on record may not change. */
export function identityLocked(kycStatus: KycStatus): boolean {
  return kycStatus === 'pendingReview' || kycStatus === 'approved';
}

export type ProfileValues = ProfileFormValues;

const nameFields = ['firstName', 'lastName', 'pinyinName'] as const;

/** Splits an E.164 number at the longest known dialling code; an unknown code keeps the whole number. */
export function splitPhone(
  phone: string | null,
  dialCodes: readonly string[],
): { dialCode: string; nationalNumber: string } {
  if (!phone) return { dialCode: '', nationalNumber: '' };
  const match = [...dialCodes].sort((a, b) => b.length - a.length).find((code) => phone.startsWith(code));
  return match
    ? { dialCode: match, nationalNumber: phone.slice(match.length) }
    : { dialCode: '', nationalNumber: phone };
}

function savedValuesOf(profile: Profile, dialCodes: readonly string[]): ProfileValues {
  return {
    nickname: profile.nickname ?? '',
    ...splitPhone(profile.phone, dialCodes),
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    pinyinName: profile.pinyinName ?? '',
  };
}

/** The fields that differ from what the server has, as the update call wants them. */
export function profileChangesOf(values: ProfileValues, saved: ProfileValues, locked: boolean): ProfileChanges {
  const changes: ProfileChanges = {};
  const nickname = values.nickname.trim();
  if (nickname !== '' && nickname !== saved.nickname) changes.nickname = nickname;
  const phone = composePhone(values.dialCode.trim(), values.nationalNumber.trim());
  if (values.nationalNumber.trim() !== '' && phone !== composePhone(saved.dialCode, saved.nationalNumber)) {
    changes.phone = phone;
  }
  if (!locked) {
    for (const field of nameFields) {
      const value = values[field].trim();
      if (value !== '' && value !== saved[field]) changes[field] = value;
    }
  }
  return changes;
}

type FormName = 'profile' | 'idNumber' | 'password';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

export interface AccountSettingsContext {
  /** The profile as the server has it: what "changed" and "may not be emptied" compare with. */
  saved: ProfileValues;
  identityLocked: boolean;
  /** What each form last sent, for its call; after a save, what the form starts afresh with. */
  sent: { profile: ProfileValues; idNumber: string; password: PasswordChange };
  /** How many times each form was saved: a saved form starts afresh. */
  saves: Record<FormName, number>;
  refusals: Record<FormName, Record<string, string>>;
}

export type AccountSettingsEvent =
  | ({ type: 'profile.submit' } & ProfileValues)
  | { type: 'idNumber.submit'; idNumber: string }
  | ({ type: 'password.submit' } & PasswordChange);

export interface AccountSettingsInput {
  profile: Profile;
  /** Dialling codes of /v2/app/country, to split the stored number into code and national number. */
  dialCodes: readonly string[];
}

const noRefusals = (): Record<FormName, Record<string, string>> => ({ profile: {}, idNumber: {}, password: {} });

export const accountSettingsMachine = setup({
  types: {
    context: {} as AccountSettingsContext,
    events: {} as AccountSettingsEvent,
    input: {} as AccountSettingsInput,
  },
  actors: {
    saveProfile: fromPromise<void, ProfileChanges>(async () => {
      throw new Error('saveProfile must be provided');
    }),
    saveIdNumber: fromPromise<void, { idNumber: string }>(async () => {
      throw new Error('saveIdNumber must be provided');
    }),
    changePassword: fromPromise<void, PasswordChange>(async () => {
      throw new Error('changePassword must be provided');
    }),
  },
  actions: {
    /** The profile changed on the server: refetch it and the header's copy. */
    profileSaved: () => {},
    idNumberSaved: () => {},
    passwordChanged: () => {},
    settle: assign(({ context }, form: FormName) => ({
      saves: { ...context.saves, [form]: context.saves[form] + 1 },
      refusals: { ...context.refusals, [form]: {} },
    })),
    storeRefusals: assign(({ context }, params: { form: FormName; error: unknown }) => ({
      refusals: { ...context.refusals, [params.form]: refusedFields(params.error) },
    })),
  },
  guards: {
    profileChanged: ({ context, event }) =>
      event.type === 'profile.submit' &&
      Object.keys(profileChangesOf(event, context.saved, context.identityLocked)).length > 0,
    idNumberOpen: ({ context }) => !context.identityLocked,
  },
}).createMachine({
  id: 'accountSettings',
  type: 'parallel',
  context: ({ input }) => ({
    saved: savedValuesOf(input.profile, input.dialCodes),
    identityLocked: identityLocked(input.profile.kycStatus),
    sent: {
      profile: savedValuesOf(input.profile, input.dialCodes),
      idNumber: '',
      password: { oldPassword: '', newPassword: '' },
    },
    saves: { profile: 0, idNumber: 0, password: 0 },
    refusals: noRefusals(),
  }),
  states: {
    profile: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.submit': {
              guard: 'profileChanged',
              target: 'saving',
              actions: assign(({ context, event }) => {
                const { type: _type, ...values } = event;
                return { sent: { ...context.sent, profile: values }, refusals: { ...context.refusals, profile: {} } };
              }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => profileChangesOf(context.sent.profile, context.saved, context.identityLocked),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context }) => {
                  const changes = profileChangesOf(context.sent.profile, context.saved, context.identityLocked);
                  const saved = { ...context.saved };
                  for (const field of ['nickname', ...nameFields] as const) {
                    const value = changes[field];
                    if (value !== undefined) saved[field] = value;
                  }
                  if (changes.phone !== undefined) {
                    saved.dialCode = context.sent.profile.dialCode.trim();
                    saved.nationalNumber = changes.phone.slice(saved.dialCode.length);
                  }
                  // The form starts afresh from the profile as the server now has it.
                  return { saved, sent: { ...context.sent, profile: saved } };
                }),
                { type: 'settle', params: 'profile' },
                'profileSaved',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeRefusals',
                params: ({ event }) => ({ form: 'profile' as const, error: event.error }),
              },
            },
          },
        },
      },
    },
    idNumber: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'idNumber.submit': {
              guard: 'idNumberOpen',
              target: 'saving',
              actions: assign(({ context, event }) => ({
                sent: { ...context.sent, idNumber: event.idNumber.trim() },
                refusals: { ...context.refusals, idNumber: {} },
              })),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveIdNumber',
            src: 'saveIdNumber',
            input: ({ context }) => ({ idNumber: context.sent.idNumber }),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context }) => ({ sent: { ...context.sent, idNumber: '' } })),
                { type: 'settle', params: 'idNumber' },
                'idNumberSaved',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeRefusals',
                params: ({ event }) => ({ form: 'idNumber' as const, error: event.error }),
              },
            },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.submit': {
              target: 'saving',
              actions: assign(({ context, event }) => ({
                sent: { ...context.sent, password: { oldPassword: event.oldPassword, newPassword: event.newPassword } },
                refusals: { ...context.refusals, password: {} },
              })),
            },
          },
        },
        saving: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => context.sent.password,
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context }) => ({
                  sent: { ...context.sent, password: { oldPassword: '', newPassword: '' } },
                })),
                { type: 'settle', params: 'password' },
                'passwordChanged',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeRefusals',
                params: ({ event }) => ({ form: 'password' as const, error: event.error }),
              },
            },
          },
        },
      },
    },
  },
});

export type AccountSettingsSnapshot = SnapshotFrom<typeof accountSettingsMachine>;

/** The profile as the server has it: the form starts from it, and "changed" compares with it. */
export const selectSavedProfile = (snapshot: AccountSettingsSnapshot) => snapshot.context.saved;
export const selectIdentityLocked = (snapshot: AccountSettingsSnapshot) => snapshot.context.identityLocked;
/** How many times each form was saved: the view starts a saved form afresh. */
export const selectSaves = (snapshot: AccountSettingsSnapshot) => snapshot.context.saves;
/** The server's sentences on the profile's fields; it names the phone `phone`, the form's number field. */
export const selectProfileRefusals = (snapshot: AccountSettingsSnapshot): Record<string, string> => {
  const { phone, ...refusals } = snapshot.context.refusals.profile;
  return phone ? { ...refusals, nationalNumber: phone } : snapshot.context.refusals.profile;
};
export const selectProfileSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ profile: 'saving' });
export const selectIdNumberRefusals = (snapshot: AccountSettingsSnapshot) => snapshot.context.refusals.idNumber;
export const selectIdNumberSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ idNumber: 'saving' });
export const selectPasswordRefusals = (snapshot: AccountSettingsSnapshot) => snapshot.context.refusals.password;
export const selectPasswordSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ password: 'saving' });
