import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import {
  type AuthDialogView,
  isAuthDialogOpen,
  selectDialogView,
  selectIsAgent,
  selectStatus,
  selectUser,
} from '../../../machines/session.machine';

export function useSessionActor() {
  return useRouter().options.context.session;
}

export function useSignedInUser() {
  return useSelector(useSessionActor(), selectUser);
}

export function useIsAgent() {
  return useSelector(useSessionActor(), selectIsAgent);
}

export function useSessionStatus() {
  return useSelector(useSessionActor(), selectStatus);
}

export function useAuthDialog() {
  const session = useSessionActor();
  const open = useSelector(session, isAuthDialogOpen);
  const view = useSelector(session, selectDialogView);
  const show = useCallback((next: AuthDialogView) => session.send({ type: 'authDialog.show', view: next }), [session]);
  const close = useCallback(() => session.send({ type: 'authDialog.close' }), [session]);
  return { open, view, show, close };
}

export function useLogout() {
  const session = useSessionActor();
  return useCallback(() => session.send({ type: 'logout' }), [session]);
}
