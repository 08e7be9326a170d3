/**
 * What a pachinko round's display shows (docs/games.md §3), within the machine's result animation:
 * the start pocket's spins flashed briefly in launch order, then the round's most notable spin
 * held, its digits stopping left, right, then middle, the last as the animation ends; afterwards
 * the mode that spin sent the machine into and the rush it started. A round of 100 balls may spin
 * a dozen times, and each is kept long enough to be seen rather than all crammed in.
 */
import {
  type ModeKind,
  type PachinkoBall,
  type PachinkoSpin,
  type Presentation,
  presentations,
} from '@games/engine/pachinko';

/** The shortest a flashed spin is shown: shorter would flicker rather than be read. */
export const lotteryFlashMinMs = 80;

export interface LotteryFlash {
  digits: PachinkoSpin['digits'];
  atMs: number;
  forMs: number;
}

export interface LotteryHeld {
  spin: PachinkoSpin;
  atMs: number;
  /** When each digit stops, in the digits' order (left, middle, right): left first, then right, then middle. */
  stopsMs: [number, number, number];
  /** When a リーチ shows: once the right digit matches the left. */
  reachMs: number | null;
}

export interface LotteryMode {
  kind: ModeKind;
  /** Spins a timed mode has left, or null for 通常 and 確変. */
  spinsLeft: number | null;
}

export interface LotteryShow {
  flashes: LotteryFlash[];
  held: LotteryHeld | null;
  /** The mode while the round's start spins are drawn, and the one the held spin leaves the machine in. */
  modeBefore: LotteryMode;
  modeAfter: LotteryMode;
  /** Jackpots of the rush the held spin started, that one included; null without a rush. */
  rushJackpots: number | null;
  presentation: Presentation | null;
}

const normal: LotteryMode = { kind: 'normal', spinsLeft: null };

/** A jackpot outranks any リーチ, a longer rush a shorter one; a rarer presentation a plainer one. */
function notability(ball: PachinkoBall & { spin: PachinkoSpin }): number {
  if (ball.spin.jackpot) return presentations.length + ball.jackpots;
  return ball.spin.presentation === null ? 0 : 1 + presentations.indexOf(ball.spin.presentation);
}

/**
 * The display of a round of `balls` animating for `animationMs`: `modeSpins` tells how many spins a
 * timed mode lasts (null for the others), from the title's machine.
 */
export function lotteryShowOf(
  balls: readonly PachinkoBall[],
  animationMs: number,
  modeSpins: (kind: ModeKind) => number | null,
): LotteryShow {
  const spun = balls.filter((ball): ball is PachinkoBall & { spin: PachinkoSpin } => ball.spin !== undefined);
  const featured = spun.reduce<(typeof spun)[number] | null>(
    (best, ball) => (best === null || notability(ball) >= notability(best) ? ball : best),
    null,
  );
  if (!featured)
    return { flashes: [], held: null, modeBefore: normal, modeAfter: normal, rushJackpots: null, presentation: null };

  const others = spun.filter((ball) => ball !== featured);
  const flashWindow = others.length === 0 ? 0 : Math.floor(animationMs / 2);
  const flashCount = Math.min(others.length, Math.floor(flashWindow / lotteryFlashMinMs));
  const forMs = flashCount === 0 ? 0 : Math.floor(flashWindow / flashCount);
  const flashes = others
    .slice(0, flashCount)
    .map((ball, index) => ({ digits: ball.spin.digits, atMs: index * forMs, forMs }));

  const atMs = flashCount === 0 ? 0 : flashWindow;
  const holdMs = animationMs - atMs;
  const leftMs = atMs + Math.round(holdMs * 0.4);
  const rightMs = atMs + Math.round(holdMs * 0.7);
  const { spin } = featured;
  const reach = spin.digits[0] === spin.digits[2];
  const next = spin.next;
  return {
    flashes,
    held: { spin, atMs, stopsMs: [leftMs, animationMs, rightMs], reachMs: reach ? rightMs : null },
    modeBefore: normal,
    modeAfter: { kind: next, spinsLeft: next === 'normal' ? null : modeSpins(next) },
    rushJackpots: featured.rush ? featured.jackpots : null,
    presentation: spin.presentation,
  };
}

/** What the round's jackpots paid: the balls' own wins, as the title priced them. */
export function jackpotWinOf(balls: readonly PachinkoBall[]): number {
  return balls.reduce((sum, ball) => (ball.jackpots > 0 ? sum + ball.win : sum), 0);
}
