/**
 * springboard: from a machine chosen in the hall into its game (docs/requirements.md §10.10).
 *
 * States, named for what the player waits for:
 * - requestingSeat: the server takes the machine's seat and issues a one-time launch.
 * - launching: the provider's page (its launch URL) is loading in the frame.
 * - playing: the game is open; the bar offers to leave, and so does the studio's page from inside the
 *   frame, which also says when a round settled, with the balance after it (`game.roundSettled`),
 *   so the header follows at once. The reality check runs while it is open:
 *   - readingInterval: the player's interval (realityCheckMinutes) is read with the play summary;
 *     without an answer the default (60 minutes) applies.
 *   - timing: `realityCheck` (the interval) runs.
 *   - fetchingSummary: the play since the play session began is read for the check; without an
 *     answer this check is skipped and the interval runs again.
 *   - checking: the summary is shown over the game and sent to the game's frame when it is ours
 *     (same origin: the studio's page stops auto-play and shows it too); keeping on playing, here or
 *     in the frame, closes both and times the next check; leaving leaves.
 *   - off: the player turned the reality check off.
 * - leaving: the seat is being given back; whatever the answer, the player returns to the hall
 *   (a seat the server did not hear about is freed by its housekeeping).
 * - left: back in the hall.
 * Refusals of the launch, each with its own message and a way back to the hall:
 * - machineTaken (409): another player sits at the machine.
 * - notEnoughCoins (422): the balance is zero; deposit first.
 * - accountFrozen (403): the account may not play: frozen, or the player's time-out or self-exclusion,
 *   whose reason the server's sentence gives.
 * - machineNotFound (404): the machine is gone or disabled.
 * - sessionEnded (401/402): the session is over; the sign-in dialog is asked for, continuing here.
 * - launchFailed: no answer (network, server fault); the player may try again.
 */

import { defaultRealityCheckMinutes, type PlaySummary } from '@contract/protection';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusalCode } from './call-refusals';

export interface Launch {
  url: string;
  gameCode: string;
  /** In the player's language; the code when the hall no longer lists the game. */
  gameName: string;
  machineNumber: number;
}

export interface SpringboardInput {
  machineId: number;
}

export interface SpringboardContext {
  machineId: number;
  launch: Launch | null;
  /** The server's sentence when the launch failed without a refusal of its own, or was refused for the account. */
  failure: string | null;
  /** Minutes of play between reality checks; null: the player turned it off. */
  realityCheckMinutes: number | null;
  /** The play summary the reality check shows while it is shown. */
  realityCheck: PlaySummary | null;
}

/** What the springboard tells the game's frame (only a frame of our own origin). */
export type GameFrameMessage = { type: 'realityCheck'; summary: PlaySummary } | { type: 'realityCheckDone' };

export type SpringboardEvent =
  | { type: 'game.loaded' }
  | { type: 'leave' }
  | { type: 'seat.retry' }
  /** The player keeps playing from the springboard's own reality check. */
  | { type: 'realityCheck.keepPlaying' }
  /** The game's frame says the player keeps playing from its reality check. */
  | { type: 'realityCheck.done' }
  /** The game's frame (ours) says a round settled, and the balance after it. */
  | { type: 'game.roundSettled'; balance: number };

const refusedWith = (error: unknown, ...codes: number[]) => codes.includes(refusalCode(error) ?? -1);

export const springboardMachine = setup({
  types: {
    context: {} as SpringboardContext,
    events: {} as SpringboardEvent,
    input: {} as SpringboardInput,
  },
  actors: {
    launchGame: fromPromise<Launch, { machineId: number }>(async () => {
      throw new Error('launchGame must be provided');
    }),
    releaseSeat: fromPromise<unknown>(async () => {
      throw new Error('releaseSeat must be provided');
    }),
    playSummary: fromPromise<PlaySummary>(async () => {
      throw new Error('playSummary must be provided');
    }),
  },
  delays: {
    realityCheck: ({ context }) => (context.realityCheckMinutes ?? defaultRealityCheckMinutes) * 60_000,
  },
  actions: {
    /** The seats changed: the hall's list must be read again. */
    hallChanged: () => {},
    /** The game moved coins through the wallet, behind the portal's back: balance and records are read again. */
    coinsMayHaveMoved: () => {},
    /** A round settled in the game: the portal shows the balance after it. */
    balanceSettled: (_, _params: { balance: number }) => {},
    /** Opens the sign-in dialog; signing in comes back to this machine. */
    askToSignIn: (_, _params: { machineId: number }) => {},
    /** Back to the hall, on the game that was played when there was one. */
    returnToHall: (_, _params: { gameCode: string | null }) => {},
    /** Posts to the game's frame when it is of our own origin; a third party's frame is told nothing. */
    tellGame: (_, _message: GameFrameMessage) => {},
    closeRealityCheck: assign({ realityCheck: null }),
  },
  guards: {
    machineTaken: ({ event }) => refusedWith((event as { error?: unknown }).error, 409),
    notEnoughCoins: ({ event }) => refusedWith((event as { error?: unknown }).error, 422),
    accountFrozen: ({ event }) => refusedWith((event as { error?: unknown }).error, 403),
    machineNotFound: ({ event }) => refusedWith((event as { error?: unknown }).error, 404),
    sessionEnded: ({ event }) => refusedWith((event as { error?: unknown }).error, 401, 402),
    realityCheckOff: ({ event }) => (event as { output?: PlaySummary }).output?.realityCheckMinutes === null,
  },
}).createMachine({
  id: 'springboard',
  context: ({ input }) => ({
    machineId: input.machineId,
    launch: null,
    failure: null,
    realityCheckMinutes: defaultRealityCheckMinutes,
    realityCheck: null,
  }),
  initial: 'requestingSeat',
  states: {
    requestingSeat: {
      invoke: {
        id: 'launchGame',
        src: 'launchGame',
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: {
          target: 'launching',
          actions: [assign({ launch: ({ event }) => event.output, failure: null }), 'hallChanged'],
        },
        onError: [
          { guard: 'machineTaken', target: 'machineTaken', actions: 'hallChanged' },
          { guard: 'notEnoughCoins', target: 'notEnoughCoins' },
          {
            guard: 'accountFrozen',
            target: 'accountFrozen',
            actions: assign({ failure: ({ event }) => (event.error instanceof Error && event.error.message) || null }),
          },
          { guard: 'machineNotFound', target: 'machineNotFound', actions: 'hallChanged' },
          {
            guard: 'sessionEnded',
            target: 'sessionEnded',
            actions: { type: 'askToSignIn', params: ({ context }) => ({ machineId: context.machineId }) },
          },
          {
            target: 'launchFailed',
            actions: assign({
              failure: ({ event }) => (event.error instanceof Error && event.error.message) || null,
            }),
          },
        ],
      },
    },
    launching: {
      on: { 'game.loaded': { target: 'playing' }, leave: { target: 'leaving' } },
    },
    playing: {
      on: {
        leave: { target: 'leaving' },
        'game.roundSettled': {
          actions: { type: 'balanceSettled', params: ({ event }) => ({ balance: event.balance }) },
        },
      },
      initial: 'readingInterval',
      states: {
        readingInterval: {
          invoke: {
            id: 'playSummary',
            src: 'playSummary',
            onDone: [
              { guard: 'realityCheckOff', target: 'off', actions: assign({ realityCheckMinutes: null }) },
              {
                target: 'timing',
                actions: assign({ realityCheckMinutes: ({ event }) => event.output.realityCheckMinutes }),
              },
            ],
            onError: { target: 'timing' },
          },
        },
        timing: {
          after: { realityCheck: { target: 'fetchingSummary' } },
        },
        fetchingSummary: {
          invoke: {
            id: 'playSummary',
            src: 'playSummary',
            onDone: [
              { guard: 'realityCheckOff', target: 'off', actions: assign({ realityCheckMinutes: null }) },
              {
                target: 'checking',
                actions: [
                  assign({
                    realityCheck: ({ event }) => event.output,
                    realityCheckMinutes: ({ event }) => event.output.realityCheckMinutes,
                  }),
                  {
                    type: 'tellGame',
                    params: ({ event }) => ({ type: 'realityCheck' as const, summary: event.output }),
                  },
                ],
              },
            ],
            onError: { target: 'timing' },
          },
        },
        checking: {
          on: {
            'realityCheck.keepPlaying': {
              target: 'timing',
              actions: ['closeRealityCheck', { type: 'tellGame', params: { type: 'realityCheckDone' as const } }],
            },
            'realityCheck.done': { target: 'timing', actions: 'closeRealityCheck' },
          },
        },
        off: {},
      },
    },
    leaving: {
      invoke: {
        id: 'releaseSeat',
        src: 'releaseSeat',
        onDone: { target: 'left' },
        onError: { target: 'left' },
      },
    },
    left: {
      type: 'final',
      entry: [
        'hallChanged',
        'coinsMayHaveMoved',
        { type: 'returnToHall', params: ({ context }) => ({ gameCode: context.launch?.gameCode ?? null }) },
      ],
    },
    machineTaken: {},
    notEnoughCoins: {},
    accountFrozen: {},
    machineNotFound: {},
    sessionEnded: {},
    launchFailed: {
      on: { 'seat.retry': { target: 'requestingSeat' } },
    },
  },
});

export type SpringboardSnapshot = SnapshotFrom<typeof springboardMachine>;

export type SpringboardStage =
  | 'requestingSeat'
  | 'launching'
  | 'playing'
  | 'leaving'
  | 'left'
  | 'machineTaken'
  | 'notEnoughCoins'
  | 'accountFrozen'
  | 'machineNotFound'
  | 'sessionEnded'
  | 'launchFailed';

/** The view to show: the top state (the reality check's states are all `playing`). */
export const selectSpringboardStage = (snapshot: SpringboardSnapshot): SpringboardStage =>
  (typeof snapshot.value === 'string' ? snapshot.value : 'playing') as SpringboardStage;
/** The reality check's summary while it is shown. */
export const selectRealityCheck = (snapshot: SpringboardSnapshot) =>
  snapshot.matches({ playing: 'checking' }) ? snapshot.context.realityCheck : null;
export const selectLaunch = (snapshot: SpringboardSnapshot) => snapshot.context.launch;
export const selectLaunchFailure = (snapshot: SpringboardSnapshot) => snapshot.context.failure;
