/**
 * studioPachislot: a pachislot game on the page, press by press. The lever (Space) books the bet
 * and starts the reels, each stop button (1, 2, 3, left to right) is answered by the server with its
 * reel's stop, and the third settles the game. A lost connection keeps the lever's key and the press
 * it was sending, so a retry is the same request (the server answers it once). Auto-play pulls the
 * lever and presses the stops itself at fixed frames, game after game, until its count is played, a
 * single win passes the player's limit or the next game could pass their loss limit (the slot's
 * rules, machines/studio-round-auto-spin.ts); turbo shortens every wait.
 *
 * States:
 * - loading: the machine as the studio has it: this player's open game (its reels spin on), the
 *   last settled game's counters, the title's RTP range; a game the machine stopped itself is said.
 * - idle: the reels stand; the lever is ready (Space), the credit and payout meters show. While auto
 *   runs, the lever is pulled again by itself after a reel's wait (auto-play ends when the credit
 *   no longer covers a game).
 * - levering: the bet is booked and the lottery drawn; the lever's key is kept for every retry.
 * - spinning: the reels turn; the next stop button (left to right) is lit; auto presses it itself.
 * - stopping: the press is sent; its reel slides from the press frame to the stop the server says.
 * - payout: all three reels stopped; the pay counts into the payout meter and the lamp or bonus
 *   counters show, for a payout's wait.
 * - connectionLost: no answer came; after `reconnect` (or a tap) the same lever or press is sent
 *   again, or the machine is read again.
 */
import type { PachislotGame, PachislotPlayed, pachislotMachine } from '@contract/studio-pachislot';
import { type ModeId, type PachislotOutcome, pachislotOutcomeSchema } from '@games/engine/pachislot';
import * as v from 'valibot';
import { and, assign, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import {
  type AutoSpinProgress,
  type AutoSpinSettings,
  type AutoSpinStopReason,
  autoCountReached,
  autoLossLimitReached,
  autoSingleWinReached,
  countedRound,
  idleAuto,
  validAutoSettings,
} from './studio-round-auto-spin';

export type PachislotMachineData = v.InferOutput<typeof pachislotMachine.data>;

export interface LeverRequest {
  sessionToken: string;
  gameKey: string;
}
export interface StopRequest {
  sessionToken: string;
  gameId: string;
  reel: number;
  pressFrame: number;
}

/** What a refused call carries: the studio's HTTP status as `code` (0 when nothing came back). */
export interface CallError {
  code?: number;
}

export const coinsPerGame = 3;
/** The frame auto-play presses each reel at: the reel control pulls in what was granted from it. */
export const autoPressFrame = 0;

/** A game without waits on the player (auto-play): three reels stopped and its pay shown. */
export const gameTimings = {
  normal: { reelMs: 250, payoutMs: 400 },
  turbo: { reelMs: 100, payoutMs: 150 },
} as const;

export type PachislotNotice = 'busy' | 'insufficient' | 'rolledBack' | 'autoStopped' | 'reelOrder' | null;

interface Context {
  sessionToken: string;
  balance: number;
  game: PachislotGame | null;
  last: PachislotGame | null;
  rtpRange: { low: number; high: number } | null;
  /** The lever's key, kept until its game is answered, so a retry never bets twice. */
  gameKey: string | null;
  /** The press being sent, kept until it is answered. */
  press: { reel: number; pressFrame: number } | null;
  turbo: boolean;
  /** Auto-play's settings and what it has counted; the slot's rules (a loss limit, a single win). */
  auto: AutoSpinProgress;
  notice: PachislotNotice;
}

export type PachislotEvent =
  | { type: 'lever.pull'; gameKey: string }
  | { type: 'stop.press'; reel: number; pressFrame: number }
  | { type: 'connection.retry' }
  | { type: 'turbo.toggle' }
  | { type: 'auto.start'; settings: AutoSpinSettings }
  | { type: 'auto.stop' }
  | { type: 'notice.dismiss' };

const stoppedCount = (game: PachislotGame | null) => game?.stops.filter((stop) => stop !== null).length ?? 0;
const codeOf = (error: unknown) => (error as CallError | undefined)?.code ?? 0;
const timingsOf = (context: Context) => gameTimings[context.turbo ? 'turbo' : 'normal'];
const autoOn = (auto: AutoSpinProgress) => auto.settings !== null && auto.stopReason === null;
const stoppedAuto = (auto: AutoSpinProgress, stopReason: AutoSpinStopReason): AutoSpinProgress =>
  autoOn(auto) ? { ...auto, stopReason } : auto;

/**
 * Auto-play after a game: the game counted in (one rolled back costs and pays nothing), then stopped
 * when its count is played, a single win passed the limit, or the next game could pass the loss limit.
 */
function autoAfter(auto: AutoSpinProgress, game: PachislotGame | null): AutoSpinProgress {
  if (!autoOn(auto) || !game) return auto;
  const settled = game.status === 'settled';
  const counted = countedRound(auto, { stake: settled ? coinsPerGame : 0, win: settled ? game.win : 0 });
  if (autoCountReached(counted)) return stoppedAuto(counted, 'count');
  if (autoSingleWinReached(counted)) return stoppedAuto(counted, 'singleWin');
  if (autoLossLimitReached(counted, coinsPerGame)) return stoppedAuto(counted, 'lossLimit');
  return counted;
}

export const studioPachislotMachine = setup({
  types: {
    context: {} as Context,
    events: {} as PachislotEvent,
    input: {} as { sessionToken: string; balance: number },
  },
  actors: {
    loadMachine: fromPromise<PachislotMachineData, { sessionToken: string }>(async () => {
      throw new Error('loadMachine is provided by the page');
    }),
    lever: fromPromise<PachislotPlayed, LeverRequest>(async () => {
      throw new Error('lever is provided by the page');
    }),
    stop: fromPromise<PachislotPlayed, StopRequest>(async () => {
      throw new Error('stop is provided by the page');
    }),
  },
  delays: {
    reel: ({ context }) => timingsOf(context).reelMs,
    payout: ({ context }) => timingsOf(context).payoutMs,
    reconnect: 2_000,
  },
  guards: {
    affordable: ({ context }) => context.balance >= coinsPerGame,
    nextReel: ({ context, event }) => event.type === 'stop.press' && event.reel === stoppedCount(context.game),
    autoOn: ({ context }) => autoOn(context.auto),
    sending: ({ context }) => context.press !== null,
    levering: ({ context }) => context.gameKey !== null && context.game === null,
  },
  actions: {
    played: assign(({ event }) => {
      const { game, balance } = (event as unknown as { output: PachislotPlayed }).output;
      return {
        game,
        balance,
        press: null,
        gameKey: null,
        notice: game.status === 'rolledBack' ? ('rolledBack' as const) : null,
      };
    }),
    finished: assign(({ context }) => ({
      last: context.game,
      game: null,
      auto: autoAfter(context.auto, context.game),
    })),
    interruptAuto: assign(({ context }) => ({ auto: stoppedAuto(context.auto, 'interrupted') })),
  },
}).createMachine({
  id: 'studioPachislot',
  context: ({ input }) => ({
    sessionToken: input.sessionToken,
    balance: input.balance,
    game: null,
    last: null,
    rtpRange: null,
    gameKey: null,
    press: null,
    turbo: false,
    auto: idleAuto,
    notice: null,
  }),
  on: {
    'turbo.toggle': { actions: assign({ turbo: ({ context }) => !context.turbo }) },
    'auto.stop': { actions: assign(({ context }) => ({ auto: stoppedAuto(context.auto, 'stopped') })) },
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMachine',
        src: 'loadMachine',
        input: ({ context }) => ({ sessionToken: context.sessionToken }),
        onDone: [
          {
            guard: ({ event }) => event.output.game?.status === 'playing',
            target: 'spinning',
            actions: assign(({ event }) => ({
              game: event.output.game,
              last: event.output.last,
              rtpRange: event.output.rtpRange,
            })),
          },
          {
            target: 'idle',
            actions: assign(({ event }) => ({
              last: event.output.last,
              rtpRange: event.output.rtpRange,
              notice: event.output.busy
                ? ('busy' as const)
                : event.output.last?.autoStopped
                  ? ('autoStopped' as const)
                  : null,
            })),
          },
        ],
        onError: 'connectionLost',
      },
    },
    idle: {
      on: {
        // While auto-play runs it pulls the lever itself: the player's lever waits for it to stop.
        'lever.pull': [
          {
            guard: and(['affordable', not('autoOn')]),
            target: 'levering',
            actions: assign(({ event }) => ({ gameKey: event.gameKey, notice: null })),
          },
          { guard: not('autoOn'), actions: assign({ notice: 'insufficient' }) },
        ],
        // Entered again, so the lever's wait starts now: the one of the first entry has passed.
        'auto.start': {
          guard: ({ event }) => validAutoSettings(event.settings),
          target: 'idle',
          reenter: true,
          actions: assign(({ event }) => ({ auto: { ...idleAuto, settings: event.settings } })),
        },
      },
      after: {
        reel: [
          {
            guard: and(['autoOn', 'affordable']),
            target: 'levering',
            actions: assign({ gameKey: () => crypto.randomUUID(), notice: null }),
          },
          // The credit no longer covers a game: auto-play ends and says why.
          { guard: 'autoOn', actions: ['interruptAuto', assign({ notice: 'insufficient' })] },
        ],
      },
    },
    levering: {
      invoke: {
        id: 'lever',
        src: 'lever',
        input: ({ context }) => ({ sessionToken: context.sessionToken, gameKey: context.gameKey ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output.game.status === 'playing', target: 'spinning', actions: 'played' },
          { target: 'idle', actions: ['played', 'finished'] },
        ],
        onError: [
          {
            guard: ({ event }) => codeOf(event.error) === 409,
            target: 'idle',
            actions: [assign({ gameKey: null, notice: 'busy' }), 'interruptAuto'],
          },
          {
            guard: ({ event }) => codeOf(event.error) === 422,
            target: 'idle',
            actions: [assign({ gameKey: null, notice: 'insufficient' }), 'interruptAuto'],
          },
          { target: 'connectionLost' },
        ],
      },
    },
    spinning: {
      on: {
        'stop.press': {
          guard: 'nextReel',
          target: 'stopping',
          actions: assign(({ event }) => ({ press: { reel: event.reel, pressFrame: event.pressFrame } })),
        },
      },
      after: {
        reel: {
          guard: 'autoOn',
          target: 'stopping',
          actions: assign(({ context }) => ({
            press: { reel: stoppedCount(context.game), pressFrame: autoPressFrame },
          })),
        },
      },
    },
    stopping: {
      invoke: {
        id: 'stop',
        src: 'stop',
        input: ({ context }) => ({
          sessionToken: context.sessionToken,
          gameId: context.game?.id ?? '',
          reel: context.press?.reel ?? 0,
          pressFrame: context.press?.pressFrame ?? 0,
        }),
        onDone: [
          { guard: ({ event }) => event.output.game.status === 'playing', target: 'spinning', actions: 'played' },
          { target: 'payout', actions: 'played' },
        ],
        onError: [
          {
            guard: ({ event }) => codeOf(event.error) === 409,
            target: 'loading',
            actions: assign({ press: null, notice: 'reelOrder' }),
          },
          { target: 'connectionLost' },
        ],
      },
    },
    payout: {
      after: { payout: { target: 'idle', actions: 'finished' } },
    },
    connectionLost: {
      on: {
        'connection.retry': [
          { guard: 'levering', target: 'levering' },
          { guard: 'sending', target: 'stopping' },
          { target: 'loading' },
        ],
      },
      after: {
        reconnect: [
          { guard: 'levering', target: 'levering' },
          { guard: 'sending', target: 'stopping' },
          { target: 'loading' },
        ],
      },
    },
  },
});

export type StudioPachislotSnapshot = SnapshotFrom<typeof studioPachislotMachine>;

/** Which stop button may be pressed next (reels stop left to right); null while none. */
export const selectNextReel = (snapshot: Snapshot) =>
  snapshot.value === 'spinning' ? stoppedCount(snapshot.context.game) : null;
export const selectCanLever = (snapshot: Snapshot) => snapshot.value === 'idle' && !autoOn(snapshot.context.auto);

type Snapshot = { value: unknown; context: Context };

export type PachislotStage = 'loading' | 'idle' | 'levering' | 'spinning' | 'stopping' | 'payout' | 'connectionLost';
export const selectPachislotStage = (snapshot: Snapshot) => snapshot.value as PachislotStage;

/** Where each reel stands: its stop once pressed, null while it spins (every reel spins from the lever on). */
export const selectReelStops = (snapshot: Snapshot): (number | null)[] => {
  const { game } = snapshot.context;
  if (game) return [0, 1, 2].map((reel) => game.stops[reel]?.stop ?? null);
  const last = snapshot.context.last;
  return [0, 1, 2].map((reel) => last?.stops[reel]?.stop ?? 0);
};
export const selectReelsTurning = (snapshot: Snapshot) =>
  snapshot.context.game !== null || snapshot.value === 'levering';

const outcomeOf = (game: PachislotGame | null): PachislotOutcome | null =>
  game && v.is(pachislotOutcomeSchema, game.outcome) ? game.outcome : null;

/**
 * The machine's meters: the credit, the bet, the payout of the game on screen, the data counter
 * and the mode with its games left. During a game, its mode is the one told at lever-on.
 */
export const selectMeters = (snapshot: Snapshot) => {
  const { game, last, balance } = snapshot.context;
  const shown = game ?? last;
  const outcome = outcomeOf(shown);
  const settled = outcomeOf(last);
  const counter = outcome?.counter ?? settled?.counter ?? null;
  return {
    credit: balance,
    bet: coinsPerGame,
    payout: shown?.status === 'settled' ? shown.win : 0,
    sinceBonus: counter?.sinceBonus ?? 0,
    big: counter?.big ?? 0,
    reg: counter?.reg ?? 0,
    mode: (game && !outcome ? game.notice.mode : (outcome?.nextMode ?? 'normal')) as ModeId,
    gamesLeft: outcome?.gamesLeft ?? settled?.gamesLeft ?? 0,
    lamp: game?.notice.lamp ?? false,
  };
};
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectTurbo = (snapshot: Snapshot) => snapshot.context.turbo;
/** The games auto-play has still to play; 0 while it is off. */
export const selectAutoLeft = (snapshot: Snapshot) => {
  const { auto } = snapshot.context;
  return autoOn(auto) && auto.settings ? auto.settings.count - auto.played : 0;
};
/** Why auto-play last stopped and how many games it played, while it is off; null once dismissed or never run. */
export const selectAutoStopped = (snapshot: Snapshot) => {
  const { auto } = snapshot.context;
  return auto.stopReason ? { reason: auto.stopReason, played: auto.played } : null;
};
/** The stated RTP range of the title over its 設定, never the machine's own. */
export const selectRtpRange = (snapshot: Snapshot) => snapshot.context.rtpRange;
