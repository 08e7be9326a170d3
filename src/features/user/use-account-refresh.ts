import type { SessionEvent } from '@machines/session.machine';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionStore } from '../session/use-session';
import { profileQueryOptions } from './queries';

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

/**
 * A balance the server pushed, or the game's frame reported after a round: the header (the
 * session's profile) and the user centre's profile show it at once, without asking the server.
 */
export function showBalance(
  deps: { queryClient: QueryClient; session: { send(event: SessionEvent): void } },
  balance: number,
): void {
  deps.session.send({ type: 'balance.changed', balance });
  deps.queryClient.setQueryData(profileQueryOptions().queryKey, (profile) => profile && { ...profile, balance });
}
