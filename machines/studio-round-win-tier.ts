/**
 * How big a round's win looks: its tier, by the win as a multiple of the stake, and how long the
 * game page counts it up. Whole coins compare exactly (win ≥ 15 × stake), so a tier never depends on
 * rounding, and the same rule holds for every title and kind.
 */

export const winTiers = ['none', 'small', 'big', 'mega', 'epic'] as const;
export type WinTier = (typeof winTiers)[number];

/** The least win, in stakes, of each celebrated tier; any smaller win is a small one. */
export const winTierMultiples = { big: 15, mega: 40, epic: 100 } as const;

export function winTierOf(win: number, stake: number): WinTier {
  if (win <= 0 || stake <= 0) return 'none';
  if (win >= winTierMultiples.epic * stake) return 'epic';
  if (win >= winTierMultiples.mega * stake) return 'mega';
  if (win >= winTierMultiples.big * stake) return 'big';
  return 'small';
}

/**
 * How long the win counts up, in ms: a small win is shown at once, a bigger one counts for longer.
 * Turbo shortens it; with reduced motion it is shown at once, whatever its tier.
 */
const countUpByTier: Readonly<Record<WinTier, number>> = { none: 0, small: 0, big: 2_000, mega: 3_500, epic: 5_000 };
const turboShare = 0.4;

export function countUpMs(tier: WinTier, options: { turbo?: boolean; reducedMotion?: boolean } = {}): number {
  if (options.reducedMotion) return 0;
  const full = countUpByTier[tier];
  return options.turbo ? Math.round(full * turboShare) : full;
}

/**
 * The coins shown `elapsedMs` into a count-up of `win` lasting `durationMs`: easing out (fast first,
 * slowing to the end), whole coins, never above the win, and exactly the win once the time is up.
 */
export function countedWin(win: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return win;
  if (elapsedMs <= 0) return 0;
  const progress = elapsedMs / durationMs;
  const eased = 1 - (1 - progress) ** 3;
  return Math.min(win, Math.floor(win * eased));
}

/**
 * How a slot round's result animation (the machine's, at most 1.5 s or 0.6 s in turbo) is shared
 * among its steps: a lone spin lands at its end; with cascades, respins or free spins after it, the
 * spin lands in the first half and each further step shows for an equal part of the second, the last
 * one as the animation ends. `turnMs` is one turn of a reel still waiting for the round.
 */
export function reelTiming(animationMs: number, stepCount: number, turbo = false) {
  const further = Math.max(0, stepCount - 1);
  const spinMs = further === 0 ? animationMs : Math.round(animationMs / 2);
  const stepMs = further === 0 ? 0 : Math.floor((animationMs - spinMs) / further);
  return { spinMs, stepMs, turnMs: turbo ? 200 : 400 };
}
