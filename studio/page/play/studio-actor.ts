import type { studioRoundMachine } from '@machines/studio-round.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';

export type StudioActor = ActorRefFrom<typeof studioRoundMachine>;

/** The round machine's actor, made once by the page and read by every view of it. */
export const StudioActorContext = createContext<StudioActor | null>(null);

export function useStudioActor(): StudioActor {
  const actor = useContext(StudioActorContext);
  if (!actor) throw new Error('useStudioActor outside the game page');
  return actor;
}
