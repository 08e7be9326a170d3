import { isAgentQuery } from '@contract/agent';
import { logout, userInfo } from '@contract/auth';
import {
  type AuthDialogView,
  defaultHomePage,
  isAuthDialogOpen,
  type SessionSnapshot,
  type SessionUser,
  selectDialogView,
  selectIsAgent,
  selectStatus,
  selectUser,
  sessionMachine,
} from '@machines/session.machine';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { type ApiClient, sessionEndedEvents } from '@/lib/api-client';
import { inspection } from '@/lib/inspector';
import { clearStoredToken, readStoredToken, storeToken } from '@/lib/storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** What the views read of the session: a plain projection of the session machine's snapshot. */
export interface SessionView {
  status: 'checking' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  isAgent: boolean;
  dialogOpen: boolean;
  dialogView: AuthDialogView;
}

export interface SessionDeps {
  api: ApiClient;
  navigate(href: string): void;
}

/**
 * The app's one session actor, with the browser's side effects: storage under `token`, the profile
 * from the user-info and is-agent calls, navigation through the router.
 */
export function createSessionActor(deps: SessionDeps): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => {
        const [user, isAgent] = await Promise.all([
          deps.api.call(userInfo, {}, { silent: true }),
          deps.api.call(isAgentQuery, {}, { silent: true }),
        ]);
        return { user, isAgent, homePage: defaultHomePage };
      }),
      revokeSession: fromPromise(async () => {
        await deps.api.call(logout, {}, { silent: true });
      }),
    },
    actions: {
      storeToken: (_, { token }) => storeToken(token),
      clearToken: () => clearStoredToken(),
      goHome: () => deps.navigate('/'),
      continueTo: (_, { target }) => deps.navigate(target),
    },
  });
  const actor = createActor(machine, { ...inspection, input: { storedToken: readStoredToken() } });
  sessionEndedEvents.addEventListener('ended', () => actor.send({ type: 'session.ended' }));
  actor.start();
  return actor;
}

export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  return {
    status: selectStatus(snapshot),
    user: selectUser(snapshot),
    isAgent: selectIsAgent(snapshot),
    dialogOpen: isAuthDialogOpen(snapshot),
    dialogView: selectDialogView(snapshot),
  };
}
