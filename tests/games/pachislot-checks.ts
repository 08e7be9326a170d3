/**
 * The checks every pachislot title passes (docs/games.md §40–§44): its exact figures per 設定 and
 * press model against the stated ones and the document, the reel control over every flag, frame and
 * earlier stop, and games replayed draw by draw against an evaluation written from the document
 * alone (its own role table, lottery walk, stop rule and state moves, not the engine's).
 */
import { readFileSync } from 'node:fs';
import {
  grantedRoles,
  lotteryRange,
  type ModeId,
  type PachislotMachine,
  type PachislotState,
  type PachislotTitle,
  type Setting,
  settings,
} from '@games/engine/pachislot';
import { alignmentCounts, exactPachislot, type PressModel, pressModels } from '@games/engine/pachislot-exact';
import { bonusRoles, type Role, stopFrame, stopsFor } from '@games/engine/pachislot-reels';
import { mul, percentText, type Ratio, sub } from '@games/engine/ratio';
import { DrawStream } from '@games/provably-fair';
import { expect, it } from 'vitest';

export const serverSeed = 'a'.repeat(64);
export const clientSeed = 'player';

const document = readFileSync('docs/games.md', 'utf8');

/** The roles as docs/games.md §40 states them: the symbols on the line, reel 1 first; null is any. */
const documentedRoles: [Role, (string | null)[]][] = [
  ['big', ['seven', 'seven', 'seven']],
  ['reg', ['seven', 'seven', 'bar']],
  ['replay', ['replay', 'replay', 'replay']],
  ['bell', ['bell', 'bell', 'bell']],
  ['suika', ['suika', 'suika', 'suika']],
  ['cherry', ['cherry', null, null]],
];

const fits = (needs: (string | null)[], line: string[]) =>
  line.every((symbol, reel) => needs[reel] === null || needs[reel] === symbol);
const whole = (needs: (string | null)[], line: string[]) =>
  fits(needs, line) && needs.slice(line.length).every((symbol) => symbol === null);

/** §40's stop rule, written from the document. */
export function documentedStop(
  machine: PachislotMachine,
  granted: Role[],
  reel: number,
  press: number,
  stops: number[],
) {
  const line = stops.map((stop, r) => machine.strips[r]![stop]!);
  const allowed: number[] = [];
  for (let slip = 0; slip <= 4; slip += 1) {
    const frame = (press + slip) % 21;
    const withIt = [...line, machine.strips[reel]![frame]!];
    const refused = documentedRoles.some(([role, needs]) => !granted.includes(role) && whole(needs, withIt));
    if (!refused) allowed.push(frame);
  }
  for (const role of granted) {
    const needs = documentedRoles.find(([r]) => r === role)![1];
    if (!fits(needs, line)) continue;
    const wanted = needs[reel];
    const frame = allowed.find((f) => wanted === null || machine.strips[reel]![f] === wanted);
    if (frame !== undefined) return frame;
  }
  return allowed[0]!;
}

function documentedAligned(machine: PachislotMachine, stops: number[]): Role | null {
  const line = stops.map((stop, r) => machine.strips[r]![stop]!);
  return documentedRoles.find(([, needs]) => whole(needs, line))?.[0] ?? null;
}

interface DocumentedState {
  mode: ModeId;
  gamesLeft: number;
  held: 'big' | 'reg' | null;
}

/** §40's game, written from the document: the draw, the flag, the stops, the pay, the next state. */
export function documentedGame(
  machine: PachislotMachine,
  state: DocumentedState,
  setting: Setting,
  draw: number,
  presses: number[],
) {
  const mode = machine.modes[state.mode]!;
  let upTo = 0;
  const flag = mode.lottery.find((entry) => {
    upTo += entry.weights[setting - 1]!;
    return draw < upTo;
  });
  const fresh = state.mode === 'normal' && state.held === null;
  const held = state.held ?? (fresh && flag?.bonus ? flag.bonus : null);
  const granted: Role[] = [];
  if (flag?.role) granted.push(flag.role);
  if (held) granted.push(held);
  const stops: number[] = [];
  for (let reel = 0; reel < 3; reel += 1) stops.push(documentedStop(machine, granted, reel, presses[reel]!, stops));
  const aligned = documentedAligned(machine, stops);
  const pay = aligned === null || aligned === 'big' || aligned === 'reg' ? 0 : (mode.pays[aligned] ?? 0);
  let next: DocumentedState;
  if (state.mode !== 'normal') {
    const after = mode.after ?? { mode: 'normal' as ModeId, games: 0 };
    next =
      state.gamesLeft > 1
        ? { ...state, gamesLeft: state.gamesLeft - 1 }
        : { mode: after.mode, gamesLeft: after.games, held: null };
  } else if (aligned === 'big' || aligned === 'reg')
    next = { mode: aligned, gamesLeft: machine.bonusGames[aligned], held: null };
  else if (fresh && flag?.entry && !flag.bonus)
    next = { mode: flag.entry.mode, gamesLeft: flag.entry.games, held: null };
  else next = { mode: 'normal', gamesLeft: 0, held };
  return { flag: flag?.id ?? null, granted, stops, aligned, pay, next };
}

/** Every list of granted roles a lever can give on this machine. */
export function grantedLists(machine: PachislotMachine): Role[][] {
  const lists = new Map<string, Role[]>();
  for (const [modeId, mode] of Object.entries(machine.modes)) {
    const helds = modeId === 'normal' ? [null, ...bonusRoles] : [null];
    for (const flag of [...(mode?.lottery ?? []), null])
      for (const held of helds) {
        const granted = grantedRoles(flag, held ?? (modeId === 'normal' ? (flag?.bonus ?? null) : null));
        lists.set(granted.join(','), granted);
      }
  }
  return [...lists.values()];
}

const fractionText = (value: Ratio) => `${value.num}/${value.den}`;

function variance(secondMoment: Ratio, rtp: Ratio): Ratio {
  return sub(secondMoment, mul(rtp, rtp));
}

function band(sigmaSquared: Ratio) {
  const below = (limit: bigint) => sigmaSquared.num < limit * limit * sigmaSquared.den;
  if (below(3n)) return 'low';
  if (below(8n)) return 'medium';
  return below(20n) ? 'high' : 'veryHigh';
}

/** The figures tests: exact RTP per 設定 and model against the stated and documented ones. */
export function figureChecks(title: PachislotTitle) {
  const stated: Record<PressModel, readonly number[]> = {
    perfect: title.rtpBasisPointsBySetting,
    none: title.rtpNoAimBasisPointsBySetting,
  };
  for (const model of pressModels) {
    it(`has the stated and documented exact RTP for every 設定 with ${model} 目押し`, () => {
      const rtps = settings.map((setting) => exactPachislot(title.machine, setting, model).rtp);
      rtps.forEach((rtp, index) => {
        expect(percentText(rtp, 2)).toBe((stated[model][index]! / 100).toFixed(2));
        expect(document).toContain(fractionText(rtp));
        expect(document).toContain(`${percentText(rtp, 4)} %`);
      });
      // 設定 6 ≥ … ≥ 設定 1.
      for (let index = 1; index < rtps.length; index += 1) {
        const gap = sub(rtps[index]!, rtps[index - 1]!);
        expect(gap.num > 0n).toBe(true);
      }
    });
  }

  it('states its RTP as 設定 1 with perfect 目押し, its volatility and its largest win by the exact figures', () => {
    expect(title.rtpBasisPoints).toBe(title.rtpBasisPointsBySetting[0]);
    for (const model of pressModels)
      for (const setting of settings) {
        const figures = exactPachislot(title.machine, setting, model);
        expect(band(variance(figures.secondMoment, figures.rtp))).toBe(title.volatility);
        expect(document).toContain(`${percentText(figures.hitFrequency, 2)} %`);
      }
    const pays = Object.values(title.machine.modes).flatMap((mode) => Object.values(mode?.pays ?? {}));
    expect(title.maxWinMultiplier).toBe(Math.max(...pays) / 3);
    expect(title.stakes).toEqual([3]);
    for (const mode of Object.values(title.machine.modes)) {
      const total = (mode?.lottery ?? []).map((flag) => flag.weights);
      for (const setting of settings)
        expect(total.reduce((sum, weights) => sum + weights[setting - 1]!, 0)).toBeLessThanOrEqual(lotteryRange);
    }
  });

  it('would notice one lottery weight changed by one', () => {
    const base = exactPachislot(title.machine, 1, 'perfect').rtp;
    const bell = title.machine.modes.normal.lottery.find((flag) => flag.id === 'bell')!;
    const weights = bell.weights as unknown as number[];
    weights[0]! += 1;
    try {
      const changed = exactPachislot(title.machine, 1, 'perfect').rtp;
      expect(changed).not.toEqual(base);
      expect(document).not.toContain(fractionText(changed));
    } finally {
      weights[0]! -= 1;
    }
    const big = title.machine.modes.normal.lottery.find((flag) => flag.id === 'big')!;
    const bigWeights = big.weights as unknown as number[];
    bigWeights[0]! += 10;
    try {
      const changed = exactPachislot(title.machine, 1, 'perfect').rtp;
      expect(percentText(changed, 2)).not.toBe((title.rtpBasisPointsBySetting[0] / 100).toFixed(2));
    } finally {
      bigWeights[0]! -= 10;
    }
  });
}

/** The reel-control tests over every granted list, reel, earlier stop and press frame. */
export function reelChecks(title: PachislotTitle) {
  const { machine } = title;
  it('slips at most 4 frames, pulls in a granted role within reach and kicks out every other', () => {
    const frames = Array.from({ length: 21 }, (_, frame) => frame);
    const prefixes = [[], ...frames.map((s0) => [s0]), ...frames.flatMap((s0) => frames.map((s1) => [s0, s1]))];
    // Collected and asserted once: an expect per case would take most of the run.
    const problems: string[] = [];
    for (const granted of grantedLists(machine))
      for (const prefix of prefixes) {
        // Only stops the rule can reach: no earlier reel already shows a whole role not granted.
        const shown = prefix.map((s, r) => machine.strips[r]![s]!);
        if (documentedRoles.some(([role, needs]) => !granted.includes(role) && whole(needs, shown))) continue;
        for (const press of frames) {
          const reel = prefix.length;
          const stop = stopFrame(machine.strips, granted, reel, press, prefix);
          const where = () =>
            `${granted.join('+') || 'lose'} stops ${prefix.join(',')} reel ${reel + 1} press ${press}`;
          if ((stop - press + 21) % 21 > 4) problems.push(`${where()}: slips ${(stop - press + 21) % 21}`);
          if (stop !== documentedStop(machine, granted, reel, press, prefix))
            problems.push(`${where()}: not as documented`);
          const before = prefix.map((s, r) => machine.strips[r]![s]!);
          const line = [...before, machine.strips[reel]![stop]!];
          for (const [role, needs] of documentedRoles)
            if (!granted.includes(role) && whole(needs, line)) problems.push(`${where()}: shows ${role}`);
          // The first granted role still possible is pulled in whenever an allowed frame within reach shows its symbol.
          const live = granted.find((role) => fits(documentedRoles.find(([r]) => r === role)![1], before));
          const wanted = live === undefined ? null : documentedRoles.find(([r]) => r === live)![1][reel];
          if (wanted === null || wanted === undefined) continue;
          const reachable = [0, 1, 2, 3, 4].some((slip) => {
            const frame = (press + slip) % 21;
            const withIt = [...before, machine.strips[reel]![frame]!];
            const refused = documentedRoles.some(([role, needs]) => !granted.includes(role) && whole(needs, withIt));
            return !refused && machine.strips[reel]![frame] === wanted;
          });
          if (reachable && machine.strips[reel]![stop] !== wanted) problems.push(`${where()}: misses ${live}`);
        }
      }
    expect(problems).toEqual([]);
  });

  it('aligns only granted roles over all 21³ presses, and every granted role with perfect presses', () => {
    for (const granted of grantedLists(machine)) {
      const counts = alignmentCounts(machine.strips, granted);
      expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(21 ** 3);
      for (const role of counts.keys()) if (role !== null) expect(granted).toContain(role);
      if (granted.length > 0) expect(counts.get(granted[0]!) ?? 0).toBeGreaterThan(0);
      const lever = {
        state: title.initialState(),
        setting: 1 as const,
        draw: 0,
        flag: null,
        granted,
        held: null,
        entry: null,
      };
      const auto = title.autoStops(lever, []);
      const stops = stopsFor(machine.strips, granted, auto);
      expect(documentedAligned(machine, stops)).toBe(granted[0] ?? null);
    }
  });
}

/** Games replayed from their streams, nonce after nonce on one machine, against §40 as written. */
export function replayChecks(title: PachislotTitle, games: number) {
  it('replays games draw by draw from the stream as the document evaluates them', () => {
    const { machine } = title;
    const setting: Setting = 6;
    let state: PachislotState = title.initialState();
    let documented: DocumentedState = { mode: 'normal', gamesLeft: 0, held: null };
    const seen = new Set<string>();
    for (let nonce = 0; nonce < games; nonce += 1) {
      const seeds = { serverSeed, clientSeed, nonce };
      const result = title.lever(state, setting, new DrawStream(seeds));
      const draw = new DrawStream(seeds).uniformInt(lotteryRange);
      expect(result.draw).toBe(draw);
      // Every third game is left to the machine's own presses; the others press at frames from the nonce.
      const presses = nonce % 3 === 0 ? title.autoStops(result, []) : [nonce % 21, (nonce * 5) % 21, (nonce * 11) % 21];
      const stops: number[] = [];
      for (let reel = 0; reel < 3; reel += 1) stops.push(title.stop(result, reel, presses[reel]!, stops));
      const { state: next, outcome } = title.settle(result, stops);
      const expected = documentedGame(machine, documented, setting, draw, presses);
      expect(result.flag).toBe(expected.flag);
      expect(result.granted).toEqual(expected.granted);
      expect(outcome.stops).toEqual(expected.stops);
      expect(outcome.aligned).toBe(expected.aligned);
      expect(outcome.totalWin).toBe(expected.pay);
      expect({ mode: next.mode, gamesLeft: next.gamesLeft, held: next.held }).toEqual(expected.next);
      expect(title.outcome['~standard'].validate(outcome)).not.toHaveProperty('issues');
      expect(next.counter.games).toBe(nonce + 1);
      expect(title.play(state, setting, new DrawStream(seeds), presses)).toEqual({ state: next, outcome });
      seen.add(state.mode);
      state = next;
      documented = expected.next;
    }
    expect(seen).toEqual(new Set(Object.keys(machine.modes)));
    expect(state.counter.big).toBeGreaterThan(0);
    expect(state.counter.reg).toBeGreaterThan(0);
  });
}

export interface WorkedExample {
  nonce: number;
  draw: number;
  flag: string;
  /** The stops for presses 0, 0, 0 and what they align. */
  stopsAtZero: number[];
  alignedAtZero: Role | null;
  /** The machine's own presses and their stops. */
  autoPresses: number[];
  autoStopsTo: number[];
}

/** The title's worked example in docs/games.md, from a machine just set up at 設定 1. */
export function exampleChecks(title: PachislotTitle, example: WorkedExample) {
  it('plays its worked example as documented', () => {
    const seeds = { serverSeed, clientSeed, nonce: example.nonce };
    const result = title.lever(title.initialState(), 1, new DrawStream(seeds));
    expect([result.draw, result.flag]).toEqual([example.draw, example.flag]);
    const atZero = title.play(title.initialState(), 1, new DrawStream(seeds), [0, 0, 0]);
    expect(atZero.outcome.stops).toEqual(example.stopsAtZero);
    expect(atZero.outcome.aligned).toBe(example.alignedAtZero);
    expect(atZero.state.held).toBe(example.alignedAtZero === null ? 'big' : null);
    const auto = title.autoStops(result, []);
    expect(auto).toEqual(example.autoPresses);
    const stops: number[] = [];
    for (const press of auto) stops.push(title.stop(result, stops.length, press, stops));
    expect(stops).toEqual(example.autoStopsTo);
    const settled = title.settle(result, stops);
    expect([settled.outcome.aligned, settled.outcome.bonusStarted, settled.state.mode]).toEqual(['big', 'big', 'big']);
    expect(settled.state.gamesLeft).toBe(title.machine.bonusGames.big);
    expect(title.notice(result).lamp).toBe(title.machine.lamp);
  });
}
