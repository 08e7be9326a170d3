import type { AuthDialogView } from '@machines/session.machine';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionActor, SessionView } from './session-actor';

export function useSessionStore() {
  return useRouter().options.context.session;
}

function useSessionView<T>(select: (view: SessionView) => T): T {
  const session = useSessionStore();
  return useSyncExternalStore(session.subscribe, () => select(session.view()));
}

/** For views that only exist while the session runs (the sign-in dialog and its flows). */
export function useSessionActor(): SessionActor {
  const actor = useSessionStore().loadedActor();
  if (!actor) throw new Error('the session machine has not started');
  return actor;
}

export function useSignedInUser() {
  return useSessionView((view) => view.user);
}

export function useIsAgent() {
  return useSessionView((view) => view.isAgent);
}

export function useSessionStatus() {
  return useSessionView((view) => view.status);
}

export function useAuthDialog() {
  const session = useSessionStore();
  const open = useSessionView((view) => view.dialogOpen);
  const view = useSessionView((current) => current.dialogView);
  const show = useCallback((next: AuthDialogView) => session.send({ type: 'authDialog.show', view: next }), [session]);
  const close = useCallback(() => session.send({ type: 'authDialog.close' }), [session]);
  return { open, view, show, close };
}

export function useLogout() {
  const session = useSessionStore();
  return useCallback(() => session.send({ type: 'logout' }), [session]);
}
