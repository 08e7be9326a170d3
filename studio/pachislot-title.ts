/**
 * What the studio needs of a pachislot title to play it press by press: the machine's first state,
 * the lever's hidden lottery, each reel's stop, the settlement, and the presses the machine makes
 * itself for a game left unfinished. States and lottery results are stored as JSON between calls.
 */
import type { TitleInfo } from '@games/engine/title';
import type { DrawStream } from '@games/provably-fair';

export const pachislotReels = 3;
export const pachislotFrames = 21;
export const pachislotSettings = [1, 2, 3, 4, 5, 6] as const;

/** A reel's stop as the page is told it: the frame it was pressed at and the frame it stopped on. */
export interface ReelStop {
  pressFrame: number;
  stop: number;
}

export interface PachislotSettlement {
  /** Coins paid for the game (a replay pays the next game's 3 coins). */
  pay: number;
  state: unknown;
  /** What the page shows of the settled game: roles aligned, the lamp, bonus and AT counters. */
  outcome: unknown;
}

export interface PachislotPlayable extends TitleInfo {
  kind: 'pachislot';
  /** The stated RTP per 設定 1–6; the player sees only its range. */
  rtpBasisPointsBySetting: readonly number[];
  initialState: unknown;
  lever(state: unknown, setting: number, stream: DrawStream): unknown;
  stop(lottery: unknown, reel: number, pressFrame: number, stopsSoFar: readonly (number | null)[]): number;
  settle(state: unknown, lottery: unknown, stops: readonly number[]): PachislotSettlement;
  /** The press frame of each reel the machine presses itself. */
  autoStops(lottery: unknown, reel: number): number;
}

/** The pachislot titles the studio plays, by code; the catalogue's once they are listed there. */
const playable = new Map<string, PachislotPlayable>();

export function pachislotTitleOf(code: string): PachislotPlayable | undefined {
  return playable.get(code);
}

/** The low and high ends of the stated RTP over the 設定: what the page may show. */
export function rtpRangeOf(title: PachislotPlayable): { low: number; high: number } {
  return {
    low: Math.min(...title.rtpBasisPointsBySetting),
    high: Math.max(...title.rtpBasisPointsBySetting),
  };
}
