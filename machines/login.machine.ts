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
}

export type LoginEvent =
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
    },
  },
  actors: {
    captcha: captchaMachine,
    loadPreference: fromPromise<LoginPreference>(async () => {
      throw new Error('loadPreference must be provided');
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
