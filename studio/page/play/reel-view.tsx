/**
 * The reels of any slot title: the round's steps played in order (the spin's window, then each
 * cascade, respin or free spin), each step's winning cells outlined, hold-and-win values on their
 * cells, and the multiplier and spins left beside. The window takes its reel and row count from
 * the steps, so one view draws every title's reels.
 */
import type { SlotRoundResult, SlotStep, Title } from '@games/engine/title';
import { selectReelMotion, selectResultAnimationMs, selectRound, selectTurbo } from '@machines/studio-round.machine';
import { reelTiming } from '@machines/studio-round-win-tier';
import { useSelector } from '@xstate/react';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './reel-view.module.css';
import { restingWindow, slotRoundOf } from './slot-steps';
import { useStudioActor } from './studio-actor';
import { SymbolImage } from './symbol-art';
import { type SymbolArt, useLoadedTitle } from './title-context';
import { useSymbolName } from './title-rules';

export type ReelMotion = 'turning' | 'stopping' | 'still';

/** Which step shows, and whether its reels have landed (only the spin's first window lands). */
interface ShownStep {
  index: number;
  landed: boolean;
}

/** Steps one after another while the round's result animates; the last one once it stands still. */
export function useShownStep(steps: readonly SlotStep[], motion: ReelMotion, animationMs: number): ShownStep {
  const [progress, setProgress] = useState<ShownStep>({ index: 0, landed: false });
  useEffect(() => {
    if (motion !== 'stopping') return;
    setProgress({ index: 0, landed: false });
    const timing = reelTiming(animationMs, steps.length);
    const timers = steps.map((_, index) =>
      setTimeout(() => setProgress({ index, landed: true }), timing.spinMs + index * timing.stepMs),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [motion, steps, animationMs]);
  if (motion === 'still') return { index: Math.max(0, steps.length - 1), landed: true };
  if (motion === 'turning') return { index: 0, landed: false };
  return progress;
}

const lineColours = ['#f2c14e', '#5ccf8a', '#6bb8ff', '#e8577a', '#c08cff'];

/** Lines drawn through the cells of each line win; wins of other kinds are outlined cells only. */
function WinLines({ wins, reels, rows }: { wins: SlotStep['wins']; reels: number; rows: number }) {
  const lineWins = wins.filter((win) => win.line !== undefined);
  if (lineWins.length === 0) return null;
  return (
    <svg className={styles.lines} viewBox={`0 0 ${reels} ${rows}`} preserveAspectRatio="none" aria-hidden="true">
      {lineWins.map((win, index) => (
        <polyline
          key={`${win.line}-${win.symbol}`}
          data-line={win.line}
          points={[...win.cells]
            .sort((a, b) => a[0] - b[0])
            .map(([reel, row]) => `${reel + 0.5},${row + 0.5}`)
            .join(' ')}
          fill="none"
          stroke={lineColours[index % lineColours.length]}
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
          opacity={0.85}
        />
      ))}
    </svg>
  );
}

interface CellProps {
  symbol: string;
  art: SymbolArt;
  name: string;
  winning?: boolean;
  value?: number | null;
  entered?: boolean;
}

function Cell({ symbol, art, name, winning = false, value = null, entered = false }: CellProps) {
  const coins = useCoins();
  const { t, i18n } = useTranslation();
  const parts = [
    name,
    value === null ? null : t('reels.value', { value: coins(value) }),
    winning ? t('reels.winning') : null,
  ];
  const label = new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(
    parts.filter((part): part is string => part !== null),
  );
  return (
    <span
      className={`${styles.cell} ${entered ? styles.entered : ''}`}
      role="img"
      aria-label={label}
      data-symbol={symbol}
      data-win={winning || undefined}
    >
      <SymbolImage id={symbol} art={art} />
      {value === null ? null : <span className={styles.value}>{coins(value)}</span>}
    </span>
  );
}

/** A reel still turning: its symbols go round, unnamed, until the round's stops are known. */
function TurningStrip({ filler, art }: { filler: readonly string[]; art: SymbolArt }) {
  return (
    <div
      className={`${styles.strip} ${styles.turning}`}
      aria-hidden="true"
      style={{ '--filler': filler.length } as CSSProperties}
    >
      {[...filler, ...filler].map((symbol, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a turning strip's positions never move
        <span className={styles.cell} key={position}>
          <SymbolImage id={symbol} art={art} />
        </span>
      ))}
    </div>
  );
}

export interface ReelWindowProps {
  step: SlotStep | null;
  /** The window at rest before the first round (or while no step is known). */
  resting: string[][];
  previous?: SlotStep;
  art: SymbolArt;
  motion: 'turning' | 'landing' | 'shown';
  /** The round's steps' timing (machines/studio-round-win-tier.ts `reelTiming`). */
  timing: ReturnType<typeof reelTiming>;
}

/** One step's window: turning, landing reel by reel on it, or shown with its wins. */
export function ReelWindow({ step, resting, previous, art, motion, timing }: ReelWindowProps) {
  const { t } = useTranslation();
  const nameOf = useSymbolName();
  const window = step?.window ?? resting;
  const reels = window.length;
  const rows = window[0]?.length ?? 0;
  const winning = new Set(
    (motion === 'shown' ? (step?.wins ?? []) : []).flatMap((win) => win.cells.map(([r, w]) => `${r}:${w}`)),
  );
  const symbols = [...new Set(window.flat())];
  const enters = motion === 'shown' && previous !== undefined && step !== null;
  return (
    <section
      className={styles.window}
      aria-label={t('reels.label', { reels, rows })}
      aria-busy={motion !== 'shown'}
      data-motion={motion}
      data-phase={step?.phase ?? 'rest'}
      style={
        {
          '--reels': reels,
          '--rows': rows,
          '--spin-ms': `${timing.spinMs}ms`,
          '--step-ms': `${timing.stepMs}ms`,
          '--turn-ms': `${timing.turnMs}ms`,
        } as CSSProperties
      }
    >
      {window.map((column, reel) => {
        const filler = symbols.map((_, index) => symbols[(index + reel * 2) % symbols.length] ?? '');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are in order and never move
          <div className={styles.reel} key={reel}>
            {motion === 'turning' ? (
              <TurningStrip filler={filler} art={art} />
            ) : (
              <ul
                aria-label={t('reels.reel', { reel: reel + 1 })}
                className={`${styles.strip} ${motion === 'landing' ? styles.landing : ''}`}
                style={
                  {
                    '--filler': filler.length,
                    animationDuration: `calc(var(--spin-ms) * ${(0.4 + (0.6 * (reel + 1)) / reels).toFixed(3)})`,
                  } as CSSProperties
                }
              >
                {column.map((symbol, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a reel's rows are in order and never move
                  <li className={styles.slot} key={row}>
                    <Cell
                      symbol={symbol}
                      art={art}
                      name={nameOf(symbol)}
                      winning={winning.has(`${reel}:${row}`)}
                      value={step?.values?.[reel]?.[row] ?? null}
                      entered={enters && previous?.window[reel]?.[row] !== symbol}
                    />
                  </li>
                ))}
                {motion === 'landing'
                  ? filler.map((symbol, position) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the strip above the stop never moves
                      <li className={styles.cell} key={`filler-${position}`} aria-hidden="true">
                        <SymbolImage id={symbol} art={art} />
                      </li>
                    ))
                  : null}
              </ul>
            )}
          </div>
        );
      })}
      {motion === 'shown' && step ? <WinLines wins={step.wins} reels={reels} rows={rows} /> : null}
    </section>
  );
}

/** The shown step's phase, multiplier and spins left, and what it won. */
export function StepSummary({ step, index, count }: { step: SlotStep; index: number; count: number }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const nameOf = useSymbolName();
  return (
    <div className={styles.summary} aria-live="polite">
      {count > 1 ? (
        <p className={styles.phase} data-testid="step-phase">
          <span>{t(`reels.phase.${step.phase}`)}</span>
          <span>{t('reels.stepOf', { step: index + 1, count })}</span>
          {step.multiplier === undefined ? null : (
            <strong data-testid="step-multiplier">{t('reels.multiplier', { multiplier: step.multiplier })}</strong>
          )}
          {step.left === undefined ? null : (
            <span data-testid="step-left">
              {t(`reels.left.${step.phase === 'respin' ? 'respin' : 'freeSpin'}`, { count: step.left })}
            </span>
          )}
        </p>
      ) : null}
      {step.wins.length > 0 ? (
        <ul className={styles.wins} aria-label={t('lineWins')}>
          {step.wins.map((win) => (
            <li key={`${win.line ?? 'any'}-${win.symbol}-${win.cells.join()}`}>
              {win.line === undefined
                ? t('symbolWin', { symbol: nameOf(win.symbol), count: win.count, win: coins(win.win) })
                : t('lineWin', { line: win.line, symbol: nameOf(win.symbol), count: win.count, win: coins(win.win) })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A round's reels: its steps played while it animates, the last one with its wins once still. */
export function RoundReels({
  result,
  resting,
  motion,
  art,
  animationMs,
  turbo = false,
}: {
  result: SlotRoundResult | null;
  resting: string[][];
  motion: ReelMotion;
  art: SymbolArt;
  /** How long the machine animates the round's result, at the speed chosen. */
  animationMs: number;
  turbo?: boolean;
}) {
  const steps = result?.steps ?? [];
  const shown = useShownStep(steps, motion, animationMs);
  const step = steps[shown.index] ?? null;
  const windowMotion = motion === 'turning' ? 'turning' : shown.landed ? 'shown' : 'landing';
  return (
    <div className={styles.machine} data-step={step ? shown.index : undefined}>
      <ReelWindow
        key={shown.index}
        step={motion === 'turning' ? null : step}
        resting={resting}
        previous={shown.index > 0 ? steps[shown.index - 1] : undefined}
        art={art}
        motion={windowMotion}
        timing={reelTiming(animationMs, steps.length, turbo)}
      />
      {step && windowMotion === 'shown' ? <StepSummary step={step} index={shown.index} count={steps.length} /> : null}
    </div>
  );
}

/** The slot of the session: the loaded title's reels, playing the round the machine shows. */
export function SlotRound({ title }: { title: Title }) {
  const { art } = useLoadedTitle();
  const actor = useStudioActor();
  const motion = useSelector(actor, selectReelMotion);
  const round = useSelector(actor, selectRound);
  const animationMs = useSelector(actor, selectResultAnimationMs);
  const turbo = useSelector(actor, selectTurbo);
  const result = useMemo(() => slotRoundOf(round, title), [round, title]);
  const resting = useMemo(() => restingWindow(title), [title]);
  return (
    <RoundReels result={result} resting={resting} motion={motion} art={art} animationMs={animationMs} turbo={turbo} />
  );
}
