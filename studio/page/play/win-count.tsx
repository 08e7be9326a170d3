/**
 * A round's win, counted up by its tier (machines/studio-round-win-tier.ts): a small win shows its
 * coins at once, a big, mega or epic one counts up under its name for longer; a tap shows the whole
 * win, and with reduced motion it is shown at once.
 */
import { selectReelMotion, selectRound } from '@machines/studio-round.machine';
import { countedWin, countUpMs, winTierOf } from '@machines/studio-round-win-tier';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import { useStudioActor } from './studio-actor';
import styles from './win-count.module.css';

export function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const changed = () => setReduced(list.matches);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, []);
  return reduced;
}

/** The coins counted so far, by the animation frames since the count began, until the whole win. */
function useCountUp(win: number, durationMs: number, skipped: boolean): number {
  const [shown, setShown] = useState(durationMs > 0 ? 0 : win);
  useEffect(() => {
    if (durationMs <= 0 || skipped) return;
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const coins = countedWin(win, now - start, durationMs);
      setShown(coins);
      if (coins < win) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [win, durationMs, skipped]);
  return skipped || durationMs <= 0 ? win : shown;
}

export function WinCount({ win, stake, turbo = false }: { win: number; stake: number; turbo?: boolean }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const tier = winTierOf(win, stake);
  const reducedMotion = usePrefersReducedMotion();
  const [skipped, setSkipped] = useState(false);
  const shown = useCountUp(win, countUpMs(tier, { turbo, reducedMotion }), skipped);
  const counting = shown < win;
  if (tier === 'none') return null;
  return (
    <div className={styles.win} data-tier={tier} data-testid="win-count" data-counting={counting || undefined}>
      {tier === 'small' ? null : <strong className={styles.tier}>{t(`winTier.${tier}`)}</strong>}
      <span className={styles.amount} aria-hidden="true">
        {t('winTier.coins', { win: coins(shown) })}
      </span>
      {/* Screen readers hear the whole win once, not every number on the way. */}
      <span className={styles.hidden}>{t('winTier.coins', { win: coins(win) })}</span>
      {counting ? (
        <button type="button" className={styles.skip} onClick={() => setSkipped(true)}>
          {t('winTier.skip')}
        </button>
      ) : null}
    </div>
  );
}

/** The last round's win, once its reels or balls have stopped, until the next round starts. */
export function RoundWin({ turbo = false }: { turbo?: boolean }) {
  const actor = useStudioActor();
  const motion = useSelector(actor, selectReelMotion);
  const round = useSelector(actor, selectRound);
  if (motion !== 'still' || !round || round.status === 'rolledBack' || round.win === 0) return null;
  return <WinCount key={round.id} win={round.win} stake={round.stake} turbo={turbo} />;
}
