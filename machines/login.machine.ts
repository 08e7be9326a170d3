/**
 * login: signing in with account, password and an image captcha, or through a third party.
 *
 * States:
 * - restoringPreference: reads the remembered account name and the "remember" choice (the password
 *   is never stored), which the view's form starts with, before the form shows.
 * - editing: waiting for the user to send the form, which the view has checked against the
 *   contract's rules; it goes only once a captcha is shown. After a refusal the server's sentence
 *   per field is kept here for the view to show on that field.
 * - signingIn: the server checks account, password and captcha; "remember" asks for the longer session.
 *   A refusal comes back to editing and asks the captcha for a new image, since every attempt spends
 *   one (docs/requirements.md §8).
 * - signingInWithProvider: a Google ID token or a LINE authorization code is exchanged by the server
 *   (/v2/app/auth/login3); also the first state when the page came back from LINE's sign-in page.
 * - enteringCode: the password was right, or Google or LINE vouched for the player, and the player
 *   turned on the app key's code step (docs/requirements.md §14.3): the server answered with a
 *   ticket, and a current six-digit code of the authenticator app is asked for; going back returns
 *   to the form with a fresh captcha.
 * - checkingCode: the server checks the code against the ticket; a refusal comes back to
 *   enteringCode with the server's sentence for the code (each code works once).
 * - signedIn: done; the output carries the token for the session actor. A sign-in through Google or
 *   LINE keeps no preference, since no form was sent.
 *
 * The captcha (the `captcha` child, for the machine's whole life) tells which image is shown; the
 * view's answer is only good for that image. A failed sign-in clears the stored token
 * (docs/requirements.md §4).
 */

import type { thirdPartyEvents } from '@contract/auth';
import { assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { refusedFields } from './call-refusals';
import { type CaptchaChanged, captchaMachine } from './captcha.machine';

export type ThirdPartyProvider = (typeof thirdPartyEvents)[number];

/** The sign-in form as sent: `qrcode` is the answer to the captcha shown. */
export interface SignInValues {
  account: string;
  password: string;
  qrcode: string;
  remember: boolean;
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
  /** What the form starts with once read; null while it is being read. */
  preference: LoginPreference | null;
  /** The form last sent, for the call and, after a sign-in, for the preference kept; null after a provider's. */
  sent: SignInValues | null;
  /** The server's sentence per field it refused at the last try. */
  refusals: Record<string, string>;
  /** The uuid of the captcha image shown, which the answer is for. */
  captchaUuid: string | null;
  agentCode: string;
  credential: ProviderCredential | null;
  token: string | null;
  /** The server's ticket after a right password when the app key's code step is on. */
  appKeyTicket: string | null;
  /** The code last sent for the ticket. */
  totpCode: string;
}

/** The sign-in's answer: a session, or the ticket of a sign-in that still needs a code. */
export type SignInAnswer = { token: string } | { appKeyTicket: string };

export type LoginEvent =
  | ({ type: 'form.submit' } & SignInValues)
  | { type: 'code.submit'; totpCode: string }
  | { type: 'code.cancel' }
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

const defaultPreference: LoginPreference = { remember: true, account: '' };

/** What a successful sign-in keeps for the next visit. */
const preferenceOf = ({ context }: { context: LoginContext }): LoginPreference => ({
  remember: context.sent?.remember ?? true,
  account: context.sent?.account.trim() ?? '',
});

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
    signInWithProvider: fromPromise<SignInAnswer, { event: ThirdPartyProvider; token: string; agentCode: string }>(
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
    restorePreference: assign((_, preference: LoginPreference) => ({
      preference: { remember: preference.remember, account: preference.remember ? preference.account : '' },
    })),
  },
  guards: {
    captchaShown: ({ context }) => context.captchaUuid !== null,
    hasCredential: ({ context }) => context.credential !== null,
    codeAsked: (_, answer: SignInAnswer) => 'appKeyTicket' in answer,
    formSent: ({ context }) => context.sent !== null,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    preference: null,
    sent: null,
    refusals: {},
    captchaUuid: null,
    agentCode: input.agentCode?.trim() ?? '',
    credential: input.credential ?? null,
    token: null,
    appKeyTicket: null,
    totpCode: '',
  }),
  invoke: { id: 'captcha', src: 'captcha' },
  on: { 'captcha.changed': { actions: assign({ captchaUuid: ({ event }) => event.uuid }) } },
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
        onError: [
          {
            guard: 'hasCredential',
            target: 'signingInWithProvider',
            actions: { type: 'restorePreference', params: defaultPreference },
          },
          { target: 'editing', actions: { type: 'restorePreference', params: defaultPreference } },
        ],
      },
    },
    editing: {
      on: {
        'form.submit': {
          guard: 'captchaShown',
          target: 'signingIn',
          actions: assign(({ event }) => ({
            sent: { account: event.account, password: event.password, qrcode: event.qrcode, remember: event.remember },
            refusals: {},
          })),
        },
        'provider.signIn': {
          target: 'signingInWithProvider',
          actions: assign({ credential: ({ event }) => event.credential, refusals: {}, sent: null }),
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
          account: context.sent?.account.trim() ?? '',
          password: context.sent?.password ?? '',
          uuid: context.captchaUuid ?? '',
          qrcode: context.sent?.qrcode.trim() ?? '',
          remember: context.sent?.remember ?? true,
        }),
        onDone: [
          {
            guard: { type: 'codeAsked', params: ({ event }) => event.output },
            target: 'enteringCode',
            actions: assign({
              appKeyTicket: ({ event }) => ('appKeyTicket' in event.output ? event.output.appKeyTicket : null),
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
        // The captcha is spent either way: a fresh one is drawn, and the view drops the old answer.
        onError: {
          target: 'editing',
          actions: [
            'clearToken',
            assign({ refusals: ({ event }) => refusedFields(event.error), captchaUuid: null }),
            sendTo('captcha', { type: 'captcha.refresh' }),
          ],
        },
      },
    },
    enteringCode: {
      on: {
        'code.submit': {
          target: 'checkingCode',
          actions: assign({ totpCode: ({ event }) => event.totpCode.trim(), refusals: {} }),
        },
        // The captcha was spent by the password step: going back draws a new one.
        'code.cancel': {
          target: 'editing',
          actions: [
            assign({ appKeyTicket: null, totpCode: '', refusals: {}, captchaUuid: null }),
            sendTo('captcha', { type: 'captcha.refresh' }),
          ],
        },
      },
    },
    checkingCode: {
      invoke: {
        id: 'signInWithAppKey',
        src: 'signInWithAppKey',
        input: ({ context }) => ({ appKeyTicket: context.appKeyTicket ?? '', totpCode: context.totpCode }),
        onDone: [
          {
            guard: 'formSent',
            target: 'signedIn',
            actions: [
              assign({ token: ({ event }) => event.output.token, appKeyTicket: null }),
              { type: 'savePreference', params: preferenceOf },
            ],
          },
          { target: 'signedIn', actions: assign({ token: ({ event }) => event.output.token, appKeyTicket: null }) },
        ],
        onError: {
          target: 'enteringCode',
          actions: assign({ totpCode: '', refusals: ({ event }) => refusedFields(event.error) }),
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
        onDone: [
          {
            guard: { type: 'codeAsked', params: ({ event }) => event.output },
            target: 'enteringCode',
            actions: assign({
              appKeyTicket: ({ event }) => ('appKeyTicket' in event.output ? event.output.appKeyTicket : null),
              credential: null,
            }),
          },
          {
            target: 'signedIn',
            actions: assign({
              token: ({ event }) => ('token' in event.output ? event.output.token : null),
              credential: null,
            }),
          },
        ],
        onError: { target: 'editing', actions: ['clearToken', assign({ credential: null })] },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** What the form starts with: the remembered account and choice; null until read. */
export const selectLoginPreference = (snapshot: LoginSnapshot) => snapshot.context.preference;
/** The server's sentence on each field it refused at the last try (the form's, or the code's). */
export const selectLoginRefusals = (snapshot: LoginSnapshot) => snapshot.context.refusals;
/** The uuid of the captcha image shown, or null while there is none: an answer is for one image. */
export const selectLoginCaptchaUuid = (snapshot: LoginSnapshot) => snapshot.context.captchaUuid;
export const selectSigningIn = (snapshot: LoginSnapshot) =>
  snapshot.matches('signingIn') || snapshot.matches('signedIn');
export const selectSigningInWith = (snapshot: LoginSnapshot): ThirdPartyProvider | null =>
  snapshot.matches('signingInWithProvider') ? (snapshot.context.credential?.provider ?? null) : null;
export const selectLoginCaptchaFlow = (snapshot: LoginSnapshot) => snapshot.children.captcha;

export const selectEnteringCode = (snapshot: LoginSnapshot) =>
  snapshot.matches('enteringCode') || snapshot.matches('checkingCode');
export const selectCheckingCode = (snapshot: LoginSnapshot) => snapshot.matches('checkingCode');
