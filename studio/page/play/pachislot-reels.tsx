/**
 * The pachislot's three reels, drawn from the title's 21-frame strips with its art: a reel turns
 * from the lever until its stop is answered, then shows the frame above the line, the line and the
 * frame below. Which frame a press catches is read from the time the reel has turned.
 */
import type { PachislotTitle } from '@games/engine/pachislot';
import { framesPerReel, reelWindow } from '@games/engine/pachislot-reels';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './pachislot.module.css';
import { SymbolImage } from './symbol-art';
import { useLoadedTitle } from './title-context';
import { useSymbolName } from './title-rules';

/** One frame's pass under the line, in ms: 21 frames a turn, about 80 turns a minute. */
export const frameMs = 36;

/** When each reel began turning, so a press names the frame on the line at that moment. */
export function usePressFrames(turning: boolean) {
  const started = useRef(0);
  useEffect(() => {
    if (turning) started.current = performance.now();
  }, [turning]);
  return () => Math.floor((performance.now() - started.current) / frameMs) % framesPerReel;
}

function Reel({ title, reel, stop }: { title: PachislotTitle; reel: number; stop: number | null }) {
  const { t } = useTranslation();
  const { art } = useLoadedTitle();
  const name = useSymbolName();
  const strip = title.machine.strips[reel] ?? [];
  const cells = stop === null ? [...strip, ...strip.slice(0, 3)] : reelWindow(title.machine.strips, reel, stop);
  return (
    <ol
      className={styles.reel}
      aria-label={t('pachislot.reel', { reel: reel + 1 })}
      data-reel={reel}
      data-stop={stop ?? undefined}
      data-turning={stop === null}
      style={{ '--turn': `${frameMs * framesPerReel}ms`, '--frames': framesPerReel } as CSSProperties}
    >
      {cells.map((symbol, row) => (
        // A frame's place in the strip or window is what it is: the same symbol appears many times.
        // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions, not items
        <li key={row} className={styles.cell} aria-label={name(symbol)} data-symbol={symbol}>
          <SymbolImage id={symbol} art={art} />
        </li>
      ))}
    </ol>
  );
}

export function PachislotReels({ title, stops }: { title: PachislotTitle; stops: readonly (number | null)[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.window} aria-label={t('pachislot.reels')}>
      {stops.map((stop, reel) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: three reels, always in this order
        <Reel key={reel} title={title} reel={reel} stop={stop} />
      ))}
      <span className={styles.line} aria-hidden="true" />
    </section>
  );
}
