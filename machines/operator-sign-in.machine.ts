/**
 * operatorSignIn: the desk's sign-in form: password, an image captcha and the authenticator code.
 *
 * States:
 * - editing.loadingCaptcha: the form is open while a captcha image and its uuid are fetched; a
 *   refused sign-in comes back here, since the server spends a captcha on every try.
 * - editing.showingCaptcha: waiting for account, password, captcha answer and six-digit code;
 *   submitting with a missing or malformed field shows the messages and stays here.
 * - editing.captchaUnavailable: the captcha could not be fetched; the image area offers a retry.
 * - signingIn: the call is under way; its refusal (wrong credentials, captcha or code, 429, 402)
 *   comes back to editing with the server's sentence alone, and a new captcha; the code and the
 *   captcha answer are cleared, since each works once.
 * - signedIn: the session token has been handed to `storeSession`; final.
 */

import { totpCodePattern } from '@contract/admin';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Captcha, CaptchaView } from './login.machine';
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
  captcha: Captcha | null;
  showErrors: boolean;
  /** The server's sentences per field, and `_` for one about the whole form. */
  refusals: Record<string, string>;
}

export type OperatorSignInEvent =
  | { type: 'field.changed'; field: OperatorSignInField; value: string }
  | { type: 'form.submit' }
  | { type: 'captcha.refresh' };

function signInMessages(values: OperatorSignInValues): FieldMessages<OperatorSignInField> {
  const messages: FieldMessages<OperatorSignInField> = {};
  if (values.account.trim() === '') messages.account = { key: 'signIn.accountRequired' };
  if (values.password === '') messages.password = { key: 'signIn.passwordRequired' };
  if (values.captcha.trim() === '') messages.captcha = { key: 'signIn.captchaRequired' };
  if (!totpCodePattern.test(values.totpCode.trim())) messages.totpCode = { key: 'signIn.totpCodeFormat' };
  return messages;
}

const emptyValues: OperatorSignInValues = { account: '', password: '', captcha: '', totpCode: '' };

export const operatorSignInMachine = setup({
  types: { context: {} as OperatorSignInContext, events: {} as OperatorSignInEvent },
  actors: {
    fetchCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('fetchCaptcha must be provided');
    }),
    signIn: fromPromise<OperatorSession, OperatorSignInRequest>(async () => {
      throw new Error('signIn must be provided');
    }),
  },
  actions: {
    storeSession: (_, _session: OperatorSession) => {},
    clearCaptchaAnswer: assign(({ context }) => ({ values: { ...context.values, captcha: '' } })),
  },
  guards: {
    formValid: ({ context }) => Object.keys(signInMessages(context.values)).length === 0,
  },
}).createMachine({
  id: 'operatorSignIn',
  context: { values: emptyValues, captcha: null, showErrors: false, refusals: {} },
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
        'form.submit': { actions: assign({ showErrors: true }) },
      },
      initial: 'loadingCaptcha',
      states: {
        loadingCaptcha: {
          entry: assign({ captcha: null }),
          invoke: {
            id: 'fetchCaptcha',
            src: 'fetchCaptcha',
            onDone: { target: 'showingCaptcha', actions: assign({ captcha: ({ event }) => event.output }) },
            onError: { target: 'captchaUnavailable' },
          },
        },
        showingCaptcha: {
          on: {
            'form.submit': [
              { guard: 'formValid', target: '#operatorSignIn.signingIn' },
              { actions: assign({ showErrors: true }) },
            ],
            'captcha.refresh': { target: 'loadingCaptcha', actions: 'clearCaptchaAnswer' },
          },
        },
        captchaUnavailable: {
          on: { 'captcha.refresh': { target: 'loadingCaptcha' } },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          account: context.values.account.trim(),
          password: context.values.password,
          uuid: context.captcha?.uuid ?? '',
          qrcode: context.values.captcha.trim(),
          totpCode: context.values.totpCode.trim(),
        }),
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const fields = refusedFields(event.error);
            const message = event.error instanceof Error ? event.error.message : '';
            // Only the server's sentence shows until the next try: the cleared fields are not the operator's mistake.
            return {
              showErrors: false,
              values: { ...context.values, captcha: '', totpCode: '' },
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

export function selectOperatorCaptcha(snapshot: OperatorSignInSnapshot): CaptchaView {
  if (snapshot.context.captcha) return { status: 'shown', img: snapshot.context.captcha.img };
  if (snapshot.matches({ editing: 'captchaUnavailable' })) return { status: 'unavailable' };
  return { status: 'loading' };
}

/** Which of the form, the check and the opening of the desk the page shows. */
export function selectOperatorSignInStage(snapshot: OperatorSignInSnapshot): 'editing' | 'signingIn' | 'signedIn' {
  if (snapshot.matches('editing')) return 'editing';
  return snapshot.matches('signingIn') ? 'signingIn' : 'signedIn';
}
