import { isRoundTitle } from '@games/studio-title';
import { type StudioStage, selectGame, selectStudioStage } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portalEvent } from '../portal-messages';
import { loadTitle } from '../title-loaders';
import { GameScreen } from './game-screen';
import styles from './game-screen.module.css';
import { OpenFailedView, OpeningView, ProtectionRefusedView, SessionEndedView } from './outside-views';
import { PachislotScreen } from './pachislot-screen';
import { type StudioActor, StudioActorContext } from './studio-actor';
import { type LoadedTitle, TitleContext } from './title-context';

type ScreenStage = Exclude<StudioStage, 'opening' | 'openFailed' | 'sessionEnded' | 'protectionRefused'>;

type TitleLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; loaded: LoadedTitle };

/** The session's title, loaded with its own chunk once the session names it; `retry` loads it again after a failure. */
function useTitle(code: string | undefined) {
  const [load, setLoad] = useState<TitleLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState({ code, count: 0 });
  if (attempt.code !== code) setAttempt({ code, count: 0 });
  useEffect(() => {
    if (!attempt.code) return;
    let current = true;
    setLoad({ state: 'loading' });
    loadTitle(attempt.code).then(
      (loaded) => current && setLoad({ state: 'loaded', loaded }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return { load, retry: () => setAttempt((previous) => ({ ...previous, count: previous.count + 1 })) };
}

function TitleFailedView({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.message}>
      <p role="alert">{t('openFailed')}</p>
      <button type="button" className={styles.primary} onClick={retry}>
        {t('retry')}
      </button>
    </main>
  );
}

/** The game screen, once the title it draws is loaded. */
function TitleScreen({ stage, actor }: { stage: ScreenStage; actor: StudioActor }) {
  const game = useSelector(actor, selectGame);
  const { load, retry } = useTitle(game?.code);
  if (load.state === 'failed') return <TitleFailedView retry={retry} />;
  if (load.state === 'loading') return <OpeningView />;
  const { title } = load.loaded;
  return (
    <TitleContext.Provider value={load.loaded}>
      {title.kind === 'pachislot' && !isRoundTitle(title) ? (
        <PachislotScreen title={title} />
      ) : (
        <GameScreen stage={stage} />
      )}
    </TitleContext.Provider>
  );
}

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
        <TitleScreen stage={stage} actor={actor} />
      )}
    </StudioActorContext.Provider>
  );
}
