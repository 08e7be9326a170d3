import { resultAnimationLimitMs } from '@machines/studio-round.machine';
import {
  countedWin,
  countUpMs,
  reelTiming,
  type WinTier,
  winTierMultiples,
  winTierOf,
  winTiers,
} from '@machines/studio-round-win-tier';
import { describe, expect, it } from 'vitest';

/** The win tier rule at every stake a studio title offers, at and around each threshold. */
const stakes = [1, 10, 20, 40, 100, 1_000];
const celebrated = [
  ['big', winTierMultiples.big],
  ['mega', winTierMultiples.mega],
  ['epic', winTierMultiples.epic],
] as const;

describe('win tiers', () => {
  it('are none without a win and small below the first celebrated multiple', () => {
    for (const stake of stakes) {
      expect(winTierOf(0, stake)).toBe('none');
      expect(winTierOf(1, stake)).toBe('small');
      expect(winTierOf(winTierMultiples.big * stake - 1, stake)).toBe('small');
    }
  });

  it('start exactly at their multiple of the stake, with no rounding', () => {
    for (const stake of stakes) {
      celebrated.forEach(([tier, multiple], index) => {
        const below: WinTier = celebrated[index - 1]?.[0] ?? 'small';
        expect(winTierOf(multiple * stake, stake)).toBe(tier);
        expect(winTierOf(multiple * stake - 1, stake)).toBe(below);
      });
    }
  });

  it('make a 4.85× win small and a 120× win epic', () => {
    expect(winTierOf(97, 20)).toBe('small');
    expect(winTierOf(485, 100)).toBe('small');
    expect(winTierOf(2_400, 20)).toBe('epic');
  });

  it('rise with the win: a bigger win is never a lower tier', () => {
    const stake = 20;
    let previous = 0;
    for (let win = 0; win <= 150 * stake; win += 1) {
      const rank = winTiers.indexOf(winTierOf(win, stake));
      expect(rank).toBeGreaterThanOrEqual(previous);
      previous = rank;
    }
    expect(previous).toBe(winTiers.length - 1);
  });
});

describe('the count-up', () => {
  it('takes longer for a bigger tier, less in turbo and no time with reduced motion', () => {
    const durations = winTiers.map((tier) => countUpMs(tier));
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    expect(countUpMs('small')).toBe(0);
    expect(countUpMs('big')).toBeGreaterThan(0);
    for (const tier of winTiers) {
      expect(countUpMs(tier, { turbo: true })).toBeLessThanOrEqual(countUpMs(tier));
      expect(countUpMs(tier, { reducedMotion: true })).toBe(0);
    }
  });

  it('counts whole coins up to the win, never past it, and ends on it', () => {
    const win = 2_400;
    const duration = countUpMs('epic');
    let previous = 0;
    for (let elapsed = 0; elapsed <= duration; elapsed += 50) {
      const shown = countedWin(win, elapsed, duration);
      expect(Number.isInteger(shown)).toBe(true);
      expect(shown).toBeGreaterThanOrEqual(previous);
      expect(shown).toBeLessThanOrEqual(win);
      previous = shown;
    }
    expect(countedWin(win, duration, duration)).toBe(win);
    expect(countedWin(win, 0, duration)).toBe(0);
    expect(countedWin(win, 10, 0)).toBe(win);
  });
});

describe('the reels’ timing', () => {
  it('lands a lone spin as the animation ends, and shows every further step within it', () => {
    for (const animationMs of [resultAnimationLimitMs.normal, resultAnimationLimitMs.turbo]) {
      expect(reelTiming(animationMs, 1).spinMs).toBe(animationMs);
      for (let steps = 2; steps <= 12; steps += 1) {
        const { spinMs, stepMs } = reelTiming(animationMs, steps);
        expect(stepMs).toBeGreaterThan(0);
        expect(spinMs + (steps - 1) * stepMs).toBeLessThanOrEqual(animationMs);
        expect(spinMs + (steps - 1) * (stepMs + 1)).toBeGreaterThan(animationMs);
      }
    }
    expect(reelTiming(600, 1, true).turnMs).toBeLessThan(reelTiming(1_500, 1).turnMs);
  });
});
