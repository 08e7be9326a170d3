/**
 * A title of the studio (docs/games.md): its data (reels or field, paytable, features, stated RTP)
 * and the mechanic that plays it. The engine, the exact-RTP tests, the simulator, the paytable
 * screen and the rules document all read the same definition, so a new title of a known mechanic
 * is a new definition file and no new engine code.
 */
import type { Locale } from '@contract/locales';
import type * as v from 'valibot';
import type { RoundSeeds } from '../provably-fair';
import type { Ratio } from './ratio';

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

/** Text in every product language: a title's own words (symbol names, rules) live with its data. */
export type LocalText = Readonly<Record<Locale, string>>;

/**
 * A title's paytable and rules as the paytable screen shows them and docs/games.md states them.
 * Rule paragraphs may hold `{{name}}` placeholders, filled from `values` (numbers from the data).
 */
export interface TitleRules {
  paytable: readonly PaytableRow[];
  paragraphs: readonly LocalText[];
  values?: Readonly<Record<string, number>>;
}

export interface PaytableRow {
  symbol: string;
  name: LocalText;
  /** What `count` symbols pay, in `unit`s. */
  pays: readonly { count: number; pay: number }[];
  unit: 'betPerLine' | 'totalBet' | 'betPerWay' | 'coins';
  /** A short note: "substitutes for all but the scatter", "pays anywhere". */
  note?: LocalText;
}

/** The exact figures of a title at a stake, computed by enumeration or an exact Markov chain. */
export interface ExactFigures {
  /** Expected win ÷ stake. */
  rtp: Ratio;
  /** The chance that a round wins anything. */
  hitFrequency: Ratio;
  /** E[(win ÷ stake)²], which with the RTP gives the volatility's standard deviation. */
  secondMoment: Ratio;
}

/**
 * One picture of a slot round, in the order the page shows them: the spin's window, then each
 * cascade, respin or free spin. Every slot mechanic answers its round as such steps, so one reel
 * view plays them all.
 */
export interface SlotStep {
  phase: 'spin' | 'cascade' | 'respin' | 'freeSpin';
  /** window[reel][row]: the symbols shown, by the title's symbol ids. */
  window: string[][];
  /** Values shown on cells (a hold-and-win coin's prize), window-shaped, null where none. */
  values?: (number | null)[][];
  /** What pays in this step: the cells, [reel, row], and the coins each win adds. */
  wins: readonly { symbol: string; count: number; cells: [number, number][]; win: number; line?: number }[];
  /** Coins this step adds to the round's win. */
  win: number;
  /** The multiplier this step's wins were paid at, where the mechanic has one. */
  multiplier?: number;
  /** Free spins or respins left after this step, while a feature runs. */
  left?: number;
}

export interface SlotRoundResult extends RoundResult {
  steps: SlotStep[];
}
