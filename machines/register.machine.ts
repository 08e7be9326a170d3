/**
 * register: a newcomer opens an account in two steps (docs/requirements.md §4).
 *
 * States:
 * - verifyingEmail.editing: step 1, waiting for the e-mail address, the code mailed to it and the
 *   ticked user agreement. The send-code button (the `sendCodeFlow` child) lives as long as step 1.
 * - verifyingEmail.checkingCode: the server checks the code; the address then counts as verified.
 * - choosingAccount.editing: step 2, waiting for the user name, password, its confirmation and the
 *   optional agent code (prefilled from the `agentCode` query parameter).
 * - choosingAccount.creatingAccount: the server creates the account and signs the newcomer in.
 * - registered: done; the output carries the session token for the session actor.
 *
 * Field messages appear once the user has tried to go on (or to send a code), then follow every
 * keystroke; they are derived from the values, never stored.
 * The server's refusals (wrong code, name taken, ...) are shown by the api client as toasts.
 */
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { type FieldErrors, fieldRules, hasErrors, validateFields } from './auth-dialog-fields';
import { passwordStrength } from './password-strength';
import { sendCodeMachine } from './send-code.machine';

export interface RegisterValues {
  email: string;
  code: string;
  acceptTerms: boolean;
  username: string;
  password: string;
  confirmPassword: string;
  agentCode: string;
}

const emailStepFields = ['email', 'code', 'acceptTerms'] as const;
const accountStepFields = ['username', 'password', 'confirmPassword', 'agentCode'] as const;
type EmailStepField = (typeof emailStepFields)[number];
type AccountStepField = (typeof accountStepFields)[number];
export type RegisterField = EmailStepField | AccountStepField;

export interface RegisterContext {
  values: RegisterValues;
  /** Whether the user has tried to leave the current step: from then on messages follow the input. */
  showErrors: boolean;
  /** Whether the user has asked for a code: from then on the address's message follows the input. */
  emailChecked: boolean;
  token: string | null;
}

export type RegisterEvent =
  | { type: 'field.changed'; field: 'acceptTerms'; value: boolean }
  | { type: 'field.changed'; field: Exclude<RegisterField, 'acceptTerms'>; value: string }
  | { type: 'code.send' }
  | { type: 'form.submit' }
  | { type: 'step.back' };

export interface RegisterInput {
  agentCode?: string | null;
}

export interface RegisterOutput {
  token: string;
}

const emailStepSchema = v.object({
  email: fieldRules.email,
  code: fieldRules.emailCode,
  acceptTerms: fieldRules.acceptTerms,
});

const accountStepSchema = v.pipe(
  v.object({
    username: fieldRules.username,
    email: fieldRules.email,
    password: fieldRules.newPassword,
    confirmPassword: fieldRules.password,
    agentCode: fieldRules.optional,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (values) => values.password === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

const emailOnlySchema = v.object({ email: fieldRules.email });

function emailStepErrors(values: RegisterValues) {
  return validateFields<RegisterField>(emailStepSchema, { ...values });
}

function accountStepErrors(values: RegisterValues) {
  return validateFields<RegisterField>(accountStepSchema, { ...values });
}

const emptyValues: RegisterValues = {
  email: '',
  code: '',
  acceptTerms: false,
  username: '',
  password: '',
  confirmPassword: '',
  agentCode: '',
};

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput,
    output: {} as RegisterOutput,
    children: {} as { sendCodeFlow: 'sendCodeFlow'; verifyCode: 'verifyCode'; createAccount: 'createAccount' },
  },
  actors: {
    sendCodeFlow: sendCodeMachine,
    verifyCode: fromPromise<void, { email: string; code: string; acceptTerms: boolean }>(async () => {
      throw new Error('verifyCode must be provided');
    }),
    createAccount: fromPromise<
      { token: string },
      { account: string; email: string; password: string; agentCode: string }
    >(async () => {
      throw new Error('createAccount must be provided');
    }),
  },
  actions: {
    /** Tells the analytics hook that an account was opened. */
    trackRegistration: () => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return { values: { ...context.values, [event.field]: event.value } };
    }),
    forwardEmail: sendTo('sendCodeFlow', ({ context }) => ({
      type: 'email.changed' as const,
      email: context.values.email,
    })),
    startStep: assign({ showErrors: false, emailChecked: false }),
  },
  guards: {
    isEmailStepField: ({ event }) =>
      event.type === 'field.changed' && (emailStepFields as readonly string[]).includes(event.field),
    isEmailField: ({ event }) => event.type === 'field.changed' && event.field === 'email',
    isAccountStepField: ({ event }) =>
      event.type === 'field.changed' && (accountStepFields as readonly string[]).includes(event.field),
    hasEmail: ({ context }) => context.values.email.trim() !== '',
    emailValid: ({ context }) => !hasErrors(validateFields(emailOnlySchema, { email: context.values.email })),
    emailStepValid: ({ context }) => !hasErrors(emailStepErrors(context.values)),
    accountStepValid: ({ context }) => !hasErrors(accountStepErrors(context.values)),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    values: { ...emptyValues, agentCode: input.agentCode?.trim() ?? '' },
    showErrors: false,
    emailChecked: false,
    token: null,
  }),
  initial: 'verifyingEmail',
  states: {
    verifyingEmail: {
      entry: 'startStep',
      invoke: { id: 'sendCodeFlow', src: 'sendCodeFlow', input: ({ context }) => ({ email: context.values.email }) },
      on: {
        'field.changed': [
          { guard: 'isEmailField', actions: ['changeField', 'forwardEmail'] },
          { guard: 'isEmailStepField', actions: 'changeField' },
        ],
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'code.send': [
              {
                guard: 'emailValid',
                actions: [assign({ emailChecked: true }), sendTo('sendCodeFlow', { type: 'code.send' })],
              },
              // The button is disabled while the address is empty, so only a malformed one gets here.
              { guard: 'hasEmail', actions: assign({ emailChecked: true }) },
            ],
            'form.submit': [
              { guard: 'emailStepValid', target: 'checkingCode' },
              { actions: assign({ showErrors: true }) },
            ],
          },
        },
        checkingCode: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({
              email: context.values.email.trim(),
              code: context.values.code.trim(),
              acceptTerms: context.values.acceptTerms,
            }),
            onDone: { target: '#register.choosingAccount' },
            onError: { target: 'editing' },
          },
        },
      },
    },
    choosingAccount: {
      entry: 'startStep',
      on: {
        'field.changed': { guard: 'isAccountStepField', actions: 'changeField' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: 'accountStepValid', target: 'creatingAccount' },
              { actions: assign({ showErrors: true }) },
            ],
            'step.back': {
              target: '#register.verifyingEmail',
              actions: assign({ values: ({ context }) => ({ ...context.values, code: '' }) }),
            },
          },
        },
        creatingAccount: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => ({
              account: context.values.username.trim(),
              email: context.values.email.trim(),
              password: context.values.password,
              agentCode: context.values.agentCode.trim(),
            }),
            onDone: {
              target: '#register.registered',
              actions: [assign({ token: ({ event }) => event.output.token }), 'trackRegistration'],
            },
            onError: { target: 'editing' },
          },
        },
      },
    },
    registered: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});

export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

export const selectRegisterStep = (snapshot: RegisterSnapshot): 1 | 2 => (snapshot.matches('verifyingEmail') ? 1 : 2);
export const selectRegisterValues = (snapshot: RegisterSnapshot) => snapshot.context.values;
export function selectRegisterErrors(snapshot: RegisterSnapshot): FieldErrors<RegisterField> {
  const { values, showErrors, emailChecked } = snapshot.context;
  if (snapshot.matches('verifyingEmail')) {
    if (showErrors) return emailStepErrors(values);
    return emailChecked ? validateFields<RegisterField>(emailOnlySchema, { email: values.email }) : {};
  }
  return showErrors ? accountStepErrors(values) : {};
}
export const selectRegisterBusy = (snapshot: RegisterSnapshot) =>
  snapshot.matches({ verifyingEmail: 'checkingCode' }) ||
  snapshot.matches({ choosingAccount: 'creatingAccount' }) ||
  snapshot.matches('registered');
export const selectRegisterPasswordStrength = (snapshot: RegisterSnapshot) =>
  passwordStrength(snapshot.context.values.password);
export const selectSendCodeFlow = (snapshot: RegisterSnapshot) => snapshot.children.sendCodeFlow;
