/**
 * findPassword: recovering a forgotten password by e-mail, in two steps (docs/requirements.md §4).
 *
 * States:
 * - identifyingAccount: step 1, with its captcha (the `captcha` child, for as long as the step lasts).
 * - identifyingAccount.editing: waiting for the account and the answer to the captcha shown.
 * - identifyingAccount.requestingCode: the server mails a reset code to the account's address. It
 *   answers the same for unknown accounts, so the tip that follows never says whether one exists.
 *   A refusal comes back to editing and asks the captcha for a new image, since every attempt spends
 *   one (docs/requirements.md §8).
 * - choosingPassword.editing: step 2, after the tip message: waiting for the code from the mail, the
 *   new password and its confirmation.
 * - choosingPassword.resetting: the server checks the code and sets the password.
 * - passwordReset: done; the success message is shown and the dialog closes.
 */
import * as v from 'valibot';
import { and, assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { type FieldErrors, fieldRules, hasErrors, validateFields } from './auth-dialog-fields';
import { accountWithCaptchaOf, type CaptchaChanged, captchaMachine, captchaTaken } from './captcha.machine';
import { passwordStrength } from './password-strength';

export interface FindPasswordValues {
  account: string;
  captcha: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const accountStepFields = ['account', 'captcha'] as const;
const passwordStepFields = ['code', 'newPassword', 'confirmPassword'] as const;
export type FindPasswordField = (typeof accountStepFields)[number] | (typeof passwordStepFields)[number];

export interface FindPasswordContext {
  values: FindPasswordValues;
  /** Whether the user has tried to leave the current step: from then on messages follow the input. */
  showErrors: boolean;
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
}

export type FindPasswordEvent =
  | { type: 'field.changed'; field: FindPasswordField; value: string }
  | { type: 'form.submit' }
  | CaptchaChanged
  | { type: 'step.back' };

export type FindPasswordNotice = 'findPassword.codeSent' | 'findPassword.passwordReset';

const accountStepSchema = v.object({ account: fieldRules.required, captcha: fieldRules.required });

const passwordStepSchema = v.pipe(
  v.object({
    code: fieldRules.emailCode,
    newPassword: fieldRules.newPassword,
    confirmPassword: fieldRules.password,
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

function accountStepErrors(values: FindPasswordValues) {
  return validateFields<FindPasswordField>(accountStepSchema, { ...values });
}

function passwordStepErrors(values: FindPasswordValues) {
  return validateFields<FindPasswordField>(passwordStepSchema, { ...values });
}

export const findPasswordMachine = setup({
  types: {
    context: {} as FindPasswordContext,
    events: {} as FindPasswordEvent,
    children: {} as { captcha: 'captcha'; requestResetCode: 'requestResetCode'; resetPassword: 'resetPassword' },
  },
  actors: {
    captcha: captchaMachine,
    requestResetCode: fromPromise<void, { account: string; qrcode: string; uuid: string }>(async () => {
      throw new Error('requestResetCode must be provided');
    }),
    resetPassword: fromPromise<void, { account: string; newPassword: string; qrcode: string }>(async () => {
      throw new Error('resetPassword must be provided');
    }),
  },
  actions: {
    /** Shows a short message (a toast): the tip after step 1, the success after step 2. */
    notify: (_, _params: { message: FindPasswordNotice }) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return { values: { ...context.values, [event.field]: event.value } };
    }),
    revealErrors: assign({ showErrors: true }),
    startStep: assign({ showErrors: false }),
    clearCaptchaAnswer: assign(({ context }) => ({ values: { ...context.values, captcha: '' } })),
    takeCaptcha: assign(({ context, event }) =>
      event.type === 'captcha.changed' ? captchaTaken(context.values, event) : {},
    ),
  },
  guards: {
    isAccountStepField: ({ event }) =>
      event.type === 'field.changed' && (accountStepFields as readonly string[]).includes(event.field),
    isPasswordStepField: ({ event }) =>
      event.type === 'field.changed' && (passwordStepFields as readonly string[]).includes(event.field),
    accountStepValid: ({ context }) => !hasErrors(accountStepErrors(context.values)),
    captchaShown: ({ context }) => context.captchaUuid !== null,
    passwordStepValid: ({ context }) => !hasErrors(passwordStepErrors(context.values)),
  },
}).createMachine({
  id: 'findPassword',
  context: {
    values: { account: '', captcha: '', code: '', newPassword: '', confirmPassword: '' },
    showErrors: false,
    captchaUuid: null,
  },
  initial: 'identifyingAccount',
  states: {
    identifyingAccount: {
      entry: ['startStep', assign({ captchaUuid: null })],
      invoke: { id: 'captcha', src: 'captcha' },
      on: {
        'field.changed': { guard: 'isAccountStepField', actions: 'changeField' },
        'form.submit': { actions: 'revealErrors' },
        'captcha.changed': { actions: 'takeCaptcha' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: and(['accountStepValid', 'captchaShown']), target: 'requestingCode' },
              { actions: 'revealErrors' },
            ],
          },
        },
        requestingCode: {
          invoke: {
            id: 'requestResetCode',
            src: 'requestResetCode',
            input: ({ context }) => accountWithCaptchaOf(context),
            onDone: {
              target: '#findPassword.choosingPassword',
              actions: { type: 'notify', params: { message: 'findPassword.codeSent' } },
            },
            onError: {
              target: 'editing',
              actions: [
                'clearCaptchaAnswer',
                'startStep',
                assign({ captchaUuid: null }),
                sendTo('captcha', { type: 'captcha.refresh' }),
              ],
            },
          },
        },
      },
    },
    choosingPassword: {
      entry: 'startStep',
      on: {
        'field.changed': { guard: 'isPasswordStepField', actions: 'changeField' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': [{ guard: 'passwordStepValid', target: 'resetting' }, { actions: 'revealErrors' }],
            'step.back': { target: '#findPassword.identifyingAccount', actions: 'clearCaptchaAnswer' },
          },
        },
        resetting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({
              account: context.values.account.trim(),
              newPassword: context.values.newPassword,
              qrcode: context.values.code.trim(),
            }),
            onDone: {
              target: '#findPassword.passwordReset',
              actions: { type: 'notify', params: { message: 'findPassword.passwordReset' } },
            },
            onError: { target: 'editing' },
          },
        },
      },
    },
    passwordReset: { type: 'final' },
  },
});

export type FindPasswordSnapshot = SnapshotFrom<typeof findPasswordMachine>;

export const selectFindPasswordStep = (snapshot: FindPasswordSnapshot): 1 | 2 =>
  snapshot.matches('identifyingAccount') ? 1 : 2;
export const selectFindPasswordValues = (snapshot: FindPasswordSnapshot) => snapshot.context.values;
export function selectFindPasswordErrors(snapshot: FindPasswordSnapshot): FieldErrors<FindPasswordField> {
  if (!snapshot.context.showErrors) return {};
  return snapshot.matches('identifyingAccount')
    ? accountStepErrors(snapshot.context.values)
    : passwordStepErrors(snapshot.context.values);
}
export const selectFindPasswordBusy = (snapshot: FindPasswordSnapshot) =>
  snapshot.matches({ identifyingAccount: 'requestingCode' }) ||
  snapshot.matches({ choosingPassword: 'resetting' }) ||
  snapshot.matches('passwordReset');
export const selectNewPasswordStrength = (snapshot: FindPasswordSnapshot) =>
  passwordStrength(snapshot.context.values.newPassword);
export const selectFindPasswordCaptchaFlow = (snapshot: FindPasswordSnapshot) => snapshot.children.captcha;
