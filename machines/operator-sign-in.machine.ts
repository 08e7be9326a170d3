/**
 * operatorSignIn: the desk's sign-in form: password, an image captcha and the authenticator code.
 *
 * States:
 * - editing: waiting for the form: account, password, the answer to the captcha shown and the
 *   six-digit code, which the view's form has checked against the contract's rules. Sending before
 *   a captcha is shown stays here, as the answer belongs to no image. After a refusal (wrong
 *   credentials, captcha or code, 429, 402) the server's sentence is kept here, per field or for
 *   the whole form, for the view to show.
 * - signingIn: the call is under way; its refusal comes back to editing and asks the captcha for a
 *   new image, since the server spends one on every try; the view clears the code and the captcha
 *   answer, since each works once.
 * - signedIn: the session token has been handed to `storeSession`; final.
 *
 * The captcha (the `captcha` child, for the machine's whole life) tells which image is shown.
 */

import type { OperatorRole } from '@contract/admin-roles';
import { assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { refusedFields } from './call-refusals';
import { type CaptchaChanged, captchaMachine } from './captcha.machine';

/** The form's values as it sends them, checked and trimmed. */
export interface OperatorSignInValues {
  account: string;
  password: string;
  captcha: string;
  totpCode: string;
}
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
  /** What the desk offers this operator; the server refuses the calls of other roles. */
  roles: OperatorRole[];
}

export interface OperatorSignInContext {
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
  /** What was last sent, for the call. */
  sent: OperatorSignInRequest | null;
  /** The server's sentences per field of the form (the captcha's answer is `captcha`). */
  refusals: Record<string, string>;
  /** The server's sentence about the whole form, when it named no field. */
  alert: string | null;
}

export type OperatorSignInEvent = ({ type: 'form.submit' } & OperatorSignInValues) | CaptchaChanged;

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
    takeCaptcha: assign(({ event }) => (event.type === 'captcha.changed' ? { captchaUuid: event.uuid } : {})),
  },
  guards: {
    captchaShown: ({ context }) => context.captchaUuid !== null,
  },
}).createMachine({
  id: 'operatorSignIn',
  context: { captchaUuid: null, sent: null, refusals: {}, alert: null },
  invoke: { id: 'captcha', src: 'captcha' },
  on: { 'captcha.changed': { actions: 'takeCaptcha' } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': {
          guard: 'captchaShown',
          target: 'signingIn',
          actions: assign(({ context, event }) => ({
            sent: {
              account: event.account.trim(),
              password: event.password,
              uuid: context.captchaUuid ?? '',
              qrcode: event.captcha.trim(),
              totpCode: event.totpCode.trim(),
            },
            refusals: {},
            alert: null,
          })),
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.sent ?? { account: '', password: '', uuid: '', qrcode: '', totpCode: '' },
        onDone: { target: 'signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const { _: whole, ...named } = refusedFields(event.error);
              const fields = Object.entries(named).filter(([, text]) => text !== '');
              const message = event.error instanceof Error ? event.error.message : String(event.error);
              return {
                sent: null,
                captchaUuid: null,
                refusals: Object.fromEntries(
                  fields.map(([field, text]) => [field === 'qrcode' ? 'captcha' : field, text]),
                ),
                alert: whole || (fields.length > 0 ? null : message),
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

/** The server's sentence on each field it refused at the last try; a new object for each refusal. */
export const selectOperatorSignInRefusals = (snapshot: OperatorSignInSnapshot) => snapshot.context.refusals;

/** The server's sentence about the whole form (a refusal naming no field), if any. */
export const selectOperatorSignInAlert = (snapshot: OperatorSignInSnapshot) => snapshot.context.alert;

/** Whether an image is shown: while none is, the answer field is empty. */
export const selectOperatorCaptchaShown = (snapshot: OperatorSignInSnapshot) => snapshot.context.captchaUuid !== null;

export const selectOperatorCaptchaFlow = (snapshot: OperatorSignInSnapshot) => snapshot.children.captcha;

/** Which of the form, the check and the opening of the desk the page shows. */
export function selectOperatorSignInStage(snapshot: OperatorSignInSnapshot): 'editing' | 'signingIn' | 'signedIn' {
  if (snapshot.matches('editing')) return 'editing';
  return snapshot.matches('signingIn') ? 'signingIn' : 'signedIn';
}
