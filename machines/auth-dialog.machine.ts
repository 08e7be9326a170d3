/**
 * authDialog: which flow the sign-in dialog runs, and where each flow's outcome goes.
 *
 * The session actor decides whether the dialog is open and on which view (login, register or
 * findPassword); this machine follows it through the `followSession` actor and runs the matching
 * flow as a child, so switching tabs starts that flow afresh and closing the dialog stops it.
 *
 * States:
 * - closed: the dialog is not shown; no flow runs.
 * - open.signingIn: the login tab (`loginFlow`); its token goes to the session as `signIn`.
 * - open.registering: the register tab (`registerFlow`); its token goes to the session as `signIn`,
 *   marked as a new account's so the session shows the newcomer their first steps.
 * - open.recoveringPassword: the findPassword view without tabs (`findPasswordFlow`), opened by the
 *   forgot-password link; when it finishes the dialog closes (docs/requirements.md §4).
 */
import { type ActorRefFrom, assign, fromCallback, type SnapshotFrom, setup } from 'xstate';
import { findPasswordMachine } from './find-password.machine';
import { loginMachine, type ProviderCredential } from './login.machine';
import { registerMachine } from './register.machine';
import { type AuthDialogView, isAuthDialogOpen, selectDialogView, type sessionMachine } from './session.machine';

export type AuthDialogEvent = { type: 'view.shown'; view: AuthDialogView } | { type: 'dialog.closed' };

export interface AuthDialogInput {
  /** The `agentCode` query parameter, for registration and first third-party sign-ins. */
  agentCode?: string | null;
  /** A third-party credential the page came back with, exchanged as soon as the login flow starts. */
  credential?: ProviderCredential | null;
}

export interface AuthDialogContext {
  agentCode: string | null;
  credential: ProviderCredential | null;
}

const showsView = ({ event }: { event: AuthDialogEvent }, params: { view: AuthDialogView }) =>
  event.type === 'view.shown' && event.view === params.view;

export const authDialogMachine = setup({
  types: {
    context: {} as AuthDialogContext,
    events: {} as AuthDialogEvent,
    input: {} as AuthDialogInput,
    children: {} as {
      followSession: 'followSession';
      loginFlow: 'loginFlow';
      registerFlow: 'registerFlow';
      findPasswordFlow: 'findPasswordFlow';
    },
  },
  actors: {
    /** Reports the session's dialog state now and on every change, as `view.shown` / `dialog.closed`. */
    followSession: fromCallback<AuthDialogEvent>(() => {
      throw new Error('followSession must be provided');
    }),
    loginFlow: loginMachine,
    registerFlow: registerMachine,
    findPasswordFlow: findPasswordMachine,
  },
  actions: {
    /** Hands the new session's token to the session actor (`signIn.succeeded`); `registered` for a new account. */
    signIn: (_, _params: { token: string; registered?: boolean }) => {},
    /** Asks the session actor to close the dialog (`authDialog.close`). */
    close: () => {},
    /** Tells whoever handed over the third-party credential that it has been used. */
    forgetCredential: () => {},
  },
  guards: {
    shows: showsView,
  },
}).createMachine({
  id: 'authDialog',
  context: ({ input }) => ({ agentCode: input.agentCode ?? null, credential: input.credential ?? null }),
  invoke: { id: 'followSession', src: 'followSession' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'view.shown': [
          { guard: { type: 'shows', params: { view: 'login' } }, target: 'open.signingIn' },
          { guard: { type: 'shows', params: { view: 'register' } }, target: 'open.registering' },
          { target: 'open.recoveringPassword' },
        ],
      },
    },
    open: {
      on: { 'dialog.closed': { target: 'closed' } },
      initial: 'signingIn',
      states: {
        signingIn: {
          // The credential is for one attempt: a later visit to the login tab starts with a plain form.
          exit: ['forgetCredential', assign({ credential: null })],
          invoke: {
            id: 'loginFlow',
            src: 'loginFlow',
            input: ({ context }) => ({ agentCode: context.agentCode, credential: context.credential }),
            onDone: {
              target: '#authDialog.closed',
              actions: { type: 'signIn', params: ({ event }) => ({ token: event.output.token }) },
            },
          },
          on: {
            'view.shown': [
              { guard: { type: 'shows', params: { view: 'register' } }, target: 'registering' },
              { guard: { type: 'shows', params: { view: 'findPassword' } }, target: 'recoveringPassword' },
            ],
          },
        },
        registering: {
          invoke: {
            id: 'registerFlow',
            src: 'registerFlow',
            input: ({ context }) => ({ agentCode: context.agentCode }),
            onDone: {
              target: '#authDialog.closed',
              actions: { type: 'signIn', params: ({ event }) => ({ token: event.output.token, registered: true }) },
            },
          },
          on: {
            'view.shown': [
              { guard: { type: 'shows', params: { view: 'login' } }, target: 'signingIn' },
              { guard: { type: 'shows', params: { view: 'findPassword' } }, target: 'recoveringPassword' },
            ],
          },
        },
        recoveringPassword: {
          invoke: {
            id: 'findPasswordFlow',
            src: 'findPasswordFlow',
            onDone: { target: '#authDialog.closed', actions: 'close' },
          },
          on: {
            'view.shown': [
              { guard: { type: 'shows', params: { view: 'login' } }, target: 'signingIn' },
              { guard: { type: 'shows', params: { view: 'register' } }, target: 'registering' },
            ],
          },
        },
      },
    },
  },
});

export type AuthDialogSnapshot = SnapshotFrom<typeof authDialogMachine>;

export const selectLoginFlow = (snapshot: AuthDialogSnapshot) => snapshot.children.loginFlow;
export const selectRegisterFlow = (snapshot: AuthDialogSnapshot) => snapshot.children.registerFlow;
export const selectFindPasswordFlow = (snapshot: AuthDialogSnapshot) => snapshot.children.findPasswordFlow;

/**
 * The dialog's links to the session actor: `followSession` reports the session's dialog state, and
 * the two actions hand outcomes back (a sign-in's token, or the request to close).
 */
export function sessionLinks(session: ActorRefFrom<typeof sessionMachine>) {
  return {
    followSession: fromCallback<AuthDialogEvent>(({ sendBack }) => {
      const report = (snapshot: SnapshotFrom<typeof sessionMachine>) =>
        sendBack(
          isAuthDialogOpen(snapshot)
            ? { type: 'view.shown', view: selectDialogView(snapshot) }
            : { type: 'dialog.closed' },
        );
      report(session.getSnapshot());
      const subscription = session.subscribe(report);
      return () => subscription.unsubscribe();
    }),
    signIn: (_: unknown, params: { token: string; registered?: boolean }) =>
      session.send({ type: 'signIn.succeeded', token: params.token, registered: params.registered === true }),
    close: () => session.send({ type: 'authDialog.close' }),
  };
}
