import {
  type LineWin,
  paylines,
  reelCount,
  reelStrips,
  rowCount,
  type SlotOutcome,
  type SlotSymbol,
  windowAt,
} from '@games/titles/sakura-sevens';
import { slotAnimationMs } from '@machines/studio-round.machine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './slot-reels.module.css';
import { FallbackSymbol } from './symbol-art';

const lineColours = ['#f2c14e', '#5ccf8a', '#6bb8ff', '#e8577a', '#c08cff'];
/** One turn of a reel in the stopping animation; reel r turns r + 2 times, so the last one stops with the round's animation. */
const turnMs = slotAnimationMs / (reelCount + 1);

export function SymbolCell({ symbol }: { symbol: SlotSymbol }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.cell} ${styles[symbol] ?? ''}`} title={t(`symbol.${symbol}`)}>
      <FallbackSymbol id={symbol} />
    </span>
  );
}

/** The winning lines drawn over the window, and the cells of each line's run outlined. */
function PaylineOverlay({ lineWins }: { lineWins: LineWin[] }) {
  return (
    <svg
      className={styles.lines}
      viewBox={`0 0 ${reelCount} ${rowCount}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {lineWins.map((lineWin, index) => {
        const rows = paylines[lineWin.line - 1] ?? [];
        const colour = lineColours[index % lineColours.length];
        return (
          <g key={lineWin.line} data-line={lineWin.line}>
            <polyline
              points={rows.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(' ')}
              fill="none"
              stroke={colour}
              strokeWidth={3}
              vectorEffect="non-scaling-stroke"
              opacity={0.85}
            />
            {rows.slice(0, lineWin.count).map((row, reel) => (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: a run's cells are one per reel, in reel order
                key={reel}
                x={reel + 0.05}
                y={row + 0.05}
                width={0.9}
                height={0.9}
                rx={0.1}
                fill="none"
                stroke={colour}
                strokeWidth={3}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The 5 × 3 window. Each reel is its strip drawn three times over, moved so that its stop is on the
 * top row; turning and stopping are CSS animations of that move, so the reels land on the drawn stops.
 */
export function SlotWindow({
  stops,
  motion = 'still',
  lineWins = [],
}: {
  stops: readonly number[];
  motion?: 'turning' | 'stopping' | 'still';
  lineWins?: LineWin[];
}) {
  const { t } = useTranslation();
  const window = windowAt(stops);
  const label = [0, 1, 2].map((row) => window.map((column) => t(`symbol.${column[row]}`)).join(', ')).join(' / ');
  return (
    <div className={`${styles.window} ${styles[motion]}`} role="img" aria-label={label} data-motion={motion}>
      {reelStrips.map((strip, reel) => (
        <div className={styles.reel} key={strip.join()}>
          <div
            className={styles.strip}
            style={
              {
                '--rest': `calc(var(--cell) * -${stops[reel] ?? 0})`,
                '--loop': `calc(var(--cell) * ${strip.length})`,
                '--turns': reel + 2,
                animationDuration: `${turnMs}ms`,
              } as CSSProperties
            }
          >
            {[...strip, ...strip, ...strip].map((symbol, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the strip's positions never move
              <SymbolCell key={position} symbol={symbol} />
            ))}
          </div>
        </div>
      ))}
      {motion === 'still' && lineWins.length > 0 ? <PaylineOverlay lineWins={lineWins} /> : null}
    </div>
  );
}

export function LineWinList({ outcome }: { outcome: SlotOutcome }) {
  const { t } = useTranslation();
  const coins = useCoins();
  if (outcome.lineWins.length === 0 && outcome.scatterWin === 0) return null;
  return (
    <ul className={styles.wins} aria-label={t('lineWins')}>
      {outcome.lineWins.map((lineWin) => (
        <li key={lineWin.line}>
          {t('lineWin', {
            line: lineWin.line,
            count: lineWin.count,
            symbol: t(`symbol.${lineWin.symbol}`),
            win: coins(lineWin.win),
          })}
        </li>
      ))}
      {outcome.scatterWin > 0 ? (
        <li>{t('scatterWin', { count: outcome.scatters, win: coins(outcome.scatterWin) })}</li>
      ) : null}
    </ul>
  );
}
