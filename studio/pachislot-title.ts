/**
 * The pachislot titles the studio plays press by press (games/engine/pachislot.ts): the lever's
 * hidden result, each reel's stop, the settlement, and the presses the machine makes itself for a
 * game left unfinished. States and lever results are stored as JSON between the calls.
 */
import { studioTitle } from '@games/catalogue';
import type { PachislotTitle } from '@games/engine/pachislot';
import { isRoundTitle } from '@games/studio-title';

export const pachislotReels = 3;

/** A reel's stop as the page is told it: the frame it was pressed at and the frame it stopped on. */
export interface ReelStop {
  pressFrame: number;
  stop: number;
}

/** The catalogue's pachislot title of this code; a title of another kind is none. */
export function pachislotTitleOf(code: string): PachislotTitle | undefined {
  const title = studioTitle(code);
  return title && !isRoundTitle(title) ? title : undefined;
}

/** The low and high ends of the stated RTP over the 設定: what the page may show. */
export function rtpRangeOf(title: PachislotTitle): { low: number; high: number } {
  return {
    low: Math.min(...title.rtpBasisPointsBySetting),
    high: Math.max(...title.rtpBasisPointsBySetting),
  };
}
