import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionStore } from '../session/use-session';

/** Query roots that hold the player's money and identity: all stale once either changes. */
export const accountQueryRoots = ['user', 'bank', 'kyc', 'finance', 'record'] as const;

/**
 * After money moved or the identity changed: refetch the account pages' data and the session's
 * profile, whose balance the header shows.
 */
export function useAccountRefresh(): () => void {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useCallback(() => {
    for (const root of accountQueryRoots) void queryClient.invalidateQueries({ queryKey: [root] });
    session.send({ type: 'profile.reload' });
  }, [queryClient, session]);
}
