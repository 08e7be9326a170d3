import { selectStudioStage } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { portalEvent } from '../portal-messages';
import { GameScreen } from './game-screen';
import { OpenFailedView, OpeningView, ProtectionRefusedView, SessionEndedView } from './outside-views';
import { type StudioActor, StudioActorContext } from './studio-actor';

/** The game page: the view of the round machine's state, before, during and after the session. */
export function GamePage({ actor }: { actor: StudioActor }) {
  const stage = useSelector(actor, selectStudioStage);
  useEffect(() => {
    const listener = (message: MessageEvent) => {
      const event = portalEvent(message);
      if (event) actor.send(event);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [actor]);
  return (
    <StudioActorContext.Provider value={actor}>
      {stage === 'opening' ? (
        <OpeningView />
      ) : stage === 'openFailed' ? (
        <OpenFailedView />
      ) : stage === 'sessionEnded' ? (
        <SessionEndedView />
      ) : stage === 'protectionRefused' ? (
        <ProtectionRefusedView />
      ) : (
        <GameScreen stage={stage} />
      )}
    </StudioActorContext.Provider>
  );
}
