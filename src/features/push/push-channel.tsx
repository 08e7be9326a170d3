import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { inspection } from '@/lib/inspector';
import { useSessionStore, useSignedInUser } from '../session/use-session';
import { pushChannelLogic } from './push-flow';

/** The tab's one push stream, open while a player is signed in (a new one for each sign-in). */
export function PushChannel() {
  const user = useSignedInUser();
  if (!user) return null;
  return <PlayerPushChannel key={user.userId} />;
}

function PlayerPushChannel() {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const logic = useMemo(() => pushChannelLogic({ queryClient, session }), [queryClient, session]);
  useActorRef(logic, { ...inspection });
  return null;
}
