/**
 * A pachinko round recomputed from docs/games.md §3 alone, as an outside lab would: it reads a
 * title's tables (lanes, modes, statechart, weights) but none of the engine's code, so a test that
 * compares the two catches a slip in either.
 */
import type { PachinkoMachine } from '@games/engine/pachinko';
import { DrawStream, type RoundSeeds } from '@games/provably-fair';

const presentationNames = ['normal', 'super', 'premium'] as const;

interface Spin {
  mode: string;
  lottery: number;
  jackpot: boolean;
  allotment?: number;
  digits: [number, number, number];
  presentation: string | null;
  pay: number;
  next: string;
  spinsLeft?: number;
}

interface Ball {
  lane: number;
  pocket: 'start' | 'prize' | 'out';
  lottery?: number;
  spin?: Spin;
  rush?: { spins: Spin[]; jackpots: number };
  rushDraws?: number[];
  jackpots: number;
  win: number;
}

/** Step 3 of §3: one display spin in `mode`. */
function spinOnce(machine: PachinkoMachine, draw: DrawStream, mode: string): Spin {
  const odds = machine.modes[mode as keyof PachinkoMachine['modes']]?.odds ?? 0;
  const lottery = draw.uniformInt(odds);
  const weightedPick = (weights: readonly number[], value: number) => {
    let index = 0;
    let upTo = weights[0] ?? 0;
    while (value >= upTo) {
      index += 1;
      upTo += weights[index] ?? 0;
    }
    return index;
  };
  const sum = (weights: readonly number[]) => weights.reduce((a, b) => a + b, 0);
  if (lottery === 0) {
    const rows = machine.transitions.filter((row) => row.from === mode && row.on === 'jackpot');
    const weights = rows.map((row) => (row.on === 'jackpot' ? row.weight : 0));
    const allotment = draw.uniformInt(sum(weights));
    const row = rows[weightedPick(weights, allotment)];
    if (row?.on !== 'jackpot') throw new Error('no jackpot row');
    const digit = row.digits[draw.uniformInt(row.digits.length)] ?? 0;
    const presentation =
      presentationNames[weightedPick(machine.reach.jackpot, draw.uniformInt(sum(machine.reach.jackpot)))];
    return {
      mode,
      lottery,
      jackpot: true,
      allotment,
      digits: [digit, digit, digit],
      presentation: presentation ?? null,
      pay: machine.jackpotPay,
      next: row.to,
    };
  }
  const left = 1 + draw.uniformInt(9);
  const right = 1 + draw.uniformInt(9);
  let middle: number;
  if (left === right) {
    const other = 1 + draw.uniformInt(8);
    middle = other < left ? other : other + 1;
  } else middle = 1 + draw.uniformInt(9);
  const presentation =
    left === right
      ? (presentationNames[weightedPick(machine.reach.miss, draw.uniformInt(sum(machine.reach.miss)))] ?? null)
      : null;
  return { mode, lottery, jackpot: false, digits: [left, middle, right], presentation, pay: 0, next: mode };
}

const spinsOf = (machine: PachinkoMachine, mode: string) =>
  machine.modes[mode as keyof PachinkoMachine['modes']]?.spins ?? null;

export function replayRound(machine: PachinkoMachine, seeds: RoundSeeds, balls: number) {
  const draw = new DrawStream(seeds);
  const played: Ball[] = [];
  let paid = 0;
  for (let ballIndex = 0; ballIndex < balls; ballIndex += 1) {
    const lane = draw.uniformInt(machine.lanes.range);
    if (lane >= machine.lanes.start) {
      const prize = lane < machine.lanes.start + machine.lanes.prize;
      played.push({ lane, pocket: prize ? 'prize' : 'out', jackpots: 0, win: prize ? machine.prizePay : 0 });
      continue;
    }
    if (paid === machine.roundJackpotCap) {
      played.push({ lane, pocket: 'start', jackpots: 0, win: 0 });
      continue;
    }
    const spin = spinOnce(machine, draw, 'normal');
    const ball: Ball = { lane, pocket: 'start', lottery: spin.lottery, spin, jackpots: 0, win: 0 };
    played.push(ball);
    if (!spin.jackpot) continue;
    paid += 1;
    ball.jackpots = 1;
    if (spin.next !== 'normal' && paid < machine.roundJackpotCap) {
      const rush = { spins: [] as Spin[], jackpots: 0 };
      let mode = spin.next;
      let left = spinsOf(machine, mode);
      while (mode !== 'normal' && paid < machine.roundJackpotCap) {
        const rushSpin = spinOnce(machine, draw, mode);
        if (rushSpin.jackpot) {
          paid += 1;
          rush.jackpots += 1;
          left = spinsOf(machine, rushSpin.next);
          if (left !== null) rushSpin.spinsLeft = left;
        } else if (left !== null) {
          left -= 1;
          rushSpin.spinsLeft = left;
          if (left === 0) {
            const out = machine.transitions.find((row) => row.from === mode && row.on === 'spinsOut');
            rushSpin.next = out?.to ?? 'normal';
            left = spinsOf(machine, rushSpin.next);
          }
        }
        rush.spins.push(rushSpin);
        mode = rushSpin.next;
      }
      ball.rush = rush;
      ball.rushDraws = rush.spins.map((each) => each.lottery);
      ball.jackpots += rush.jackpots;
    }
    ball.win = ball.jackpots * machine.jackpotPay;
  }
  return {
    balls: played,
    jackpots: paid,
    rushes: played.filter((ball) => ball.rush).length,
    totalBet: balls,
    totalWin: played.reduce((sum, ball) => sum + ball.win, 0),
  };
}
