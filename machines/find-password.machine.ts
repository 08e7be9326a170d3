/**
 * findPassword: recovering a forgotten password by e-mail, in two steps (docs/requirements.md §4).
 *
 * States:
 * - identifyingAccount: step 1, with its captcha (the `captcha` child, for as long as the step lasts).
 * - identifyingAccount.editing: waiting for the view's form to send the account and the answer to
 *   the captcha shown, checked against the contract's rules; it goes only once a captcha is shown.
 * - identifyingAccount.requestingCode: the server mails a reset code to the account's address. It
 *   answers the same for unknown accounts, so the tip that follows never says whether one exists.
 *   A refusal comes back to editing and asks the captcha for a new image, since every attempt spends
 *   one (docs/requirements.md §8).
 * - choosingPassword.editing: step 2, after the tip message: waiting for the code from the mail and
 *   the new password (typed twice in the form).
 * - choosingPassword.resetting: the server checks the code and sets the password.
 * - passwordReset: done; the success message is shown and the dialog closes.
 *
 * After a refusal the server's sentence per field is kept in editing for the view to show on that
 * field, until the step is sent again or left.
 */
import { assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { refusedFields } from './call-refusals';
import { type CaptchaChanged, captchaMachine } from './captcha.machine';

/** Step 1 as sent: `qrcode` is the answer to the captcha shown. */
export interface AccountStepValues {
  account: string;
  qrcode: string;
}

/** Step 2 as sent: `qrcode` is the code from the mail. */
export interface PasswordStepValues {
  qrcode: string;
  newPassword: string;
}

export interface FindPasswordContext {
  /** Step 1 as last sent: its account is the one whose password step 2 sets. */
  identified: AccountStepValues | null;
  /** Step 2 as last sent, for the call. */
  reset: PasswordStepValues | null;
  /** The server's sentence per field it refused at the last try. */
  refusals: Record<string, string>;
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
}

export type FindPasswordEvent =
  | ({ type: 'account.submit' } & AccountStepValues)
  | ({ type: 'password.submit' } & PasswordStepValues)
  | CaptchaChanged
  | { type: 'step.back' };

export type FindPasswordNotice = 'findPassword.codeSent' | 'findPassword.passwordReset';

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
    startStep: assign({ refusals: {} }),
  },
  guards: {
    captchaShown: ({ context }) => context.captchaUuid !== null,
  },
}).createMachine({
  id: 'findPassword',
  context: { identified: null, reset: null, refusals: {}, captchaUuid: null },
  initial: 'identifyingAccount',
  states: {
    identifyingAccount: {
      entry: ['startStep', assign({ captchaUuid: null })],
      invoke: { id: 'captcha', src: 'captcha' },
      on: {
        'captcha.changed': { actions: assign({ captchaUuid: ({ event }) => event.uuid }) },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'account.submit': {
              guard: 'captchaShown',
              target: 'requestingCode',
              actions: assign(({ event }) => ({
                identified: { account: event.account.trim(), qrcode: event.qrcode.trim() },
                refusals: {},
              })),
            },
          },
        },
        requestingCode: {
          invoke: {
            id: 'requestResetCode',
            src: 'requestResetCode',
            input: ({ context }) => ({
              account: context.identified?.account ?? '',
              qrcode: context.identified?.qrcode ?? '',
              uuid: context.captchaUuid ?? '',
            }),
            onDone: {
              target: '#findPassword.choosingPassword',
              actions: { type: 'notify', params: { message: 'findPassword.codeSent' } },
            },
            // The captcha is spent either way: a fresh one is drawn, and the view drops the old answer.
            onError: {
              target: 'editing',
              actions: [
                assign({ refusals: ({ event }) => refusedFields(event.error), captchaUuid: null }),
                sendTo('captcha', { type: 'captcha.refresh' }),
              ],
            },
          },
        },
      },
    },
    choosingPassword: {
      entry: 'startStep',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.submit': {
              target: 'resetting',
              actions: assign(({ event }) => ({
                reset: { qrcode: event.qrcode.trim(), newPassword: event.newPassword },
                refusals: {},
              })),
            },
            'step.back': { target: '#findPassword.identifyingAccount' },
          },
        },
        resetting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({
              account: context.identified?.account ?? '',
              newPassword: context.reset?.newPassword ?? '',
              qrcode: context.reset?.qrcode ?? '',
            }),
            onDone: {
              target: '#findPassword.passwordReset',
              actions: { type: 'notify', params: { message: 'findPassword.passwordReset' } },
            },
            onError: { target: 'editing', actions: assign({ refusals: ({ event }) => refusedFields(event.error) }) },
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
/** The account step 1 named, which step 2's tip mentions. */
export const selectRecoveringAccount = (snapshot: FindPasswordSnapshot) => snapshot.context.identified?.account ?? '';
/** The server's sentence on each field it refused at the last try of the current step. */
export const selectFindPasswordRefusals = (snapshot: FindPasswordSnapshot) => snapshot.context.refusals;
/** The uuid of the captcha image shown, or null while there is none: an answer is for one image. */
export const selectFindPasswordCaptchaUuid = (snapshot: FindPasswordSnapshot) => snapshot.context.captchaUuid;
export const selectFindPasswordBusy = (snapshot: FindPasswordSnapshot) =>
  snapshot.matches({ identifyingAccount: 'requestingCode' }) ||
  snapshot.matches({ choosingPassword: 'resetting' }) ||
  snapshot.matches('passwordReset');
export const selectFindPasswordCaptchaFlow = (snapshot: FindPasswordSnapshot) => snapshot.children.captcha;
