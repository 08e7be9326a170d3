import type { PachinkoBall as Ball, ModeKind } from '@games/engine/pachinko';
import type { PachinkoTitle } from '@games/engine/pachinko-title';
import type { StudioTitle } from '@games/studio-title';
import {
  ballFallMs,
  ballLaunchMs,
  selectReelMotion,
  selectResultAnimationMs,
  selectRound,
} from '@machines/studio-round.machine';
import { jackpotWinOf, type LotteryMode, type LotteryShow, lotteryShowOf } from '@machines/studio-round-pachinko';
import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import { pachinkoBallsOf } from '../pachinko-outcome';
import styles from './pachinko-field.module.css';
import { useStudioActor } from './studio-actor';
import { type SymbolArt, useLoadedTitle } from './title-context';

type Motion = 'turning' | 'stopping' | 'still';

/** Where a ball comes to rest on the board, in percent: the start pocket in the middle, prize pockets at the sides, out at the bottom. */
function restingPlace(ball: Ball): { x: number; y: number } {
  if (ball.pocket === 'start') return { x: 50, y: 66 };
  if (ball.pocket === 'prize') return { x: ball.lane % 2 === 0 ? 17 : 83, y: 56 };
  return { x: 6 + (ball.lane % 89), y: 94 };
}

/** How many spins each of the title's timed modes lasts; the display counts a rush's spins from it. */
function modeSpinsOf(title: StudioTitle): (kind: ModeKind) => number | null {
  const { machine } = title as Partial<PachinkoTitle>;
  return (kind) => (title.mechanic === 'pachinko' ? (machine?.modes[kind]?.spins ?? null) : null);
}

const ms = (value: number) => `${value}ms`;

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
          {t('pachinko.jackpot', { count: jackpots, win: coins(jackpotWinOf(balls)) })}
          {longestRush > 1 ? <strong> {t('pachinko.rush', { count: longestRush })}</strong> : null}
        </p>
      ) : null}
    </div>
  );
}

function ModeText({ mode }: { mode: LotteryMode }) {
  const { t } = useTranslation();
  const name = t(`pachinko.mode.${mode.kind}`);
  return (
    <p className={styles.mode} data-testid="lottery-mode" data-mode={mode.kind}>
      {mode.spinsLeft === null ? name : t('pachinko.modeSpins', { mode: name, count: mode.spinsLeft })}
    </p>
  );
}

/** Three digits as they rest, or blanks before any start spin. */
function Digits({ digits }: { digits: readonly number[] | null }) {
  return (digits ?? [null, null, null]).map((digit, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the three places are fixed: left, middle, right
    <span key={index} className={styles.digit}>
      {digit ?? '–'}
    </span>
  ));
}

/** Digits rolling while the round is awaited, or until a place stops. */
function Rolling() {
  return (
    <span className={styles.strip} aria-hidden="true">
      {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => (
        <span key={digit}>{digit}</span>
      ))}
    </span>
  );
}

/** The display's digits as the round stops: the start spins flashed, then the held spin's places stopping one by one. */
function StoppingDigits({ show }: { show: LotteryShow }) {
  const { held } = show;
  if (!held) return <Digits digits={null} />;
  return (
    <>
      {show.flashes.map((flash, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: flashes keep their launch order
          key={index}
          className={styles.flash}
          style={{ '--at': ms(flash.atMs), '--for': ms(flash.forMs) } as CSSProperties}
          aria-hidden="true"
        >
          <Digits digits={flash.digits} />
        </span>
      ))}
      {held.spin.digits.map((digit, index) => {
        const stopMs = held.stopsMs[index] ?? 0;
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the three places are fixed: left, middle, right
            key={index}
            className={`${styles.digit} ${styles.place}`}
            style={{ '--at': ms(held.atMs), '--for': ms(stopMs - held.atMs), '--stop': ms(stopMs) } as CSSProperties}
          >
            <span className={styles.rolling}>
              <Rolling />
            </span>
            <span className={styles.stopped}>{digit}</span>
          </span>
        );
      })}
    </>
  );
}

/** The display's three places: rolling while the round is awaited, stopping as it lands, then at rest. */
function DisplayDigits({ show, motion }: { show: LotteryShow; motion: Motion }) {
  const rest = motion === 'still';
  return (
    <p
      className={styles.digits}
      data-testid="lottery-digits"
      data-jackpot={rest && show.held?.spin.jackpot ? '' : undefined}
    >
      {motion === 'turning' ? (
        [0, 1, 2].map((place) => (
          <span key={place} className={styles.digit}>
            <Rolling />
          </span>
        ))
      ) : rest ? (
        <Digits digits={show.held?.spin.digits ?? null} />
      ) : (
        <StoppingDigits show={show} />
      )}
    </p>
  );
}

/** The digital lottery in the middle of the board: its three digits, any リーチ, the mode and the rush. */
export function LotteryDisplay({ show, motion, art }: { show: LotteryShow; motion: Motion; art: SymbolArt }) {
  const { t } = useTranslation();
  const rest = motion === 'still';
  const reachMs = show.held?.reachMs ?? null;
  return (
    <section className={styles.display} aria-label={t('pachinko.display')} data-testid="lottery" data-motion={motion}>
      <span className={styles.frame}>{art.frame?.()}</span>
      <DisplayDigits show={show} motion={motion} />
      {show.presentation && reachMs !== null && motion !== 'turning' ? (
        <p
          className={`${styles.reach} ${rest ? '' : styles.appear}`}
          style={{ '--stop': ms(reachMs) } as CSSProperties}
          data-testid="lottery-reach"
        >
          {t(`pachinko.reach.${show.presentation}`)}
        </p>
      ) : null}
      <ModeText mode={rest ? show.modeAfter : show.modeBefore} />
      {rest && show.rushJackpots !== null ? (
        <p className={styles.rushCount} data-testid="rush-count">
          {t('pachinko.rushCount', { count: show.rushJackpots })}
        </p>
      ) : null}
    </section>
  );
}

/** The board: balls launched one after another fall into the start pocket, a prize pocket or out; plain without the title's art. */
export function PachinkoBoard({ balls, motion, art = {} }: { balls: Ball[]; motion: Motion; art?: SymbolArt }) {
  const { t } = useTranslation();
  return (
    <div className={styles.board} role="img" aria-label={t('pachinko.board')} data-motion={motion}>
      <span className={styles.fieldArt}>{art.field?.()}</span>
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

/** The pachinko of the session: the board with its lottery display, then the tally and any jackpot and rush announced. */
export function PachinkoField() {
  const actor = useStudioActor();
  const motion = useSelector(actor, selectReelMotion);
  const round = useSelector(actor, selectRound);
  const animationMs = useSelector(actor, selectResultAnimationMs);
  const { title, art } = useLoadedTitle();
  const balls = pachinkoBallsOf(round);
  const show = lotteryShowOf(balls, animationMs, modeSpinsOf(title));
  return (
    <section className={styles.field}>
      <div className={styles.cabinet}>
        <PachinkoBoard balls={balls} motion={motion} art={art} />
        <LotteryDisplay show={show} motion={motion} art={art} />
      </div>
      {motion === 'still' && balls.length > 0 ? <BallTally balls={balls} /> : null}
    </section>
  );
}
