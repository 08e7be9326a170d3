import { selectStudioStage } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { GameScreen } from './game-screen';
import { OpenFailedView, OpeningView, SessionEndedView } from './outside-views';
import { type StudioActor, StudioActorContext } from './studio-actor';

/** The game page: the view of the round machine's state, before, during and after the session. */
export function GamePage({ actor }: { actor: StudioActor }) {
  const stage = useSelector(actor, selectStudioStage);
  return (
    <StudioActorContext.Provider value={actor}>
      {stage === 'opening' ? (
        <OpeningView />
      ) : stage === 'openFailed' ? (
        <OpenFailedView />
      ) : stage === 'sessionEnded' ? (
        <SessionEndedView />
      ) : (
        <GameScreen stage={stage} />
      )}
    </StudioActorContext.Provider>
  );
}
