/**
 * operatorSignIn: the desk's sign-in form, password plus the authenticator code.
 *
 * States:
 * - editing: account, password and six-digit code; submitting with a missing or malformed field
 *   shows the messages and stays here.
 * - signingIn: the call is under way; its refusal (wrong credentials or code, 429, 402) comes back
 *   to editing with the server's sentence, and the code is cleared, since each code works once.
 * - signedIn: the session token has been handed to `storeSession`; final.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { totpCodePattern } from '../contract/admin';
import { type FieldMessages, refusedFields } from './player-form-fields';

export type OperatorSignInField = 'account' | 'password' | 'totpCode';
export type OperatorSignInValues = Record<OperatorSignInField, string>;
export interface OperatorSession {
  token: string;
  userId: number;
  account: string;
  /** When the server ends the session; the desk asks for a new sign-in from then on. */
  expiresAt: string;
}

export interface OperatorSignInContext {
  values: OperatorSignInValues;
  showErrors: boolean;
  /** The server's sentences per field, and `_` for one about the whole form. */
  refusals: Record<string, string>;
}

export type OperatorSignInEvent = { type: 'field.changed'; field: OperatorSignInField; value: string } | { type: 'form.submit' };

function signInMessages(values: OperatorSignInValues): FieldMessages<OperatorSignInField> {
  const messages: FieldMessages<OperatorSignInField> = {};
  if (values.account.trim() === '') messages.account = { key: 'signIn.accountRequired' };
  if (values.password === '') messages.password = { key: 'signIn.passwordRequired' };
  if (!totpCodePattern.test(values.totpCode.trim())) messages.totpCode = { key: 'signIn.totpCodeFormat' };
  return messages;
}

const emptyValues: OperatorSignInValues = { account: '', password: '', totpCode: '' };

export const operatorSignInMachine = setup({
  types: { context: {} as OperatorSignInContext, events: {} as OperatorSignInEvent },
  actors: {
    signIn: fromPromise<OperatorSession, OperatorSignInValues>(async () => {
      throw new Error('signIn must be provided');
    }),
  },
  actions: {
    storeSession: (_, _session: OperatorSession) => {},
  },
  guards: {
    formValid: ({ context }) => Object.keys(signInMessages(context.values)).length === 0,
  },
}).createMachine({
  id: 'operatorSignIn',
  context: { values: emptyValues, showErrors: false, refusals: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _dropped, _: _whole, ...refusals } = context.refusals;
            return { values: { ...context.values, [event.field]: event.value }, refusals };
          }),
        },
        'form.submit': [
          { guard: 'formValid', target: 'signingIn' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ ...context.values, account: context.values.account.trim(), totpCode: context.values.totpCode.trim() }),
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const fields = refusedFields(event.error);
            const message = event.error instanceof Error ? event.error.message : '';
            return {
              showErrors: true,
              values: { ...context.values, totpCode: '' },
              refusals: Object.keys(fields).length > 0 ? fields : { _: message },
            };
          }),
        },
      },
    },
    signedIn: { type: 'final' },
  },
});

export type OperatorSignInSnapshot = SnapshotFrom<typeof operatorSignInMachine>;

/** The messages the form shows: the server's sentence for a field it refused, else the client's own. */
export function selectOperatorSignInMessages(snapshot: OperatorSignInSnapshot): FieldMessages<OperatorSignInField | '_'> {
  const { values, showErrors, refusals } = snapshot.context;
  const messages: FieldMessages<OperatorSignInField | '_'> = showErrors ? signInMessages(values) : {};
  for (const [field, text] of Object.entries(refusals)) {
    if (text) messages[field as OperatorSignInField | '_'] = { text };
  }
  return messages;
}
