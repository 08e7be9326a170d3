/**
 * A title of the studio (docs/games.md): its data (reels or field, paytable, features, stated RTP)
 * and the mechanic that plays it. The engine, the exact-RTP tests, the simulator, the paytable
 * screen and the rules document all read the same definition, so a new title of a known mechanic
 * is a new definition file and no new engine code.
 */
import type { Locale } from '@contract/locales';
import type * as v from 'valibot';
import type { RoundSeeds } from '../provably-fair';

export const titleKinds = ['slot', 'pachinko', 'pachislot'] as const;
export type TitleKind = (typeof titleKinds)[number];

/** How far one round's win strays from the mean: the hall filters by it and the rules state it. */
export const volatilities = ['low', 'medium', 'high', 'veryHigh'] as const;
export type Volatility = (typeof volatilities)[number];

/** What every round answers, whatever the mechanic: its stake and its win, in whole coins. */
export interface RoundResult {
  totalBet: number;
  totalWin: number;
}

export interface TitleInfo {
  code: string;
  kind: TitleKind;
  /** The engine that plays it: `lines`, `ways`, `cascade`, … (docs/games.md names each). */
  mechanic: string;
  name: string;
  /** The name players read, per locale. */
  names: Readonly<Record<Locale, string>>;
  volatility: Volatility;
  /** The stated return to player in hundredths of a percent: 9600 is 96.00 %. */
  rtpBasisPoints: number;
  /** What one round may cost, in coins. */
  stakes: readonly number[];
  /** The largest win one round can pay, as a multiple of its stake. */
  maxWinMultiplier: number;
}

export interface Title<TOutcome extends RoundResult = RoundResult> extends TitleInfo {
  /** One round for a stake on offer, drawn from its seeds; a stake not on offer is a RangeError. */
  play(seeds: RoundSeeds, stake: number): TOutcome;
  /** The round's outcome as the studio sends it to the game page, checked at that edge. */
  outcome: v.GenericSchema<TOutcome>;
}
