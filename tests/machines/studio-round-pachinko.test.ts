import type { StudioRound } from '@contract/studio';
import type { ModeKind, PachinkoBall, PachinkoRoundResult, PachinkoSpin } from '@games/engine/pachinko';
import { hanabiLightTitle } from '@games/titles/hanabi-light';
import { raijinStTitle } from '@games/titles/raijin-st';
import { resultAnimationLimitMs, resultAnimationMs } from '@machines/studio-round.machine';
import { jackpotWinOf, lotteryFlashMinMs, lotteryShowOf } from '@machines/studio-round-pachinko';
import { describe, expect, it } from 'vitest';

/**
 * What the pachinko display shows of a round: the most notable start spin held, the others flashed,
 * every stop inside the machine's result animation, the digits stopping left, right, then middle.
 */
const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce });
const spinsOf = (machine: { modes: Partial<Record<ModeKind, { spins: number | null }>> }) => (kind: ModeKind) =>
  machine.modes[kind]?.spins ?? null;

function animationOf(result: PachinkoRoundResult, turbo: boolean): number {
  const round = { outcome: result } as unknown as StudioRound;
  return resultAnimationMs(round, turbo);
}

function spin(digits: [number, number, number], extra: Partial<PachinkoSpin> = {}): PachinkoSpin {
  const jackpot = digits[0] === digits[1] && digits[1] === digits[2];
  return {
    mode: 'normal',
    lottery: jackpot ? 0 : 5,
    jackpot,
    digits,
    presentation: null,
    pay: 0,
    next: 'normal',
    ...extra,
  };
}

const startBall = (value: PachinkoSpin, jackpots = 0, win = 0): PachinkoBall => ({
  lane: 1,
  pocket: 'start',
  lottery: value.lottery,
  spin: value,
  jackpots,
  win,
});

describe('the pachinko display', () => {
  it('holds a Raijin ST jackpot, its ST with all its spins and the rush it started', () => {
    // Seed a…a, nonce 486, 100 balls: two start spins, the second a 7-7-7 jackpot into ST, six jackpots in all.
    const result = raijinStTitle.play(seeds(486), 100);
    const show = lotteryShowOf(result.balls, animationOf(result, false), spinsOf(raijinStTitle.machine));
    expect(show.held?.spin.digits).toEqual([7, 7, 7]);
    expect(show.held?.spin.jackpot).toBe(true);
    expect(show.modeBefore).toEqual({ kind: 'normal', spinsLeft: null });
    expect(show.modeAfter).toEqual({ kind: 'st', spinsLeft: 130 });
    expect(show.rushJackpots).toBe(6);
    expect(show.presentation).toBe('normal');
    expect(show.flashes).toHaveLength(1);
  });

  it('holds a missed リーチ over a plain miss, and names no mode change or rush', () => {
    // Seed a…a, nonce 28, 10 balls of Hanabi Light: a 9-2-9 normal reach, then a plain 4-1-1.
    const result = hanabiLightTitle.play(seeds(28), 10);
    const show = lotteryShowOf(result.balls, animationOf(result, false), spinsOf(hanabiLightTitle.machine));
    expect(show.held?.spin.digits).toEqual([9, 2, 9]);
    expect(show.held?.reachMs).not.toBeNull();
    expect(show.presentation).toBe('normal');
    expect(show.flashes.map((flash) => flash.digits)).toEqual([[4, 1, 1]]);
    expect(show.modeAfter).toEqual({ kind: 'normal', spinsLeft: null });
    expect(show.rushJackpots).toBeNull();
  });

  it('prefers the rarer リーチ, and of equals the later spin', () => {
    const balls = [
      startBall(spin([3, 1, 3], { presentation: 'super' })),
      startBall(spin([5, 2, 5], { presentation: 'normal' })),
      startBall(spin([6, 1, 6], { presentation: 'super' })),
      startBall(spin([1, 2, 4])),
    ];
    const show = lotteryShowOf(balls, 1_020, () => null);
    expect(show.held?.spin.digits).toEqual([6, 1, 6]);
    expect(show.flashes.map((flash) => flash.digits)).toEqual([
      [3, 1, 3],
      [5, 2, 5],
      [1, 2, 4],
    ]);
  });

  it.each([false, true])(
    'stops every digit within the result animation, left, right, then middle (turbo %s)',
    (turbo) => {
      for (let nonce = 0; nonce < 40; nonce += 1) {
        const result = hanabiLightTitle.play(seeds(nonce), 100);
        const animationMs = animationOf(result, turbo);
        expect(animationMs).toBeLessThanOrEqual(resultAnimationLimitMs[turbo ? 'turbo' : 'normal']);
        const show = lotteryShowOf(result.balls, animationMs, spinsOf(hanabiLightTitle.machine));
        const held = show.held;
        if (!held) continue;
        const [left, middle, right] = held.stopsMs;
        expect(held.atMs).toBeLessThan(left);
        expect(left).toBeLessThan(right);
        expect(right).toBeLessThan(middle);
        expect(middle).toBe(animationMs);
        for (const flash of show.flashes) {
          expect(flash.forMs).toBeGreaterThanOrEqual(lotteryFlashMinMs);
          expect(flash.atMs + flash.forMs).toBeLessThanOrEqual(held.atMs);
        }
      }
    },
  );

  it('shows nothing held when no ball reached the start pocket', () => {
    const balls: PachinkoBall[] = [{ lane: 9_000, pocket: 'out', jackpots: 0, win: 0 }];
    const show = lotteryShowOf(balls, 1_005, () => null);
    expect(show.held).toBeNull();
    expect(show.flashes).toEqual([]);
    expect(show.modeAfter.kind).toBe('normal');
  });

  it('prices the jackpots by the balls’ own wins, not by another title’s pay', () => {
    // Seed a…a, nonce 260, 10 balls of Hanabi Light: four jackpots at 200 and a prize of 3.
    const result = hanabiLightTitle.play(seeds(260), 10);
    expect(result.jackpots).toBe(4);
    expect(jackpotWinOf(result.balls)).toBe(4 * hanabiLightTitle.machine.jackpotPay);
    expect(result.totalWin).toBe(803);
  });
});
