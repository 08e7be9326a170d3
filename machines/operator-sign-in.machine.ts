/**
 * operatorSignIn: the desk's sign-in form: password, an image captcha and the authenticator code.
 *
 * States:
 * - editing: waiting for account, password, the answer to the captcha shown and six-digit code;
 *   submitting with a missing or malformed field, or before a captcha is shown, shows the messages
 *   and stays here.
 * - signingIn: the call is under way; its refusal (wrong credentials, captcha or code, 429, 402)
 *   comes back to editing with the server's sentence alone, and asks the captcha for a new image,
 *   since the server spends one on every try; the code and the captcha answer are cleared, since
 *   each works once.
 * - signedIn: the session token has been handed to `storeSession`; final.
 *
 * The captcha (the `captcha` child, for the machine's whole life) tells which image is shown.
 */

import { totpCodePattern } from '@contract/admin';
import { and, assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { accountWithCaptchaOf, type CaptchaChanged, captchaMachine, captchaTaken } from './captcha.machine';
import { type FieldMessages, refusedFields } from './player-form-fields';

export type OperatorSignInField = 'account' | 'password' | 'captcha' | 'totpCode';
export type OperatorSignInValues = Record<OperatorSignInField, string>;
/** What the sign-in call takes: the form's values with the captcha's uuid and answer under the contract's names. */
export interface OperatorSignInRequest {
  account: string;
  password: string;
  uuid: string;
  qrcode: string;
  totpCode: string;
}
export interface OperatorSession {
  token: string;
  userId: number;
  account: string;
  /** When the server ends the session at the latest; the desk asks for a new sign-in from then on. */
  expiresAt: string;
}

export interface OperatorSignInContext {
  values: OperatorSignInValues;
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
  showErrors: boolean;
  /** The server's sentences per field, and `_` for one about the whole form. */
  refusals: Record<string, string>;
}

export type OperatorSignInEvent =
  | { type: 'field.changed'; field: OperatorSignInField; value: string }
  | { type: 'form.submit' }
  | CaptchaChanged;

function signInMessages(values: OperatorSignInValues): FieldMessages<OperatorSignInField> {
  const messages: FieldMessages<OperatorSignInField> = {};
  if (values.account.trim() === '') messages.account = { key: 'signIn.accountRequired' };
  if (values.password === '') messages.password = { key: 'signIn.passwordRequired' };
  if (values.captcha.trim() === '') messages.captcha = { key: 'signIn.captchaRequired' };
  if (!totpCodePattern.test(values.totpCode.trim())) messages.totpCode = { key: 'signIn.totpCodeFormat' };
  return messages;
}

function signInRequestOf(context: OperatorSignInContext): OperatorSignInRequest {
  return {
    ...accountWithCaptchaOf(context),
    password: context.values.password,
    totpCode: context.values.totpCode.trim(),
  };
}

const emptyValues: OperatorSignInValues = { account: '', password: '', captcha: '', totpCode: '' };

export const operatorSignInMachine = setup({
  types: {
    context: {} as OperatorSignInContext,
    events: {} as OperatorSignInEvent,
    children: {} as { captcha: 'captcha'; signIn: 'signIn' },
  },
  actors: {
    captcha: captchaMachine,
    signIn: fromPromise<OperatorSession, OperatorSignInRequest>(async () => {
      throw new Error('signIn must be provided');
    }),
  },
  actions: {
    storeSession: (_, _session: OperatorSession) => {},
    takeCaptcha: assign(({ context, event }) =>
      event.type === 'captcha.changed' ? captchaTaken(context.values, event) : {},
    ),
  },
  guards: {
    formValid: ({ context }) => Object.keys(signInMessages(context.values)).length === 0,
    captchaShown: ({ context }) => context.captchaUuid !== null,
  },
}).createMachine({
  id: 'operatorSignIn',
  context: { values: emptyValues, captchaUuid: null, showErrors: false, refusals: {} },
  invoke: { id: 'captcha', src: 'captcha' },
  on: { 'captcha.changed': { actions: 'takeCaptcha' } },
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
          { guard: and(['formValid', 'captchaShown']), target: 'signingIn' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => signInRequestOf(context),
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const fields = refusedFields(event.error);
              const message = event.error instanceof Error ? event.error.message : '';
              // Only the server's sentence shows until the next try: the cleared fields are not the operator's mistake.
              return {
                showErrors: false,
                values: { ...context.values, captcha: '', totpCode: '' },
                captchaUuid: null,
                refusals: Object.keys(fields).length > 0 ? fields : { _: message },
              };
            }),
            sendTo('captcha', { type: 'captcha.refresh' }),
          ],
        },
      },
    },
    signedIn: { type: 'final' },
  },
});

export type OperatorSignInSnapshot = SnapshotFrom<typeof operatorSignInMachine>;

/** The messages the form shows: the server's sentence for a field it refused, else the client's own. */
export function selectOperatorSignInMessages(
  snapshot: OperatorSignInSnapshot,
): FieldMessages<OperatorSignInField | '_'> {
  const { values, showErrors, refusals } = snapshot.context;
  const messages: FieldMessages<OperatorSignInField | '_'> = showErrors ? signInMessages(values) : {};
  for (const [field, text] of Object.entries(refusals)) {
    if (text) messages[(field === 'qrcode' ? 'captcha' : field) as OperatorSignInField | '_'] = { text };
  }
  return messages;
}

export const selectOperatorCaptchaFlow = (snapshot: OperatorSignInSnapshot) => snapshot.children.captcha;

/** Which of the form, the check and the opening of the desk the page shows. */
export function selectOperatorSignInStage(snapshot: OperatorSignInSnapshot): 'editing' | 'signingIn' | 'signedIn' {
  if (snapshot.matches('editing')) return 'editing';
  return snapshot.matches('signingIn') ? 'signingIn' : 'signedIn';
}
