/**
 * login: signing in with account, password and an image captcha, or through a third party.
 *
 * States:
 * - restoringPreference: reads the remembered account name and the "remember" choice (the password
 *   is never stored) before the form shows.
 * - editing.loadingCaptcha: the form is open while a captcha image and its uuid are fetched; a
 *   failed sign-in comes back here, so every attempt gets a new captcha (docs/requirements.md §8).
 * - editing.showingCaptcha: waiting for the user to fill in the form and send it.
 * - editing.captchaUnavailable: the captcha could not be fetched; the image area offers a retry.
 * - signingIn: the server checks account, password and captcha; "remember" asks for the longer session.
 * - signingInWithProvider: a Google ID token or a LINE authorization code is exchanged by the server
 *   (/v2/app/auth/login3); also the first state when the page came back from LINE's sign-in page.
 * - signedIn: done; the output carries the token for the session actor.
 *
 * A failed sign-in clears the stored token (docs/requirements.md §4). Field messages appear after the first
 * attempt to send and then follow the input; they are derived from the values, never stored.
 */

import type { thirdPartyEvents } from '@contract/auth';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type FieldErrors, fieldRules, hasErrors, validateFields } from './auth-dialog-fields';

export type ThirdPartyProvider = (typeof thirdPartyEvents)[number];

export interface LoginValues {
  account: string;
  password: string;
  captcha: string;
  remember: boolean;
}

export type LoginField = 'account' | 'password' | 'captcha';

export interface Captcha {
  img: string;
  uuid: string;
}

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
  captcha: Captcha | null;
  agentCode: string;
  credential: ProviderCredential | null;
  token: string | null;
}

export type LoginEvent =
  | { type: 'field.changed'; field: 'remember'; value: boolean }
  | { type: 'field.changed'; field: LoginField; value: string }
  | { type: 'form.submit' }
  | { type: 'captcha.refresh' }
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

function loginErrors(values: LoginValues) {
  return validateFields<LoginField>(loginSchema, { ...values });
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: {
    loadPreference: fromPromise<LoginPreference>(async () => {
      throw new Error('loadPreference must be provided');
    }),
    fetchCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('fetchCaptcha must be provided');
    }),
    signIn: fromPromise<
      { token: string },
      { account: string; password: string; uuid: string; qrcode: string; remember: boolean }
    >(async () => {
      throw new Error('signIn must be provided');
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
    hasCredential: ({ context }) => context.credential !== null,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    values: { account: '', password: '', captcha: '', remember: true },
    showErrors: false,
    captcha: null,
    agentCode: input.agentCode?.trim() ?? '',
    credential: input.credential ?? null,
    token: null,
  }),
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
        'form.submit': { actions: 'revealErrors' },
        'provider.signIn': {
          target: 'signingInWithProvider',
          actions: assign({ credential: ({ event }) => event.credential }),
        },
        'provider.redirect': {
          actions: { type: 'redirectToProvider', params: ({ event }) => ({ provider: event.provider }) },
        },
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
            'form.submit': [{ guard: 'formValid', target: '#login.signingIn' }, { actions: 'revealErrors' }],
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
          remember: context.values.remember,
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token }),
            {
              type: 'savePreference',
              params: ({ context }) => ({ remember: context.values.remember, account: context.values.account.trim() }),
            },
          ],
        },
        // The captcha is spent either way: back to a fresh one, its old answer cleared and unblamed.
        onError: {
          target: 'editing',
          actions: ['clearToken', 'clearCaptchaAnswer', assign({ showErrors: false })],
        },
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

export type CaptchaView = { status: 'loading' } | { status: 'shown'; img: string } | { status: 'unavailable' };

export const selectLoginValues = (snapshot: LoginSnapshot) => snapshot.context.values;
export const selectLoginErrors = (snapshot: LoginSnapshot): FieldErrors<LoginField> =>
  snapshot.context.showErrors ? loginErrors(snapshot.context.values) : {};
export const selectSigningIn = (snapshot: LoginSnapshot) =>
  snapshot.matches('signingIn') || snapshot.matches('signedIn');
export const selectSigningInWith = (snapshot: LoginSnapshot): ThirdPartyProvider | null =>
  snapshot.matches('signingInWithProvider') ? (snapshot.context.credential?.provider ?? null) : null;
export function selectLoginCaptcha(snapshot: LoginSnapshot): CaptchaView {
  if (snapshot.context.captcha) return { status: 'shown', img: snapshot.context.captcha.img };
  if (snapshot.matches({ editing: 'captchaUnavailable' })) return { status: 'unavailable' };
  return { status: 'loading' };
}
