import type { PachinkoBall as Ball } from '@games/engine/pachinko';
import { jackpotPay } from '@games/titles/fuji-rush';
import { ballFallMs, ballLaunchMs, selectReelMotion, selectRound } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import { pachinkoBallsOf } from '../pachinko-outcome';
import styles from './pachinko-field.module.css';
import { useStudioActor } from './studio-actor';

/** Where a ball comes to rest on the board, in percent: the start pocket in the middle, prize pockets at the sides, out at the bottom. */
function restingPlace(ball: Ball): { x: number; y: number } {
  if (ball.pocket === 'start') return { x: 50, y: 66 };
  if (ball.pocket === 'prize') return { x: ball.lane % 2 === 0 ? 17 : 83, y: 56 };
  return { x: 6 + (ball.lane % 89), y: 94 };
}

export function BallTally({ balls }: { balls: Ball[] }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const count = (pocket: Ball['pocket']) => balls.filter((ball) => ball.pocket === pocket).length;
  const jackpots = balls.reduce((sum, ball) => sum + ball.jackpots, 0);
  const longestRush = balls.reduce((most, ball) => Math.max(most, ball.jackpots), 0);
  return (
    <div className={styles.tally}>
      <ul>
        <li>{t('pachinko.start', { count: count('start') })}</li>
        <li>{t('pachinko.prize', { count: count('prize') })}</li>
        <li>{t('pachinko.out', { count: count('out') })}</li>
      </ul>
      {jackpots > 0 ? (
        <p className={styles.jackpot} role="status">
          {t('pachinko.jackpot', { count: jackpots, win: coins(jackpots * jackpotPay) })}
          {longestRush > 1 ? <strong> {t('pachinko.rush', { count: longestRush })}</strong> : null}
        </p>
      ) : null}
    </div>
  );
}

/** The board: balls launched one after another fall into the start pocket, a prize pocket or out. */
export function PachinkoBoard({ balls, motion }: { balls: Ball[]; motion: 'turning' | 'stopping' | 'still' }) {
  const { t } = useTranslation();
  return (
    <div className={styles.board} role="img" aria-label={t('pachinko.board')} data-motion={motion}>
      <span className={`${styles.pocket} ${styles.prizeLeft}`}>{t('pachinko.prizePocket')}</span>
      <span className={`${styles.pocket} ${styles.startPocket}`}>{t('pachinko.startPocket')}</span>
      <span className={`${styles.pocket} ${styles.prizeRight}`}>{t('pachinko.prizePocket')}</span>
      {motion === 'turning' ? <span className={styles.launcher} /> : null}
      {motion === 'turning'
        ? null
        : balls.map((ball, index) => {
            const place = restingPlace(ball);
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: balls are in launch order and never move in the list
                key={index}
                className={`${styles.ball} ${motion === 'stopping' ? styles.falling : ''}`}
                data-pocket={ball.pocket}
                style={
                  {
                    '--x': `${place.x}%`,
                    '--y': `${place.y}%`,
                    '--mid': `${30 + (ball.lane % 40)}%`,
                    left: `${place.x}%`,
                    top: `${place.y}%`,
                    animationDelay: `${index * ballLaunchMs}ms`,
                    animationDuration: `${ballFallMs}ms`,
                  } as CSSProperties
                }
              />
            );
          })}
    </div>
  );
}

/** The pachinko of the session: the board, then the tally and any jackpot and rush announced. */
export function PachinkoField() {
  const actor = useStudioActor();
  const motion = useSelector(actor, selectReelMotion);
  const round = useSelector(actor, selectRound);
  const balls = pachinkoBallsOf(round);
  return (
    <section className={styles.field}>
      <PachinkoBoard balls={balls} motion={motion} />
      {motion === 'still' && balls.length > 0 ? <BallTally balls={balls} /> : null}
    </section>
  );
}
