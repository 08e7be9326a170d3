import { bonusFinals, holdAndWinExact } from '@games/engine/hold-and-win-exact';
import { add, percentText, ratio } from '@games/engine/ratio';
import { DrawStream, type RoundSeeds } from '@games/provably-fair';
import { goldenKobanTitle as title } from '@games/titles/golden-koban';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agreesToTwoDecimals, sigmaText, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const { definition } = title;
const exact = holdAndWinExact(definition);

/** One round as docs/games.md §21 states it, written apart from the engine. */
function documentedRound(seeds: RoundSeeds, stake: number) {
  const stream = new DrawStream(seeds);
  const table = [
    ['koi', 5],
    ['daruma', 6],
    ['fan', 7],
    ['lantern', 8],
    ['bell', 9],
    ['koban', 5],
  ] as const;
  const pays: Record<string, [number, number, number]> = {
    koi: [10, 30, 150],
    daruma: [6, 15, 80],
    fan: [4, 10, 50],
    lantern: [2.5, 6, 30],
    bell: [1.2, 4, 20],
  };
  const prize = () => {
    const draw = stream.uniformInt(100);
    return draw < 50 ? 1 : draw < 75 ? 2 : draw < 90 ? 5 : draw < 97 ? 10 : 50;
  };
  const cells: { id: string; value: number | null }[] = [];
  for (let cell = 0; cell < 15; cell += 1) {
    const draw = stream.uniformInt(40);
    let below = 0;
    const [id] = table.find(([, weight]) => {
      below += weight;
      return draw < below;
    })!;
    cells.push({ id, value: id === 'koban' ? prize() : null });
  }
  const windows = [cells.map((cell) => cell.id)];
  let total = 0;
  for (const [id, [six, eight, ten]] of Object.entries(pays)) {
    const count = cells.filter((cell) => cell.id === id).length;
    if (count >= 6) total += Math.round((count >= 10 ? ten : count >= 8 ? eight : six) * stake);
  }
  const held = cells.map((cell) => cell.value);
  if (held.filter((value) => value !== null).length >= 6) {
    let left = 3;
    while (left > 0 && held.includes(null)) {
      let landed = false;
      held.forEach((value, cell) => {
        if (value === null && stream.uniformInt(15) === 0) {
          held[cell] = prize();
          landed = true;
        }
      });
      left = landed ? 3 : left - 1;
      windows.push(held.map((value) => (value === null ? 'blank' : 'koban')));
    }
    total += held.reduce((sum: number, value) => sum + (value ?? 0), 0) * stake;
    if (!held.includes(null)) total += 1000 * stake;
  }
  return { windows, total };
}

describe('Golden Koban: exact figures (docs/games.md §21)', () => {
  it('has the stated RTP, to two decimals of a percent', () => {
    expect(percentText(exact.rtp, 4)).toBe('96.2809');
    expect(agreesToTwoDecimals(exact.rtp, title.rtpBasisPoints)).toBe(true);
    expect(percentText(exact.hitFrequency, 4)).toBe('22.2666');
    expect(percentText(exact.triggerChance, 4)).toBe('0.6964');
  });

  it('states the volatility band of its exact σ and its true maximum win', () => {
    expect(volatilityBand(exact)).toBe(title.volatility);
    expect(sigmaText(exact, 4)).toBe('9.0481');
    expect(exact.maxWinMultiplier).toEqual(ratio(BigInt(title.maxWinMultiplier)));
  });

  it('ends every bonus with a whole distribution of held coins', () => {
    const finals = bonusFinals(definition);
    for (let start = definition.trigger; start <= 15; start += 1) {
      const row = finals[start]!;
      expect(row.reduce(add, ratio(0n))).toEqual(ratio(1n));
      row.forEach((chance, count) => {
        if (count < start) expect(chance).toEqual(ratio(0n));
      });
    }
    // From a full grid nothing respins: it ends full.
    expect(finals[15]![15]).toEqual(ratio(1n));
  });

  it('would notice a change of the paytable', () => {
    const bell = definition.symbols.find((symbol) => symbol.id === 'bell')!;
    const row = bell.pays[0] as { count: number; pay: number };
    row.pay += 1;
    try {
      expect(agreesToTwoDecimals(holdAndWinExact(definition).rtp, title.rtpBasisPoints)).toBe(false);
    } finally {
      row.pay -= 1;
    }
    const grand = definition as { grandPrize: number };
    grand.grandPrize += 1000;
    try {
      expect(holdAndWinExact(definition).rtp).not.toEqual(exact.rtp);
    } finally {
      grand.grandPrize -= 1000;
    }
  });
});

describe('Golden Koban: rounds as documented', () => {
  it('plays the worked example of the rules document', () => {
    const round = title.play({ serverSeed, clientSeed, nonce: 29 }, 10);
    expect(round.steps.map((step) => [step.phase, step.left])).toEqual([
      ['spin', undefined],
      ['respin', 3],
      ['respin', 3],
      ['respin', 2],
      ['respin', 1],
      ['respin', 0],
    ]);
    expect(round.steps[0]!.values!.flat().filter((value) => value !== null)).toEqual([5, 2, 1, 2, 1, 1]);
    expect(round.steps.at(-1)!.wins).toEqual([expect.objectContaining({ symbol: 'koban', count: 9, win: 170 })]);
    expect(round.totalWin).toBe(170);
  });

  it('replays rounds draw by draw from the stream, step by step', () => {
    let bonuses = 0;
    for (let nonce = 0; nonce < 1_500; nonce += 1) {
      const stake = title.stakes[nonce % title.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const round = title.play(seeds, stake);
      const documented = documentedRound(seeds, stake);
      expect(round.steps.map((step) => step.window.flat())).toEqual(documented.windows);
      expect(round.totalWin).toBe(documented.total);
      expect(v.is(title.outcome, round)).toBe(true);
      if (round.steps.length > 1) bonuses += 1;
    }
    expect(bonuses).toBeGreaterThan(0);
  });

  it('keeps every step consistent: coins hold with their prizes, respins reset on a new coin', () => {
    const prizes = new Set(definition.coinValues.map((entry) => entry.value));
    for (let nonce = 0; nonce < 3_000; nonce += 1) {
      const round = title.play({ serverSeed, clientSeed: 'steps', nonce }, 10);
      const [spin, ...respins] = round.steps;
      spin!.window.flat().forEach((id, cell) => {
        const value = spin!.values!.flat()[cell];
        expect(value === null || value === undefined ? id !== 'koban' : id === 'koban' && prizes.has(value)).toBe(true);
      });
      let before = spin!.values!.flat();
      let left = definition.respins;
      for (const step of respins) {
        const values = step.values!.flat();
        before.forEach((value, cell) => {
          if (value !== null) expect(values[cell]).toBe(value);
        });
        step.window.flat().forEach((id, cell) => {
          expect(id).toBe(values[cell] === null ? 'blank' : 'koban');
        });
        const landed =
          values.filter((value) => value !== null).length > before.filter((value) => value !== null).length;
        left = landed ? definition.respins : left - 1;
        expect(step.left).toBe(left);
        before = values;
      }
      if (respins.length > 0) {
        expect(left === 0 || !before.includes(null)).toBe(true);
        const prizeTotal = before.reduce((sum: number, value) => sum + (value ?? 0), 0);
        const grand = before.includes(null) ? 0 : definition.grandPrize;
        expect(round.steps.at(-1)!.win).toBe((prizeTotal + grand) * 10);
      }
      expect(round.totalWin).toBe(round.steps.reduce((sum, step) => sum + step.win, 0));
      expect(Number.isInteger(round.totalWin)).toBe(true);
    }
  });

  it('refuses a stake not on offer', () => {
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 25)).toThrow(RangeError);
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 1000)).toThrow(RangeError);
  });
});
