/**
 * login: signing in with account, password and an image captcha, or through a third party.
 *
 * States:
 * - restoringPreference: reads the remembered account name and the "remember" choice (the password
 *   is never stored) before the form shows.
 * - editing: waiting for the user to fill in the form and send it; it goes only once a captcha is shown.
 * - signingIn: the server checks account, password and captcha; "remember" asks for the longer session.
 *   A refusal comes back to editing and asks the captcha for a new image, since every attempt spends
 *   one (docs/requirements.md §8).
 * - signingInWithProvider: a Google ID token or a LINE authorization code is exchanged by the server
 *   (/v2/app/auth/login3); also the first state when the page came back from LINE's sign-in page.
 * - enteringCode: the password was right and the player turned on the app key's code step
 *   (docs/requirements.md §14.3): the server answered with a ticket, and a current six-digit code
 *   of the authenticator app is asked for; going back returns to the form with a fresh captcha.
 * - checkingCode: the server checks the code against the ticket; a refusal comes back to
 *   enteringCode with the code cleared (each code works once).
 * - signedIn: done; the output carries the token for the session actor.
 *
 * The captcha (the `captcha` child, for the machine's whole life) tells which image is shown.
 * A failed sign-in clears the stored token (docs/requirements.md §4). Field messages appear after the first
 * attempt to send and then follow the input; they are derived from the values, never stored.
 */

import type { thirdPartyEvents } from '@contract/auth';
import * as v from 'valibot';
import { and, assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { type FieldErrors, fieldRules, hasErrors, validateFields } from './auth-dialog-fields';
import { accountWithCaptchaOf, type CaptchaChanged, captchaMachine, captchaTaken } from './captcha.machine';

export type ThirdPartyProvider = (typeof thirdPartyEvents)[number];

export interface LoginValues {
  account: string;
  password: string;
  captcha: string;
  remember: boolean;
}

export type LoginField = 'account' | 'password' | 'captcha';

export interface LoginPreference {
  remember: boolean;
  account: string;
}

/** A third-party credential to exchange: Google's ID token or LINE's authorization code. */
export interface ProviderCredential {
  provider: ThirdPartyProvider;
  token: string;
}

export interface LoginContext {
  values: LoginValues;
  /** Whether the user has tried to send the form: from then on its messages follow the input. */
  showErrors: boolean;
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
  agentCode: string;
  credential: ProviderCredential | null;
  token: string | null;
  /** The server's ticket after a right password when the app key's code step is on. */
  appKeyTicket: string | null;
  /** The authenticator code typed for the ticket. */
  totpCode: string;
  /** Whether the player tried to send the code: from then on its message follows the input. */
  showCodeError: boolean;
}

/** The sign-in's answer: a session, or the ticket of a sign-in that still needs a code. */
export type SignInAnswer = { token: string } | { appKeyTicket: string };

const totpCodePattern = /^\d{6}$/;

export type LoginEvent =
  | { type: 'code.changed'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.cancel' }
  | { type: 'field.changed'; field: 'remember'; value: boolean }
  | { type: 'field.changed'; field: LoginField; value: string }
  | { type: 'form.submit' }
  | CaptchaChanged
  | { type: 'provider.signIn'; credential: ProviderCredential }
  | { type: 'provider.redirect'; provider: 'line' };

export interface LoginInput {
  agentCode?: string | null;
  /** Set when the page came back from a provider's sign-in page with a checked state. */
  credential?: ProviderCredential | null;
}

export interface LoginOutput {
  token: string;
}

const loginSchema = v.object({
  account: fieldRules.required,
  password: fieldRules.password,
  captcha: fieldRules.required,
});

/** What a successful sign-in keeps for the next visit. */
const preferenceOf = ({ context }: { context: LoginContext }): LoginPreference => ({
  remember: context.values.remember,
  account: context.values.account.trim(),
});

function loginErrors(values: LoginValues) {
  return validateFields<LoginField>(loginSchema, { ...values });
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    children: {} as {
      captcha: 'captcha';
      loadPreference: 'loadPreference';
      signIn: 'signIn';
      signInWithProvider: 'signInWithProvider';
      signInWithAppKey: 'signInWithAppKey';
    },
  },
  actors: {
    captcha: captchaMachine,
    loadPreference: fromPromise<LoginPreference>(async () => {
      throw new Error('loadPreference must be provided');
    }),
    signIn: fromPromise<
      SignInAnswer,
      { account: string; password: string; uuid: string; qrcode: string; remember: boolean }
    >(async () => {
      throw new Error('signIn must be provided');
    }),
    signInWithAppKey: fromPromise<{ token: string }, { appKeyTicket: string; totpCode: string }>(async () => {
      throw new Error('signInWithAppKey must be provided');
    }),
    signInWithProvider: fromPromise<{ token: string }, { event: ThirdPartyProvider; token: string; agentCode: string }>(
      async () => {
        throw new Error('signInWithProvider must be provided');
      },
    ),
  },
  actions: {
    /** Keeps the account name (only when "remember" is ticked) and the choice itself. */
    savePreference: (_, _params: LoginPreference) => {},
    clearToken: () => {},
    /** Leaves for the provider's sign-in page, which comes back with a code and the state to check. */
    redirectToProvider: (_, _params: { provider: 'line' }) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return { values: { ...context.values, [event.field]: event.value } };
    }),
    revealErrors: assign({ showErrors: true }),
    clearCaptchaAnswer: assign(({ context }) => ({ values: { ...context.values, captcha: '' } })),
    takeCaptcha: assign(({ context, event }) =>
      event.type === 'captcha.changed' ? captchaTaken(context.values, event) : {},
    ),
    restorePreference: assign(({ context }, preference: LoginPreference) => ({
      values: {
        ...context.values,
        remember: preference.remember,
        account: preference.remember ? preference.account : '',
      },
    })),
  },
  guards: {
    formValid: ({ context }) => !hasErrors(loginErrors(context.values)),
    captchaShown: ({ context }) => context.captchaUuid !== null,
    hasCredential: ({ context }) => context.credential !== null,
    codeAsked: (_, answer: SignInAnswer) => 'appKeyTicket' in answer,
    codeValid: ({ context }) => totpCodePattern.test(context.totpCode.trim()),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    values: { account: '', password: '', captcha: '', remember: true },
    showErrors: false,
    captchaUuid: null,
    agentCode: input.agentCode?.trim() ?? '',
    credential: input.credential ?? null,
    token: null,
    appKeyTicket: null,
    totpCode: '',
    showCodeError: false,
  }),
  invoke: { id: 'captcha', src: 'captcha' },
  on: { 'captcha.changed': { actions: 'takeCaptcha' } },
  initial: 'restoringPreference',
  states: {
    restoringPreference: {
      invoke: {
        id: 'loadPreference',
        src: 'loadPreference',
        onDone: [
          {
            guard: 'hasCredential',
            target: 'signingInWithProvider',
            actions: { type: 'restorePreference', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'restorePreference', params: ({ event }) => event.output } },
        ],
        onError: [{ guard: 'hasCredential', target: 'signingInWithProvider' }, { target: 'editing' }],
      },
    },
    editing: {
      on: {
        'field.changed': { actions: 'changeField' },
        'form.submit': [
          { guard: and(['formValid', 'captchaShown']), target: 'signingIn' },
          { actions: 'revealErrors' },
        ],
        'provider.signIn': {
          target: 'signingInWithProvider',
          actions: assign({ credential: ({ event }) => event.credential }),
        },
        'provider.redirect': {
          actions: { type: 'redirectToProvider', params: ({ event }) => ({ provider: event.provider }) },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          ...accountWithCaptchaOf(context),
          password: context.values.password,
          remember: context.values.remember,
        }),
        onDone: [
          {
            guard: { type: 'codeAsked', params: ({ event }) => event.output },
            target: 'enteringCode',
            actions: assign({
              appKeyTicket: ({ event }) => ('appKeyTicket' in event.output ? event.output.appKeyTicket : null),
              totpCode: '',
              showCodeError: false,
            }),
          },
          {
            target: 'signedIn',
            actions: [
              assign({ token: ({ event }) => ('token' in event.output ? event.output.token : null) }),
              { type: 'savePreference', params: preferenceOf },
            ],
          },
        ],
        // The captcha is spent either way: a fresh one is drawn, the old answer cleared and unblamed.
        onError: {
          target: 'editing',
          actions: [
            'clearToken',
            'clearCaptchaAnswer',
            assign({ showErrors: false, captchaUuid: null }),
            sendTo('captcha', { type: 'captcha.refresh' }),
          ],
        },
      },
    },
    enteringCode: {
      on: {
        'code.changed': { actions: assign({ totpCode: ({ event }) => event.value }) },
        'code.submit': [{ guard: 'codeValid', target: 'checkingCode' }, { actions: assign({ showCodeError: true }) }],
        // The captcha was spent by the password step: going back draws a new one.
        'code.cancel': {
          target: 'editing',
          actions: [
            'clearCaptchaAnswer',
            assign({ appKeyTicket: null, totpCode: '', showErrors: false, captchaUuid: null }),
            sendTo('captcha', { type: 'captcha.refresh' }),
          ],
        },
      },
    },
    checkingCode: {
      invoke: {
        id: 'signInWithAppKey',
        src: 'signInWithAppKey',
        input: ({ context }) => ({ appKeyTicket: context.appKeyTicket ?? '', totpCode: context.totpCode.trim() }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, appKeyTicket: null }),
            { type: 'savePreference', params: preferenceOf },
          ],
        },
        onError: { target: 'enteringCode', actions: assign({ totpCode: '', showCodeError: false }) },
      },
    },
    signingInWithProvider: {
      invoke: {
        id: 'signInWithProvider',
        src: 'signInWithProvider',
        input: ({ context }) => ({
          event: context.credential?.provider ?? 'google',
          token: context.credential?.token ?? '',
          agentCode: context.agentCode,
        }),
        onDone: { target: 'signedIn', actions: assign({ token: ({ event }) => event.output.token, credential: null }) },
        onError: { target: 'editing', actions: ['clearToken', assign({ credential: null })] },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectLoginValues = (snapshot: LoginSnapshot) => snapshot.context.values;
export const selectLoginErrors = (snapshot: LoginSnapshot): FieldErrors<LoginField> =>
  snapshot.context.showErrors ? loginErrors(snapshot.context.values) : {};
export const selectSigningIn = (snapshot: LoginSnapshot) =>
  snapshot.matches('signingIn') || snapshot.matches('signedIn');
export const selectSigningInWith = (snapshot: LoginSnapshot): ThirdPartyProvider | null =>
  snapshot.matches('signingInWithProvider') ? (snapshot.context.credential?.provider ?? null) : null;
export const selectLoginCaptchaFlow = (snapshot: LoginSnapshot) => snapshot.children.captcha;

export const selectEnteringCode = (snapshot: LoginSnapshot) =>
  snapshot.matches('enteringCode') || snapshot.matches('checkingCode');
export const selectCheckingCode = (snapshot: LoginSnapshot) => snapshot.matches('checkingCode');
export const selectTotpCode = (snapshot: LoginSnapshot) => snapshot.context.totpCode;
/** Whether the code needs its message: the player tried to send it without six digits. */
export const selectTotpCodeInvalid = (snapshot: LoginSnapshot) =>
  snapshot.context.showCodeError && !totpCodePattern.test(snapshot.context.totpCode.trim());
