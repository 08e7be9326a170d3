/**
 * The pachislot titles the studio plays press by press (games/engine/pachislot.ts): the lever's
 * hidden result, each reel's stop, the settlement, and the presses the machine makes itself for a
 * game left unfinished. States and lever results are stored as JSON between the calls.
 */
import type { PachislotTitle } from '@games/engine/pachislot';
import { kitsuneRushTitle } from '@games/titles/kitsune-rush';
import { luckyLampTitle } from '@games/titles/lucky-lamp';
import { tsukimiReplayTitle } from '@games/titles/tsukimi-replay';

export const pachislotReels = 3;

/** A reel's stop as the page is told it: the frame it was pressed at and the frame it stopped on. */
export interface ReelStop {
  pressFrame: number;
  stop: number;
}

const pachislotTitles: readonly PachislotTitle[] = [luckyLampTitle, kitsuneRushTitle, tsukimiReplayTitle];

export function pachislotTitleOf(code: string): PachislotTitle | undefined {
  return pachislotTitles.find((title) => title.code === code);
}

/** The low and high ends of the stated RTP over the 設定: what the page may show. */
export function rtpRangeOf(title: PachislotTitle): { low: number; high: number } {
  return {
    low: Math.min(...title.rtpBasisPointsBySetting),
    high: Math.max(...title.rtpBasisPointsBySetting),
  };
}
