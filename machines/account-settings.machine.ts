/**
 * accountSettings: the account-setting page's three forms, each on its own, side by side.
 *
 * States (three parallel regions):
 * - profile.editing / profile.saving: nickname, phone (dialling code and number) and the names used
 *   for currency exchange (first, last and their reading); only changed fields are sent.
 * - idNumber.editing / idNumber.saving: the number of the identity document used for KYC.
 * - password.editing / password.saving: the login password change (current, new, confirmation).
 *
 * The names and the ID number are locked while identity is under review or verified (the server
 * refuses them then too): the views show them read-only. A field that had a value may not be
 * emptied (the server has no "clear"). Messages appear once the user has tried to save, then follow
 * the input; the server's sentence for a refused field shows until that field changes.
 */

import { type Profile, passwordMaxLength, passwordMinLength } from '@contract/auth';
import type { KycStatus } from '@contract/kyc';
import { idNumberInput, type ProfileChanges, phoneInput } from '@contract/user';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { checkFields, type FieldMessages, hasMessages, refusedFields, withRefusals } from './player-form-fields';

/** While identity is under review or verified, the identity on record may not change. */
export function identityLocked(kycStatus: KycStatus): boolean {
  return kycStatus === 'pendingReview' || kycStatus === 'approved';
}

export const profileFields = ['nickname', 'dialCode', 'nationalNumber', 'firstName', 'lastName', 'pinyinName'] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileValues = Record<ProfileField, string>;

export const passwordFields = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordField = (typeof passwordFields)[number];
export type PasswordValues = Record<PasswordField, string>;

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

/** The E.164 form of a number typed the national way: separators and the trunk prefix 0 dropped. */
export function composePhone(dialCode: string, nationalNumber: string): string {
  const digits = nationalNumber
    .normalize('NFKC')
    .replace(/[\s\-().]/g, '')
    .replace(/^0+/, '');
  return `${dialCode}${digits}`;
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

const personName = v.pipe(v.string(), v.maxLength(50, 'validation.name'));
const profileSchema = v.object({
  nickname: v.pipe(v.string(), v.maxLength(20, 'validation.nickname')),
  firstName: personName,
  lastName: personName,
  pinyinName: v.pipe(v.string(), v.maxLength(100, 'validation.name')),
});

function profileMessages(values: ProfileValues, saved: ProfileValues, locked: boolean): FieldMessages<ProfileField> {
  const trimmed = Object.fromEntries(profileFields.map((field) => [field, values[field].trim()])) as ProfileValues;
  const messages = checkFields<ProfileField>(profileSchema, trimmed);
  if (locked) for (const field of nameFields) delete messages[field];
  const mayNotEmpty = locked ? (['nickname'] as const) : (['nickname', ...nameFields] as const);
  for (const field of mayNotEmpty) {
    if (trimmed[field] === '' && saved[field] !== '') messages[field] = { key: 'validation.required' };
  }
  if (trimmed.nationalNumber !== '' || saved.nationalNumber !== '') {
    if (trimmed.dialCode === '') messages.dialCode = { key: 'validation.dialCode' };
    else if (!v.is(phoneInput, composePhone(trimmed.dialCode, trimmed.nationalNumber))) {
      messages.nationalNumber = { key: 'validation.phone' };
    }
  }
  return messages;
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

const idNumberSchema = v.object({ idNumber: v.pipe(v.string(), v.nonEmpty('validation.required'), idNumberInput) });

const passwordSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.nonEmpty('validation.required')),
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty('validation.required'),
      v.check(
        (password) => [...password].length >= passwordMinLength && password.length <= passwordMaxLength,
        'validation.passwordLength',
      ),
    ),
    confirmPassword: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (values) => values.newPassword === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

function passwordMessages(values: PasswordValues): FieldMessages<PasswordField> {
  const messages = checkFields<PasswordField>(passwordSchema, { ...values });
  if (
    messages.newPassword &&
    'key' in messages.newPassword &&
    messages.newPassword.key === 'validation.passwordLength'
  ) {
    messages.newPassword = {
      key: 'validation.passwordLength',
      values: { min: passwordMinLength, max: passwordMaxLength },
    };
  }
  return messages;
}

type FormName = 'profile' | 'idNumber' | 'password';

export interface AccountSettingsContext {
  profile: ProfileValues;
  /** The profile as the server has it: what "changed" and "may not be emptied" compare with. */
  saved: ProfileValues;
  identityLocked: boolean;
  idNumber: string;
  password: PasswordValues;
  showErrors: Record<FormName, boolean>;
  refusals: Record<FormName, Record<string, string>>;
}

export type AccountSettingsEvent =
  | { type: 'profile.changed'; field: ProfileField; value: string }
  | { type: 'profile.submit' }
  | { type: 'idNumber.changed'; value: string }
  | { type: 'idNumber.submit' }
  | { type: 'password.changed'; field: PasswordField; value: string }
  | { type: 'password.submit' };

export interface AccountSettingsInput {
  profile: Profile;
  /** Dialling codes of /v2/app/country, to split the stored number into code and national number. */
  dialCodes: readonly string[];
}

const noRefusals = (): Record<FormName, Record<string, string>> => ({ profile: {}, idNumber: {}, password: {} });
const emptyPassword: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The server names the phone `phone`; the form has it as dialling code and number. */
function refusalFieldsOf(field: string): string[] {
  return field === 'dialCode' || field === 'nationalNumber' ? [field, 'phone'] : [field];
}

function withoutField(refusals: Record<string, string>, field: string): Record<string, string> {
  const dropped = new Set(refusalFieldsOf(field));
  return Object.fromEntries(Object.entries(refusals).filter(([name]) => !dropped.has(name)));
}

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
    changePassword: fromPromise<void, { oldPassword: string; newPassword: string }>(async () => {
      throw new Error('changePassword must be provided');
    }),
  },
  actions: {
    /** The profile changed on the server: refetch it and the header's copy. */
    profileSaved: () => {},
    idNumberSaved: () => {},
    passwordChanged: () => {},
    reveal: assign(({ context }, form: FormName) => ({ showErrors: { ...context.showErrors, [form]: true } })),
    settle: assign(({ context }, form: FormName) => ({
      showErrors: { ...context.showErrors, [form]: false },
      refusals: { ...context.refusals, [form]: {} },
    })),
    storeRefusals: assign(({ context }, params: { form: FormName; error: unknown }) => ({
      showErrors: { ...context.showErrors, [params.form]: true },
      refusals: { ...context.refusals, [params.form]: refusedFields(params.error) },
    })),
  },
  guards: {
    profileReady: ({ context }) =>
      !hasMessages(profileMessages(context.profile, context.saved, context.identityLocked)) &&
      Object.keys(profileChangesOf(context.profile, context.saved, context.identityLocked)).length > 0,
    idNumberReady: ({ context }) =>
      !context.identityLocked && !hasMessages(checkFields(idNumberSchema, { idNumber: context.idNumber })),
    passwordReady: ({ context }) => !hasMessages(passwordMessages(context.password)),
  },
}).createMachine({
  id: 'accountSettings',
  type: 'parallel',
  context: ({ input }) => {
    const saved = savedValuesOf(input.profile, input.dialCodes);
    return {
      profile: saved,
      saved,
      identityLocked: identityLocked(input.profile.kycStatus),
      idNumber: '',
      password: emptyPassword,
      showErrors: { profile: false, idNumber: false, password: false },
      refusals: noRefusals(),
    };
  },
  states: {
    profile: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.changed': {
              actions: assign(({ context, event }) => ({
                profile: { ...context.profile, [event.field]: event.value },
                refusals: { ...context.refusals, profile: withoutField(context.refusals.profile, event.field) },
              })),
            },
            'profile.submit': [
              { guard: 'profileReady', target: 'saving' },
              { actions: { type: 'reveal', params: 'profile' } },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => profileChangesOf(context.profile, context.saved, context.identityLocked),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context }) => {
                  const changes = profileChangesOf(context.profile, context.saved, context.identityLocked);
                  const saved = { ...context.saved };
                  for (const field of ['nickname', ...nameFields] as const) {
                    const value = changes[field];
                    if (value !== undefined) saved[field] = value;
                  }
                  if (changes.phone !== undefined) {
                    saved.dialCode = context.profile.dialCode.trim();
                    saved.nationalNumber = changes.phone.slice(saved.dialCode.length);
                  }
                  return { saved, profile: saved };
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
            'idNumber.changed': {
              actions: assign(({ context, event }) => ({
                idNumber: event.value,
                refusals: { ...context.refusals, idNumber: {} },
              })),
            },
            'idNumber.submit': [
              { guard: 'idNumberReady', target: 'saving' },
              { actions: { type: 'reveal', params: 'idNumber' } },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveIdNumber',
            src: 'saveIdNumber',
            input: ({ context }) => ({ idNumber: context.idNumber.trim() }),
            onDone: {
              target: 'editing',
              actions: [assign({ idNumber: '' }), { type: 'settle', params: 'idNumber' }, 'idNumberSaved'],
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
            'password.changed': {
              actions: assign(({ context, event }) => ({
                password: { ...context.password, [event.field]: event.value },
                refusals: { ...context.refusals, password: withoutField(context.refusals.password, event.field) },
              })),
            },
            'password.submit': [
              { guard: 'passwordReady', target: 'saving' },
              { actions: { type: 'reveal', params: 'password' } },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({
              oldPassword: context.password.oldPassword,
              newPassword: context.password.newPassword,
            }),
            onDone: {
              target: 'editing',
              actions: [assign({ password: emptyPassword }), { type: 'settle', params: 'password' }, 'passwordChanged'],
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

export const selectProfileValues = (snapshot: AccountSettingsSnapshot) => snapshot.context.profile;
export const selectIdentityLocked = (snapshot: AccountSettingsSnapshot) => snapshot.context.identityLocked;
export const selectProfileMessages = (snapshot: AccountSettingsSnapshot): FieldMessages<ProfileField> => {
  const { context } = snapshot;
  const messages = context.showErrors.profile
    ? profileMessages(context.profile, context.saved, context.identityLocked)
    : {};
  const { phone, ...refusals } = context.refusals.profile;
  return withRefusals(messages, phone ? { nationalNumber: phone, ...refusals } : refusals, profileFields);
};
/** Whether there is anything to save: an unchanged form's button stays disabled. */
export const selectProfileDirty = (snapshot: AccountSettingsSnapshot) =>
  Object.keys(profileChangesOf(snapshot.context.profile, snapshot.context.saved, snapshot.context.identityLocked))
    .length > 0;
export const selectProfileSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ profile: 'saving' });

export const selectIdNumber = (snapshot: AccountSettingsSnapshot) => snapshot.context.idNumber;
export const selectIdNumberMessages = (snapshot: AccountSettingsSnapshot): FieldMessages<'idNumber'> => {
  const { context } = snapshot;
  const messages = context.showErrors.idNumber
    ? checkFields<'idNumber'>(idNumberSchema, { idNumber: context.idNumber })
    : {};
  return withRefusals(messages, context.refusals.idNumber, ['idNumber']);
};
export const selectIdNumberSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ idNumber: 'saving' });

export const selectPasswordValues = (snapshot: AccountSettingsSnapshot) => snapshot.context.password;
export const selectPasswordMessages = (snapshot: AccountSettingsSnapshot): FieldMessages<PasswordField> => {
  const { context } = snapshot;
  const messages = context.showErrors.password ? passwordMessages(context.password) : {};
  return withRefusals(messages, context.refusals.password, passwordFields);
};
export const selectPasswordSaving = (snapshot: AccountSettingsSnapshot) => snapshot.matches({ password: 'saving' });
