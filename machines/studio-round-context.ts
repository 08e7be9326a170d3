/** What the studio round machine keeps of a visit, the events that move it, and the helpers that update it. */
import { type PlaySummary, type ProtectionRefusal, protectionRefusals } from '@contract/protection';
import type { StudioFairness, StudioRound } from '@contract/studio';
import { refusalCode } from './call-refusals';
import { type AutoSpinProgress, type AutoSpinSettings, countedRound, idleAuto } from './studio-round-auto-spin';
import type { PlayedRound, SeedChange, SeedRotation, StudioSession } from './studio-round-calls';

export type StudioGameInfo = StudioSession['game'];
export type RevealedSeed = SeedRotation['revealed'];

/** A message key of the studio's namespace, or the studio server's own sentence (in the page's language). */
export type StudioNotice = { key: 'clientSeedInvalid' | 'roundNotPlayed' | 'autoSettingsInvalid' } | { text: string };

export type SessionEndReason = 'left' | 'expired' | 'launchRefused';

export interface StudioRoundContext {
  launchToken: string;
  sessionToken: string | null;
  game: StudioGameInfo | null;
  machineNumber: number;
  currency: string;
  balance: number;
  fairness: StudioFairness | null;
  stake: number;
  /** Made by a press of spin, kept until that round is shown. */
  roundKey: string | null;
  /** The round on show. */
  round: StudioRound | null;
  /** Played just now, or finished after a lost connection or a previous visit. */
  roundOrigin: 'played' | 'resumed';
  /** This visit's rounds, newest first, for the verify links. */
  history: StudioRound[];
  auto: AutoSpinProgress;
  revealed: RevealedSeed | null;
  notice: StudioNotice | null;
  endReason: SessionEndReason | null;
  /** Why the player's own protection refused the last bet, with the studio's sentence for it. */
  protection: ProtectionStop | null;
  /** The play since the play session began, as the portal's reality check sent it while it is shown. */
  realityCheck: PlaySummary | null;
  /** Rounds animate at turbo speed: the player's choice, kept for the visit. */
  turbo: boolean;
}

export interface ProtectionStop {
  reason: ProtectionRefusal;
  text: string;
}

export type StudioRoundEvent =
  | { type: 'open.retry' }
  | { type: 'stake.changed'; stake: number }
  | { type: 'round.spin' }
  | { type: 'result.skip' }
  | { type: 'connection.retry' }
  | { type: 'auto.start'; settings: AutoSpinSettings }
  | { type: 'auto.stop' }
  | { type: 'fairness.setClientSeed'; clientSeed: string }
  | { type: 'fairness.rotate' }
  | { type: 'notice.dismiss' }
  /** Turbo on or off: the rounds from now on animate faster, or at their normal speed. */
  | { type: 'turbo.toggle' }
  | { type: 'session.leave' }
  /** From the portal around the game: its reality check is due, with the play since the session began. */
  | { type: 'realityCheck.show'; summary: PlaySummary }
  /** The player chose to keep playing here; the portal is told. */
  | { type: 'realityCheck.keepPlaying' }
  /** The player chose to leave here; the portal is told and takes them back to the hall. */
  | { type: 'realityCheck.leave' }
  /** The portal's side of the check was closed (keep playing there). */
  | { type: 'realityCheck.closed' };

export interface StudioRoundInput {
  launchToken: string;
}

/** Rounds of this visit kept for their verify links. */
const historyLength = 20;

export function initialContext({ launchToken }: StudioRoundInput): StudioRoundContext {
  return {
    launchToken,
    sessionToken: null,
    game: null,
    machineNumber: 0,
    currency: '',
    balance: 0,
    fairness: null,
    stake: 0,
    roundKey: null,
    round: null,
    roundOrigin: 'played',
    history: [],
    auto: idleAuto,
    revealed: null,
    notice: null,
    endReason: null,
    protection: null,
    realityCheck: null,
    turbo: false,
  };
}

/** The session just opened: the game at its machine, the balance, the fairness, and the smallest stake. */
export function sessionOpened(session: StudioSession): Partial<StudioRoundContext> {
  return {
    sessionToken: session.sessionToken,
    game: session.game,
    machineNumber: session.machineNumber,
    currency: session.currency,
    balance: session.balance,
    fairness: session.fairness,
    stake: session.game.stakes[0] ?? 0,
  };
}

/** The round put on show, and first in the history. */
function withRound(context: StudioRoundContext, round: StudioRound): Partial<StudioRoundContext> {
  return {
    round,
    history: [round, ...context.history.filter((past) => past.id !== round.id)].slice(0, historyLength),
  };
}

/** A round finished after a lost connection or a previous visit, shown as resumed. */
export function roundResumed(context: StudioRoundContext, round: StudioRound): Partial<StudioRoundContext> {
  return { ...withRound(context, round), roundOrigin: 'resumed', roundKey: null };
}

/** A round just played: shown, with the balance and fairness after it, and counted by auto-spin. */
export function roundPlayed(context: StudioRoundContext, played: PlayedRound): Partial<StudioRoundContext> {
  return {
    ...withRound(context, played.round),
    roundOrigin: 'played',
    roundKey: null,
    balance: played.balance,
    fairness: played.fairness,
    auto: countedRound(context.auto, played.round),
  };
}

/** The fairness after a seed change, with the server seed a rotation revealed. */
export function seedChanged(context: StudioRoundContext, change: SeedChange): Partial<StudioRoundContext> {
  return {
    revealed: 'revealed' in change ? change.revealed : context.revealed,
    fairness: change.fairness,
    notice: null,
  };
}

/**
 * A client seed of the page's own (16 random bytes in hex) for a first visit and each rotation: the
 * server never chooses one, and it is drawn here only after the commitments it meets were shown.
 */
export function freshClientSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The studio ended the session (expired, closed by leaving the seat, or not ours): only a new launch helps. */
export function sessionGone(error: unknown): boolean {
  const code = refusalCode(error);
  return code === 401 || code === 402 || code === 403;
}

/** The error of an invoked call's error event. */
export function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

export function refusalText(error: unknown): { text: string } {
  const text = error instanceof Error ? error.message : '';
  return { text: text || String(error) };
}

/** The protection's reason a refused call carries (the studio's 403 names it in its data), or null. */
export function protectionRefusalOf(error: unknown): ProtectionRefusal | null {
  if (typeof error !== 'object' || error === null || !('reason' in error)) return null;
  const { reason } = error as { reason: unknown };
  return (protectionRefusals as readonly unknown[]).includes(reason) ? (reason as ProtectionRefusal) : null;
}

/** The bet the protection refused: its reason and the studio's sentence, for the page to show. */
export function protectionStopped(error: unknown): ProtectionStop | null {
  const reason = protectionRefusalOf(error);
  return reason ? { reason, text: refusalText(error).text } : null;
}
