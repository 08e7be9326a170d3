import { readFileSync } from 'node:fs';
import { locales } from '@contract/locales';
import { maxRoundWin, type PachinkoMachine, playPachinkoRound } from '@games/engine/pachinko';
import {
  continuation,
  exactPachinkoRound,
  presentationJackpotOdds,
  volatilityBand,
} from '@games/engine/pachinko-exact';
import type { PachinkoTitle } from '@games/engine/pachinko-title';
import { add, mul, pow, type Ratio, ratio, ratioValue, sub } from '@games/engine/ratio';
import { fujiRushTitle } from '@games/titles/fuji-rush';
import { hanabiLightTitle } from '@games/titles/hanabi-light';
import { raijinStTitle } from '@games/titles/raijin-st';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { replayRound } from './pachinko-replay';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const titles: PachinkoTitle[] = [fujiRushTitle, raijinStTitle, hanabiLightTitle];

/** Whether the exact RTP rounds to the stated one at its precision, hundredths of a percent: |exact × 10⁴ − stated| < ½. */
const agreesToBasisPoints = (exact: Ratio, basisPoints: number) => {
  const gap = exact.num * 20_000n - BigInt(basisPoints) * 2n * exact.den;
  return (gap < 0n ? -gap : gap) < exact.den;
};

/** The same machine with its lottery hot (every mode's odds 1 in 2 to 4), so rushes and the cap come often. */
function hot(machine: PachinkoMachine): PachinkoMachine {
  const modes = Object.fromEntries(
    Object.entries(machine.modes).map(([kind, mode]) => [
      kind,
      { odds: kind === 'normal' ? 4 : 2, spins: mode.spins === null ? null : 3 },
    ]),
  ) as PachinkoMachine['modes'];
  return { ...machine, lanes: { range: 10, start: 5, prize: 2 }, modes, roundJackpotCap: 6 };
}

describe.each(titles)('$name: exact figures from the statechart', (title) => {
  const smallest = Math.min(...title.machine.balls);
  const figures = exactPachinkoRound(title.machine, smallest);

  it('has the stated RTP, to its hundredths of a percent, at every stake', () => {
    for (const balls of title.machine.balls) {
      expect(agreesToBasisPoints(exactPachinkoRound(title.machine, balls).rtp, title.rtpBasisPoints)).toBe(true);
    }
  });

  it('is stated in docs/games.md as the exact fraction of its smallest round', () => {
    const docs = readFileSync('docs/games.md', 'utf8');
    const section = docs.slice(docs.indexOf(`\`games/titles/${title.code}.ts\`)`));
    const number = (label: string) => {
      const match = new RegExp(`${label} \\(\\d+ digits\\):\\n([\\d\\n]+)`).exec(section);
      return BigInt((match?.[1] ?? '0').replaceAll('\n', ''));
    };
    expect({ num: number('numerator'), den: number('denominator') }).toEqual(figures.rtp);
  });

  it('is in its stated volatility band at the smallest stake', () => {
    expect(volatilityBand(figures)).toBe(title.volatility);
  });

  it('wins something unless no ball reaches a prize pocket or a start jackpot', () => {
    const { lanes, modes } = title.machine;
    const nothing = sub(
      ratio(1n),
      add(
        ratio(BigInt(lanes.prize), BigInt(lanes.range)),
        ratio(BigInt(lanes.start), BigInt(lanes.range * modes.normal.odds)),
      ),
    );
    expect(figures.hitFrequency).toEqual(sub(ratio(1n), pow(nothing, smallest)));
  });

  it('states the largest win: the cap of jackpots on one ball and every other ball in a prize pocket', () => {
    const { prizePay, jackpotPay, roundJackpotCap } = title.machine;
    expect(title.maxWinMultiplier * smallest).toBe((smallest - 1) * prizePay + roundJackpotCap * jackpotPay);
    expect(maxRoundWin(title.machine, smallest)).toBe(title.maxWinMultiplier * smallest);
  });

  it('would notice a jackpot or a prize pocket paying one coin more', () => {
    for (const changed of [
      { ...title.machine, jackpotPay: title.machine.jackpotPay + 1 },
      { ...title.machine, prizePay: title.machine.prizePay + 1 },
    ]) {
      expect(agreesToBasisPoints(exactPachinkoRound(changed, smallest).rtp, title.rtpBasisPoints)).toBe(false);
    }
  });

  it('gives each リーチ presentation its own jackpot odds, rising from normal to premium', () => {
    const odds = presentationJackpotOdds(title.machine, 'normal');
    expect(ratioValue(odds.normal)).toBeLessThan(ratioValue(odds.super));
    expect(ratioValue(odds.super)).toBeLessThan(ratioValue(odds.premium));
  });
});

describe('the exact chain against figures worked by hand', () => {
  const base: PachinkoMachine = {
    balls: [10],
    lanes: { range: 2, start: 1, prize: 0 },
    prizePay: 3,
    jackpotPay: 100,
    roundJackpotCap: 3,
    modes: { normal: { odds: 1, spins: null }, kakuhen: { odds: 1, spins: null } },
    transitions: [
      { from: 'normal', on: 'jackpot', to: 'kakuhen', weight: 1, digits: [7] },
      { from: 'kakuhen', on: 'jackpot', to: 'kakuhen', weight: 1, digits: [7] },
    ],
    reach: { jackpot: [1, 1, 1], miss: [1, 1, 1] },
  };

  it('pays the whole cap once any ball starts an endless rush', () => {
    // J = 3 unless all 10 balls miss the start pocket (2^-10).
    const expected = mul(ratio(300n, 10n), sub(ratio(1n), pow(ratio(1n, 2n), 10)));
    expect(exactPachinkoRound(base, 10).rtp).toEqual(expected);
    expect(continuation(base, 'kakuhen')).toEqual(ratio(1n));
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const round = playPachinkoRound(base, { serverSeed, clientSeed, nonce }, 10);
      expect(round.jackpots).toBe(round.balls.some((ball) => ball.pocket === 'start') ? 3 : 0);
    }
  });

  it('cuts a binomial count of single jackpots at the cap', () => {
    // Every ball starts, half of them jackpot, none rushes: J = min(Binomial(10, 1/2), 3).
    const single: PachinkoMachine = {
      ...base,
      lanes: { range: 1, start: 1, prize: 0 },
      modes: { normal: { odds: 2, spins: null } },
      transitions: [{ from: 'normal', on: 'jackpot', to: 'normal', weight: 1, digits: [7] }],
    };
    let expectedJ = ratio(0n);
    let choose = 1n;
    for (let k = 0; k <= 10; k += 1) {
      expectedJ = add(expectedJ, ratio(choose * BigInt(Math.min(k, 3)), 1024n));
      choose = (choose * BigInt(10 - k)) / BigInt(k + 1);
    }
    const figures = exactPachinkoRound(single, 10);
    expect(figures.rtp).toEqual(mul(expectedJ, ratio(100n, 10n)));
    // E[(100 J / 10)²] = 100 E[J²].
    let expectedJ2 = ratio(0n);
    choose = 1n;
    for (let k = 0; k <= 10; k += 1) {
      expectedJ2 = add(expectedJ2, ratio(choose * BigInt(Math.min(k, 3) ** 2), 1024n));
      choose = (choose * BigInt(10 - k)) / BigInt(k + 1);
    }
    expect(figures.secondMoment).toEqual(mul(expectedJ2, ratio(100n)));
  });

  it('chains a timed mode: one spin at 1 in 2 continues the rush half the time', () => {
    const timed: PachinkoMachine = {
      ...base,
      lanes: { range: 1, start: 1, prize: 0 },
      roundJackpotCap: 4,
      modes: { normal: { odds: 1, spins: null }, jitan: { odds: 2, spins: 1 } },
      transitions: [
        { from: 'normal', on: 'jackpot', to: 'jitan', weight: 1, digits: [7] },
        { from: 'jitan', on: 'jackpot', to: 'jitan', weight: 1, digits: [7] },
        { from: 'jitan', on: 'spinsOut', to: 'normal' },
      ],
    };
    // One ball: K = k with probability 2^-k below the cap of 4, and 2^-3 at it.
    const expected = add(add(ratio(1n, 2n), ratio(2n, 4n)), add(ratio(3n, 8n), ratio(4n, 8n)));
    expect(exactPachinkoRound({ ...timed, balls: [1] }, 1).rtp).toEqual(mul(expected, ratio(100n)));
  });
});

describe.each(titles)('$name: rounds as documented', (title) => {
  it('replays every draw as an independent evaluation of the rules computes it', () => {
    let jackpots = 0;
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const seeds = { serverSeed, clientSeed, nonce };
      const round = title.play(seeds, 100);
      expect(round).toEqual(replayRound(title.machine, seeds, 100));
      jackpots += round.jackpots;
    }
    expect(jackpots).toBeGreaterThan(0);
  });

  it('plays the rush and the cap alike on a hot copy of its statechart', () => {
    const machine = hot(title.machine);
    let capped = 0;
    let rushes = 0;
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const seeds = { serverSeed, clientSeed, nonce };
      const round = playPachinkoRound(machine, seeds, 10);
      expect(round).toEqual(replayRound(machine, seeds, 10));
      expect(round.jackpots).toBeLessThanOrEqual(machine.roundJackpotCap);
      expect(round.totalWin).toBeLessThanOrEqual(maxRoundWin(machine, 10));
      if (round.jackpots === machine.roundJackpotCap) capped += 1;
      rushes += round.rushes;
    }
    expect(capped).toBeGreaterThan(0);
    expect(rushes).toBeGreaterThan(0);
  });

  it('shows three of a kind on a jackpot only, and a リーチ before every jackpot', () => {
    const machine = hot(title.machine);
    for (let nonce = 0; nonce < 100; nonce += 1) {
      const round = playPachinkoRound(machine, { serverSeed, clientSeed, nonce }, 10);
      for (const ball of round.balls) {
        for (const spin of [...(ball.spin ? [ball.spin] : []), ...(ball.rush?.spins ?? [])]) {
          const [left, middle, right] = spin.digits;
          expect(left === middle && middle === right).toBe(spin.jackpot);
          expect(spin.presentation !== null).toBe(left === right);
        }
      }
    }
  });

  it('sends outcomes the page schema accepts, and takes only the stakes on offer', () => {
    const round = title.play({ serverSeed, clientSeed, nonce: 0 }, 10);
    expect(v.parse(title.outcome, round)).toEqual(round);
    expect(title.stakes).toEqual([10, 20, 50, 100]);
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 7)).toThrow(RangeError);
  });

  it('words its rules in every locale, with every placeholder filled from the data', () => {
    for (const paragraph of title.rules.paragraphs) {
      for (const locale of locales) {
        expect(paragraph[locale].length).toBeGreaterThan(0);
        for (const [, name] of paragraph[locale].matchAll(/\{\{(\w+)\}\}/g)) {
          expect(title.rules.values?.[name ?? '']).toBeTypeOf('number');
        }
      }
    }
  });
});

describe('the worked examples of docs/games.md', () => {
  const example = (title: PachinkoTitle, nonce: number) => {
    const round = title.play({ serverSeed, clientSeed, nonce }, 10);
    const ball = round.balls.find((each) => each.rush);
    return { round, ball, start: ball?.spin, spins: ball?.rush?.spins ?? [] };
  };

  it('Fuji Rush, nonce 732: a 時短 jackpot whose 100 spins miss (games §3)', () => {
    const { round, ball, start, spins } = example(fujiRushTitle, 732);
    expect(round.balls.map((each) => each.lane)).toEqual([5688, 2743, 9893, 301, 6336, 137, 340, 2139, 5056, 2009]);
    expect(start).toMatchObject({ lottery: 0, allotment: 97, digits: [6, 6, 6], presentation: 'super', next: 'jitan' });
    expect(spins).toHaveLength(100);
    expect(spins.slice(0, 10).map((spin) => spin.lottery)).toEqual([30, 140, 15, 280, 173, 33, 314, 4, 305, 194]);
    expect(spins.at(-1)).toMatchObject({ digits: [2, 2, 7], next: 'normal', spinsLeft: 0 });
    expect(ball?.jackpots).toBe(1);
    expect([round.jackpots, round.rushes, round.totalWin]).toEqual([1, 1, 2 * 3 + 1_024]);
  });

  it('Raijin ST, nonce 4282: an ST of 130 spins (games §30)', () => {
    const { round, start, spins } = example(raijinStTitle, 4282);
    expect(start).toMatchObject({ lottery: 0, allotment: 34, digits: [9, 9, 9], presentation: 'premium', next: 'st' });
    expect(spins).toHaveLength(130);
    expect(spins.every((spin) => spin.mode === 'st' && !spin.jackpot)).toBe(true);
    expect([round.jackpots, round.rushes, round.totalWin]).toEqual([1, 1, 3 + 2_000]);
  });

  it('Hanabi Light, nonce 260: a 確変 loop of four jackpots ending in 時短 (games §31)', () => {
    const { round, start, spins } = example(hanabiLightTitle, 260);
    expect(start).toMatchObject({
      lottery: 0,
      allotment: 40,
      digits: [9, 9, 9],
      presentation: 'premium',
      next: 'kakuhen',
    });
    const jackpots = spins.flatMap((spin, index) => (spin.jackpot ? [[index + 1, spin.allotment, spin.next]] : []));
    expect(jackpots).toEqual([
      [11, 33, 'kakuhen'],
      [63, 8, 'kakuhen'],
      [72, 98, 'jitan'],
    ]);
    expect(spins).toHaveLength(102);
    expect([round.jackpots, round.rushes, round.totalWin]).toEqual([4, 1, 4 * 200 + 3]);
  });
});
