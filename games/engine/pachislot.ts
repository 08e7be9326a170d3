/**
 * The studio's pachislot (スロット) engine (docs/games.md §40). A title is data: three strips, a
 * lottery table per mode with weights out of 65,536 per 設定 (setting 1–6), the coins each role pays
 * per mode, the bonus lengths and what follows them. A game costs 3 coins and runs in three calls so
 * a server can play it press by press: `lever` draws the hidden lottery from the game's stream,
 * `stop` turns each press into a stop, `settle` pays and moves the machine (台) to its next state.
 * The state belongs to the machine, not to a player, and carries a held bonus, the games left in a
 * bonus or assist mode, and the data counter from game to game.
 */
import * as v from 'valibot';
import type { DrawStream } from '../provably-fair';
import {
  alignedRole,
  type BonusRole,
  bonusRoles,
  framesPerReel,
  type PachislotSymbol,
  pachislotSymbols,
  type Role,
  reelCount,
  reelWindow,
  roles,
  type SmallRole,
  type Strips,
  stopFrame,
  stopsFor,
} from './pachislot-reels';
import type { RoundResult, TitleInfo, TitleRules } from './title';

export const coinsPerGame = 3;
export const lotteryRange = 65_536;
export const settings = [1, 2, 3, 4, 5, 6] as const;
export type Setting = (typeof settings)[number];
/** One number per 設定, setting 1 first. */
export type PerSetting = readonly [number, number, number, number, number, number];

/** normal: the base game; big, reg: the bonuses; art: assisted replay time (the granted role is shown); rt: replay time. */
export const modeIds = ['normal', 'big', 'reg', 'art', 'rt'] as const;
export type ModeId = (typeof modeIds)[number];
export type TimedMode = Exclude<ModeId, 'normal'>;

export interface LotteryFlag {
  /** The flag's name in the tables: `bell`, `cherryBig`, `suikaArt`, … */
  id: string;
  /** The small role it grants for this game. */
  role?: SmallRole;
  /** The bonus it grants, held until aligned (in the normal mode only). */
  bonus?: BonusRole;
  /** The timed mode it starts after this game, with its games (in the normal mode only, no bonus held). */
  entry?: { mode: 'art' | 'rt'; games: number };
  /** Its share of the 65,536 lottery values, per 設定. */
  weights: PerSetting;
}

export interface ModeDefinition {
  /** The flags in draw order: each takes the next `weight` values; the values left over lose. */
  lottery: readonly LotteryFlag[];
  /** Coins each aligned small role pays in this mode; a role not listed pays nothing. */
  pays: Readonly<Partial<Record<SmallRole, number>>>;
  /** Whether the game page is shown the granted role at lever-on (the assist of an ART). */
  assist: boolean;
  /** For a timed mode: the mode after its last game and that mode's games (0 for normal). */
  after?: { mode: ModeId; games: number };
}

export interface PachislotMachine {
  strips: Strips;
  modes: Readonly<{ normal: ModeDefinition } & Partial<Record<TimedMode, ModeDefinition>>>;
  /** The games of each bonus. */
  bonusGames: Readonly<Record<BonusRole, number>>;
  /** A 告知 lamp: lit at lever-on from the game a bonus is granted until it is aligned. */
  lamp: boolean;
}

export interface DataCounter {
  /** Games played on the machine. */
  games: number;
  big: number;
  reg: number;
  /** Games since the last bonus started (or since the machine was set up). */
  sinceBonus: number;
}

export interface PachislotState {
  mode: ModeId;
  /** Games left in a timed mode; 0 in the normal mode. */
  gamesLeft: number;
  /** A bonus granted in the normal mode and not yet aligned (hidden from the player). */
  held: BonusRole | null;
  counter: DataCounter;
}

/** What the lottery decided at lever-on: hidden from the player until the game is settled. */
export interface LeverResult {
  state: PachislotState;
  setting: Setting;
  /** The lottery value, in [0, 65,536). */
  draw: number;
  flag: string | null;
  /** The roles the reel control may align this game, highest priority first: small role, then bonus. */
  granted: Role[];
  /** The bonus held after this draw. */
  held: BonusRole | null;
  entry: { mode: 'art' | 'rt'; games: number } | null;
}

/** What the page may show at lever-on. */
export interface LeverNotice {
  mode: ModeId;
  lamp: boolean;
  /** In an assist mode, the role granted this game (the player's 目押し aim). */
  assist: Role | null;
}

export interface PachislotOutcome extends RoundResult {
  stops: number[];
  /** window[reel][row]: the frame above the line, the line, the frame below. */
  window: PachislotSymbol[][];
  aligned: Role | null;
  /** The mode this game was played in, and its games left before it. */
  mode: ModeId;
  nextMode: ModeId;
  /** Games left in the next mode (0 in the normal mode). */
  gamesLeft: number;
  bonusStarted: BonusRole | null;
  lamp: boolean;
  assist: Role | null;
  counter: DataCounter;
}

export interface GameStep {
  state: PachislotState;
  outcome: PachislotOutcome;
}

export function initialState(): PachislotState {
  return { mode: 'normal', gamesLeft: 0, held: null, counter: { games: 0, big: 0, reg: 0, sinceBonus: 0 } };
}

export function modeOf(machine: PachislotMachine, mode: ModeId): ModeDefinition {
  const definition = machine.modes[mode];
  if (!definition) throw new RangeError(`this machine has no ${mode} mode`);
  return definition;
}

function weightOf(flag: LotteryFlag, setting: Setting): number {
  return flag.weights[setting - 1] ?? 0;
}

/** The flag a lottery value draws: the flags take consecutive ranges of values in table order. */
export function flagFor(lottery: readonly LotteryFlag[], setting: Setting, draw: number): LotteryFlag | null {
  let upTo = 0;
  for (const flag of lottery) {
    upTo += weightOf(flag, setting);
    if (draw < upTo) return flag;
  }
  return null;
}

/** The roles granted for a flag: its small role, then the bonus held (or granted now). */
export function grantedRoles(flag: LotteryFlag | null, held: BonusRole | null): Role[] {
  return [...(flag?.role ? [flag.role] : []), ...(held ? [held] : [])];
}

/** The lever result for a lottery value; while a bonus is held, a flag's bonus and mode entry are void. */
export function leverAt(machine: PachislotMachine, state: PachislotState, setting: Setting, draw: number): LeverResult {
  if (!settings.includes(setting)) throw new RangeError('a 設定 is 1 to 6');
  const flag = flagFor(modeOf(machine, state.mode).lottery, setting, draw);
  const fresh = state.mode === 'normal' && state.held === null;
  const held = state.held ?? (fresh ? (flag?.bonus ?? null) : null);
  const entry = fresh && !flag?.bonus ? (flag?.entry ?? null) : null;
  return { state, setting, draw, flag: flag?.id ?? null, granted: grantedRoles(flag, held), held, entry };
}

/** Lever-on: one lottery draw in [0, 65,536) from the game's stream, its first and only draw. */
export function lever(machine: PachislotMachine, state: PachislotState, setting: Setting, stream: DrawStream) {
  return leverAt(machine, state, setting, stream.uniformInt(lotteryRange));
}

export function notice(machine: PachislotMachine, result: LeverResult): LeverNotice {
  const { mode } = result.state;
  return {
    mode,
    lamp: machine.lamp && result.held !== null,
    assist: modeOf(machine, mode).assist ? (result.granted[0] ?? null) : null,
  };
}

function pressCombinations(count: number): number[][] {
  let combinations: number[][] = [[]];
  for (let reel = 0; reel < count; reel += 1)
    combinations = combinations.flatMap((presses) =>
      Array.from({ length: framesPerReel }, (_, frame) => [...presses, frame]),
    );
  return combinations;
}

/**
 * The presses the machine makes for the reels a player left unstopped: of all press frames for
 * those reels, in lexicographic order, the first that aligns the highest-priority granted role any
 * of them can align; frame 0 on each when none can. An unfinished game never loses a granted role.
 */
export function autoStops(machine: PachislotMachine, result: LeverResult, stopsSoFar: readonly number[]): number[] {
  const combinations = pressCombinations(reelCount - stopsSoFar.length);
  const alignedBy = combinations.map((presses) => {
    const stops = [...stopsSoFar];
    for (const press of presses) stops.push(stopFrame(machine.strips, result.granted, stops.length, press, stops));
    return alignedRole(machine.strips, stops);
  });
  for (const role of result.granted) {
    const index = alignedBy.indexOf(role);
    if (index >= 0) return combinations[index] ?? [];
  }
  return combinations[0] ?? [];
}

function nextTimed(machine: PachislotMachine, state: PachislotState): Pick<PachislotState, 'mode' | 'gamesLeft'> {
  if (state.gamesLeft > 1) return { mode: state.mode, gamesLeft: state.gamesLeft - 1 };
  const after = modeOf(machine, state.mode).after ?? { mode: 'normal', games: 0 };
  return { mode: after.mode, gamesLeft: after.games };
}

/** The machine's state after a game that aligned `aligned`. */
export function nextState(machine: PachislotMachine, result: LeverResult, aligned: Role | null): PachislotState {
  const { state } = result;
  const games = state.counter.games + 1;
  const bonus = bonusRoles.find((role) => role === aligned);
  if (state.mode !== 'normal') {
    const inBonus = state.mode === 'big' || state.mode === 'reg';
    const counter = { ...state.counter, games, sinceBonus: state.counter.sinceBonus + (inBonus ? 0 : 1) };
    return { ...nextTimed(machine, state), held: null, counter };
  }
  if (bonus) {
    const counter = { ...state.counter, games, [bonus]: state.counter[bonus] + 1, sinceBonus: 0 };
    return { mode: bonus, gamesLeft: machine.bonusGames[bonus], held: null, counter };
  }
  const counter = { ...state.counter, games, sinceBonus: state.counter.sinceBonus + 1 };
  if (result.entry) return { mode: result.entry.mode, gamesLeft: result.entry.games, held: null, counter };
  return { mode: 'normal', gamesLeft: 0, held: result.held, counter };
}

/** What a role pays in a mode, in coins (a bonus pays by its games, not on alignment). */
export function payOf(machine: PachislotMachine, mode: ModeId, role: Role | null): number {
  if (role === null || role === 'big' || role === 'reg') return 0;
  return modeOf(machine, mode).pays[role] ?? 0;
}

/** The pay and the next state of a game whose reels stopped at `stops`. */
export function settle(machine: PachislotMachine, result: LeverResult, stops: readonly number[]): GameStep {
  if (stops.length !== reelCount) throw new RangeError('a game settles once its three reels stopped');
  const aligned = alignedRole(machine.strips, stops);
  if (aligned !== null && !result.granted.includes(aligned))
    throw new RangeError(`the stops align ${aligned}, which was not granted`);
  const state = nextState(machine, result, aligned);
  const totalWin = payOf(machine, result.state.mode, aligned);
  const bonusStarted = bonusRoles.find((role) => role === aligned && result.state.mode === 'normal') ?? null;
  const seen = notice(machine, result);
  const outcome: PachislotOutcome = {
    stops: [...stops],
    window: stops.map((stop, reel) => reelWindow(machine.strips, reel, stop)),
    aligned,
    totalBet: coinsPerGame,
    totalWin,
    mode: result.state.mode,
    nextMode: state.mode,
    gamesLeft: state.gamesLeft,
    bonusStarted,
    lamp: machine.lamp && state.held !== null,
    assist: seen.assist,
    counter: state.counter,
  };
  return { state, outcome };
}

/** A whole game: lever, the three presses (reel 1 first), settle. */
export function playGame(
  machine: PachislotMachine,
  state: PachislotState,
  setting: Setting,
  stream: DrawStream,
  presses: readonly number[],
): GameStep {
  if (presses.length !== reelCount) throw new RangeError('a game takes three presses');
  const result = lever(machine, state, setting, stream);
  return settle(machine, result, stopsFor(machine.strips, result.granted, presses));
}

const roleSchema = v.picklist(roles);
const modeSchema = v.picklist(modeIds);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The outcome as the studio sends it to the game page. */
export const pachislotOutcomeSchema: v.GenericSchema<PachislotOutcome> = v.object({
  stops: v.pipe(v.array(v.pipe(count, v.maxValue(framesPerReel - 1))), v.length(reelCount)),
  window: v.pipe(v.array(v.pipe(v.array(v.picklist(pachislotSymbols)), v.length(3))), v.length(reelCount)),
  aligned: v.nullable(roleSchema),
  totalBet: v.literal(coinsPerGame),
  totalWin: count,
  mode: modeSchema,
  nextMode: modeSchema,
  gamesLeft: count,
  bonusStarted: v.nullable(v.picklist(bonusRoles)),
  lamp: v.boolean(),
  assist: v.nullable(roleSchema),
  counter: v.object({ games: count, big: count, reg: count, sinceBonus: count }),
});

export interface PachislotTitleDefinition extends Omit<TitleInfo, 'kind' | 'mechanic' | 'stakes' | 'maxWinMultiplier'> {
  machine: PachislotMachine;
  rules: TitleRules;
  /** The stated RTP per 設定 for perfect 目押し, in basis points (the exact figures rounded). */
  rtpBasisPointsBySetting: PerSetting;
  /** The stated RTP per 設定 with no 目押し (press frames uniform and independent). */
  rtpNoAimBasisPointsBySetting: PerSetting;
}

export interface PachislotTitle extends TitleInfo {
  kind: 'pachislot';
  machine: PachislotMachine;
  rules: TitleRules;
  rtpBasisPointsBySetting: PerSetting;
  rtpNoAimBasisPointsBySetting: PerSetting;
  /** The largest win of a whole bonus, in coins: its games × the best pay of one of its games. */
  maxBonusWin: Readonly<Record<BonusRole, number>>;
  initialState(): PachislotState;
  lever(state: PachislotState, setting: Setting, stream: DrawStream): LeverResult;
  notice(result: LeverResult): LeverNotice;
  stop(result: LeverResult, reel: number, pressFrame: number, stopsSoFar: readonly number[]): number;
  autoStops(result: LeverResult, stopsSoFar: readonly number[]): number[];
  settle(result: LeverResult, stops: readonly number[]): GameStep;
  /** One game's step: (state, setting, stream, presses) → (next state, outcome). */
  play(state: PachislotState, setting: Setting, stream: DrawStream, presses: readonly number[]): GameStep;
  outcome: v.GenericSchema<PachislotOutcome>;
}

/** The largest pay of one game in any mode, in coins. */
export function maxGamePay(machine: PachislotMachine): number {
  return Math.max(...Object.values(machine.modes).flatMap((mode) => Object.values(mode?.pays ?? {})));
}

function maxBonusWin(machine: PachislotMachine, bonus: BonusRole): number {
  const pays = Object.values(modeOf(machine, bonus).pays);
  return machine.bonusGames[bonus] * Math.max(0, ...pays);
}

export function pachislotTitle(definition: PachislotTitleDefinition): PachislotTitle {
  const { machine } = definition;
  return {
    ...definition,
    kind: 'pachislot',
    mechanic: 'pachislot',
    stakes: [coinsPerGame],
    maxWinMultiplier: maxGamePay(machine) / coinsPerGame,
    maxBonusWin: { big: maxBonusWin(machine, 'big'), reg: maxBonusWin(machine, 'reg') },
    initialState,
    lever: (state, setting, stream) => lever(machine, state, setting, stream),
    notice: (result) => notice(machine, result),
    stop: (result, reel, pressFrame, stopsSoFar) =>
      stopFrame(machine.strips, result.granted, reel, pressFrame, stopsSoFar),
    autoStops: (result, stopsSoFar) => autoStops(machine, result, stopsSoFar),
    settle: (result, stops) => settle(machine, result, stops),
    play: (state, setting, stream, presses) => playGame(machine, state, setting, stream, presses),
    outcome: pachislotOutcomeSchema,
  };
}
