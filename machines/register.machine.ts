/**
 * register: a newcomer opens an account in two steps (docs/requirements.md §4).
 *
 * States:
 * - verifyingEmail.editing: step 1, waiting for the view's form to send the e-mail address, the
 *   code mailed to it and the ticked user agreement, checked against the contract's rules. The
 *   send-code button (the `sendCodeFlow` child) lives as long as step 1; pressing it sends the
 *   address typed so far, which the child gets only when it is well formed.
 * - verifyingEmail.checkingCode: the server checks the code; the address then counts as verified.
 * - choosingAccount.editing: step 2, waiting for the user name, the password (twice) and the
 *   optional agent code, which the form starts with from the `agentCode` query parameter.
 * - choosingAccount.creatingAccount: the server creates the account and signs the newcomer in.
 * - registered: done; the output carries the session token for the session actor.
 *
 * After a refusal (a wrong code, a name taken, a common password, ...) the server's sentence per
 * field is kept in editing for the view to show on that field, until the step is sent again or left.
 */
import { sendRegisterCode } from '@contract/auth';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { refusedFields } from './call-refusals';
import { sendCodeMachine } from './send-code.machine';

/** Step 1 as sent. */
export interface EmailStepValues {
  email: string;
  code: string;
  acceptTerms: boolean;
}

/** Step 2 as sent. */
export interface AccountStepValues {
  account: string;
  password: string;
  agentCode: string;
}

export interface RegisterContext {
  /** The invitation's agent code, which step 2 starts with. */
  agentCode: string;
  /** Step 1 as last sent: its address is the account's once the code is right. */
  verification: EmailStepValues | null;
  /** Step 2 as last sent, for the call. */
  newAccount: AccountStepValues | null;
  /** The server's sentence per field it refused at the last try. */
  refusals: Record<string, string>;
  token: string | null;
}

export type RegisterEvent =
  | { type: 'code.send'; email: string }
  | ({ type: 'email.submit' } & EmailStepValues)
  | ({ type: 'account.submit' } & AccountStepValues)
  | { type: 'step.back' };

export interface RegisterInput {
  agentCode?: string | null;
}

export interface RegisterOutput {
  token: string;
}

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
    verifyCode: fromPromise<void, EmailStepValues>(async () => {
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
    startStep: assign({ refusals: {} }),
  },
  guards: {
    /** A code goes only to an address, as the server would take it. */
    emailValid: ({ event }) => event.type === 'code.send' && v.is(sendRegisterCode.body, { email: event.email }),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    agentCode: input.agentCode?.trim() ?? '',
    verification: null,
    newAccount: null,
    refusals: {},
    token: null,
  }),
  initial: 'verifyingEmail',
  states: {
    verifyingEmail: {
      entry: 'startStep',
      invoke: { id: 'sendCodeFlow', src: 'sendCodeFlow' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'code.send': {
              guard: 'emailValid',
              actions: sendTo('sendCodeFlow', ({ event }) => ({ type: 'code.send' as const, email: event.email })),
            },
            'email.submit': {
              target: 'checkingCode',
              actions: assign(({ event }) => ({
                verification: { email: event.email.trim(), code: event.code.trim(), acceptTerms: event.acceptTerms },
                refusals: {},
              })),
            },
          },
        },
        checkingCode: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => context.verification ?? { email: '', code: '', acceptTerms: false },
            onDone: { target: '#register.choosingAccount' },
            onError: { target: 'editing', actions: assign({ refusals: ({ event }) => refusedFields(event.error) }) },
          },
        },
      },
    },
    choosingAccount: {
      entry: 'startStep',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'account.submit': {
              target: 'creatingAccount',
              actions: assign(({ event }) => ({
                newAccount: {
                  account: event.account.trim(),
                  password: event.password,
                  agentCode: event.agentCode.trim(),
                },
                refusals: {},
              })),
            },
            'step.back': { target: '#register.verifyingEmail' },
          },
        },
        creatingAccount: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => ({
              account: context.newAccount?.account ?? '',
              email: context.verification?.email ?? '',
              password: context.newAccount?.password ?? '',
              agentCode: context.newAccount?.agentCode ?? '',
            }),
            onDone: {
              target: '#register.registered',
              actions: [assign({ token: ({ event }) => event.output.token }), 'trackRegistration'],
            },
            onError: { target: 'editing', actions: assign({ refusals: ({ event }) => refusedFields(event.error) }) },
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
/** The address whose code was right, which step 2 shows and registers. */
export const selectVerifiedEmail = (snapshot: RegisterSnapshot) => snapshot.context.verification?.email ?? '';
/** The invitation's agent code, which step 2's form starts with. */
export const selectInvitedAgentCode = (snapshot: RegisterSnapshot) => snapshot.context.agentCode;
/** The server's sentence on each field it refused at the last try of the current step. */
export const selectRegisterRefusals = (snapshot: RegisterSnapshot) => snapshot.context.refusals;
export const selectRegisterBusy = (snapshot: RegisterSnapshot) =>
  snapshot.matches({ verifyingEmail: 'checkingCode' }) ||
  snapshot.matches({ choosingAccount: 'creatingAccount' }) ||
  snapshot.matches('registered');
export const selectSendCodeFlow = (snapshot: RegisterSnapshot) => snapshot.children.sendCodeFlow;
