/** Auto-spin's rules: what the player may set, what it counts, and when it stops by itself. */
import type { StudioRound } from '@contract/studio';

export interface AutoSpinSettings {
  /** Rounds to play at most. */
  count: number;
  /** Coins that may be lost net since auto-spin started; a round that could pass it is not played. */
  lossLimit: number | null;
  /** Stop after a single round winning more than this. */
  singleWinAbove: number | null;
}

export type AutoSpinStopReason = 'count' | 'lossLimit' | 'singleWin' | 'stopped' | 'interrupted' | 'realityCheck';

export interface AutoSpinProgress {
  settings: AutoSpinSettings | null;
  played: number;
  /** Stakes minus wins of the rounds played since it started: positive is a loss. */
  netLoss: number;
  biggestWin: number;
  stopReason: AutoSpinStopReason | null;
}

export const idleAuto: AutoSpinProgress = { settings: null, played: 0, netLoss: 0, biggestWin: 0, stopReason: null };

export function validAutoSettings(settings: AutoSpinSettings): boolean {
  const positive = (value: number | null) => value === null || (Number.isSafeInteger(value) && value > 0);
  return (
    Number.isSafeInteger(settings.count) &&
    settings.count > 0 &&
    positive(settings.lossLimit) &&
    positive(settings.singleWinAbove)
  );
}

/** The progress with a round just played counted in, while auto-spin runs; unchanged otherwise. */
export function countedRound(auto: AutoSpinProgress, round: Pick<StudioRound, 'stake' | 'win'>): AutoSpinProgress {
  if (!auto.settings) return auto;
  return {
    ...auto,
    played: auto.played + 1,
    netLoss: auto.netLoss + round.stake - round.win,
    biggestWin: Math.max(auto.biggestWin, round.win),
  };
}

export const autoCountReached = (auto: AutoSpinProgress) => auto.played >= (auto.settings?.count ?? 0);

/** The next round, at this stake, could take the net loss past the limit. */
export function autoLossLimitReached(auto: AutoSpinProgress, stake: number): boolean {
  const limit = auto.settings?.lossLimit ?? null;
  return limit !== null && auto.netLoss + stake > limit;
}

export function autoSingleWinReached(auto: AutoSpinProgress): boolean {
  const above = auto.settings?.singleWinAbove ?? null;
  return above !== null && auto.biggestWin > above;
}
