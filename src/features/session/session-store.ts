import type { SessionEvent } from '@machines/session.machine';
import { adoptTokenFromUrl, readStoredToken } from '@/lib/storage';
import type { SessionActor, SessionDeps, SessionView } from './session-actor';

/** What the page frame shows of the session: the header, the menus, whether the dialog is open. */
const visitorView: SessionView = {
  status: 'signedOut',
  user: null,
  isAgent: false,
  dialogOpen: false,
  dialogView: 'login',
};
const restoringView: SessionView = { ...visitorView, status: 'checking' };

/**
 * The session as the router context holds it. The session machine (and XState with it) loads only
 * when it has work: at once when a token is stored, otherwise when a visitor opens the sign-in
 * dialog or a protected route. Until then a visitor is plainly signed out, so the home page a
 * newcomer opens does not carry the flow engine.
 */
export interface SessionStore {
  view(): SessionView;
  subscribe(listener: () => void): () => void;
  /** The running session actor, loading and starting it the first time. */
  actor(): Promise<SessionActor>;
  /** The session actor if it runs already: views that exist only once it does (the dialog) read it. */
  loadedActor(): SessionActor | null;
  /** Sends an event to the session, starting it first if needed. */
  send(event: SessionEvent): void;
}

/** `restoreStored` is false on the operators' desk, which never shows a player's session. */
export function createSessionStore(deps: SessionDeps, { restoreStored }: { restoreStored: boolean }): SessionStore {
  adoptTokenFromUrl();
  const restoring = restoreStored && readStoredToken() !== null;
  let view = restoring ? restoringView : visitorView;
  let running: SessionActor | null = null;
  let starting: Promise<SessionActor> | null = null;
  const listeners = new Set<() => void>();

  function actor(): Promise<SessionActor> {
    starting ??= import('./session-actor').then(
      ({ createSessionActor, sessionViewOf }) => {
        const started = createSessionActor(deps);
        const follow = () => {
          view = sessionViewOf(started.getSnapshot());
          for (const listener of listeners) listener();
        };
        started.subscribe(follow);
        running = started;
        follow();
        return started;
      },
      (error: unknown) => {
        // A failed chunk download may succeed on the next try.
        starting = null;
        throw error;
      },
    );
    return starting;
  }

  if (restoring) void actor();
  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    actor,
    loadedActor: () => running,
    send: (event) => void actor().then((started) => started.send(event)),
  };
}
