/**
 * The reels of a pachislot machine and their control (docs/games.md §40): three strips of 21
 * frames, one pay line (the middle row), and the rule that turns a press into a stop. The rule reads
 * the roles the lottery granted, so 目押し (pressing on time) only decides whether a granted role is
 * within the four frames a reel may slip; no press ever aligns a role that was not granted.
 */

export const reelCount = 3;
export const framesPerReel = 21;
/** A reel stops at most this many frames after the frame on the line when it was pressed. */
export const maxSlip = 4;

export const pachislotSymbols = ['seven', 'bar', 'bell', 'suika', 'cherry', 'replay'] as const;
export type PachislotSymbol = (typeof pachislotSymbols)[number];

export const smallRoles = ['replay', 'bell', 'suika', 'cherry'] as const;
export type SmallRole = (typeof smallRoles)[number];
export const bonusRoles = ['big', 'reg'] as const;
export type BonusRole = (typeof bonusRoles)[number];
export type Role = SmallRole | BonusRole;
/** Every role, in the order the line is read: the first whose pattern the line matches is aligned. */
export const roles: readonly Role[] = [...bonusRoles, ...smallRoles];

export type Strip = readonly PachislotSymbol[];
export type Strips = readonly [Strip, Strip, Strip];
/** What a role needs on the line, reel by reel; null takes any symbol. */
export type RolePattern = readonly [PachislotSymbol | null, PachislotSymbol | null, PachislotSymbol | null];

/** The patterns every title uses: BIG 7-7-7, REG 7-7-BAR, a チェリー on reel 1 alone, three of a kind for the rest. */
export const rolePatterns: Readonly<Record<Role, RolePattern>> = {
  big: ['seven', 'seven', 'seven'],
  reg: ['seven', 'seven', 'bar'],
  replay: ['replay', 'replay', 'replay'],
  bell: ['bell', 'bell', 'bell'],
  suika: ['suika', 'suika', 'suika'],
  cherry: ['cherry', null, null],
};

function symbolAt(strips: Strips, reel: number, frame: number): PachislotSymbol {
  const symbol = strips[reel]?.[frame];
  if (symbol === undefined) throw new RangeError(`no frame ${frame} on reel ${reel}`);
  return symbol;
}

/** The symbols on the pay line for the stops so far, reel 1 first. */
export function lineSymbols(strips: Strips, stops: readonly number[]): PachislotSymbol[] {
  return stops.map((stop, reel) => symbolAt(strips, reel, stop));
}

/** The three rows a reel shows at a stop: the frame above the line, the line, the frame below. */
export function reelWindow(strips: Strips, reel: number, stop: number): PachislotSymbol[] {
  return [-1, 0, 1].map((row) => symbolAt(strips, reel, (stop + row + framesPerReel) % framesPerReel));
}

function matchesSoFar(pattern: RolePattern, line: readonly PachislotSymbol[]): boolean {
  return line.every((symbol, reel) => pattern[reel] === null || pattern[reel] === symbol);
}

/** Whether the line so far already shows the whole role: every reel still to stop takes any symbol. */
function completes(pattern: RolePattern, line: readonly PachislotSymbol[]): boolean {
  return matchesSoFar(pattern, line) && pattern.slice(line.length).every((symbol) => symbol === null);
}

/** The role a stopped line shows, if any. */
export function alignedRole(strips: Strips, stops: readonly number[]): Role | null {
  const line = lineSymbols(strips, stops);
  return roles.find((role) => completes(rolePatterns[role], line)) ?? null;
}

/**
 * Where a reel stops, pressed with `pressFrame` on the line, given the roles granted (highest
 * priority first) and the stops of the reels to its left (reels stop left to right):
 * 1. a candidate is a frame pressFrame + slip (mod 21), slip 0 to 4; a candidate is refused when the
 *    line with it shows a whole role that was not granted (kick-out);
 * 2. for each granted role still possible on the line so far, in priority order: the candidate with
 *    the smallest slip that shows the role's symbol on this reel (or any allowed one where the role
 *    takes any symbol) is the stop (pull-in);
 * 3. otherwise the allowed candidate with the smallest slip.
 */
export function stopFrame(
  strips: Strips,
  granted: readonly Role[],
  reel: number,
  pressFrame: number,
  stopsSoFar: readonly number[],
): number {
  if (reel !== stopsSoFar.length || reel >= reelCount) throw new RangeError('reels stop left to right');
  if (!Number.isInteger(pressFrame) || pressFrame < 0 || pressFrame >= framesPerReel)
    throw new RangeError(`a press frame is an integer in [0, ${framesPerReel})`);
  const prefix = lineSymbols(strips, stopsSoFar);
  const refused = roles.filter((role) => !granted.includes(role)).map((role) => rolePatterns[role]);
  const candidates = Array.from({ length: maxSlip + 1 }, (_, slip) => (pressFrame + slip) % framesPerReel).filter(
    (frame) => {
      const line = [...prefix, symbolAt(strips, reel, frame)];
      return !refused.some((pattern) => completes(pattern, line));
    },
  );
  for (const role of granted) {
    const pattern = rolePatterns[role];
    if (!matchesSoFar(pattern, prefix)) continue;
    const wanted = pattern[reel];
    const pulled = candidates.find((frame) => wanted === null || symbolAt(strips, reel, frame) === wanted);
    if (pulled !== undefined) return pulled;
  }
  const fallback = candidates[0];
  if (fallback === undefined) throw new RangeError(`reel ${reel + 1} cannot kick out from frame ${pressFrame}`);
  return fallback;
}

/** The stops of a whole game pressed at `presses`, reel 1 first. */
export function stopsFor(strips: Strips, granted: readonly Role[], presses: readonly number[]): number[] {
  const stops: number[] = [];
  presses.forEach((press, reel) => {
    stops.push(stopFrame(strips, granted, reel, press, stops));
  });
  return stops;
}
