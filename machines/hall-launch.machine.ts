/**
 * springboard: from a machine chosen in the hall into its game (docs/requirements.md §10.10).
 *
 * States, named for what the player waits for:
 * - requestingSeat: the server takes the machine's seat and issues a one-time launch.
 * - launching: the provider's page (its launch URL) is loading in the frame.
 * - playing: the game is open; the bar offers to leave.
 * - leaving: the seat is being given back; whatever the answer, the player returns to the hall
 *   (a seat the server did not hear about is freed by its housekeeping).
 * - left: back in the hall.
 * Refusals of the launch, each with its own message and a way back to the hall:
 * - machineTaken (409): another player sits at the machine.
 * - notEnoughCoins (422): the balance is zero; deposit first.
 * - accountFrozen (403): the account may not play.
 * - machineNotFound (404): the machine is gone or disabled.
 * - sessionEnded (401/402): the session is over; the sign-in dialog is asked for, continuing here.
 * - launchFailed: no answer (network, server fault); the player may try again.
 */

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
  /** The server's sentence when the launch failed without a refusal of its own. */
  failure: string | null;
}

export type SpringboardEvent = { type: 'game.loaded' } | { type: 'leave' } | { type: 'seat.retry' };

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
  },
  actions: {
    /** The seats changed: the hall's list must be read again. */
    hallChanged: () => {},
    /** The game moved coins through the wallet, behind the portal's back: balance and records are read again. */
    coinsMayHaveMoved: () => {},
    /** Opens the sign-in dialog; signing in comes back to this machine. */
    askToSignIn: (_, _params: { machineId: number }) => {},
    /** Back to the hall, on the game that was played when there was one. */
    returnToHall: (_, _params: { gameCode: string | null }) => {},
  },
  guards: {
    machineTaken: ({ event }) => refusedWith((event as { error?: unknown }).error, 409),
    notEnoughCoins: ({ event }) => refusedWith((event as { error?: unknown }).error, 422),
    accountFrozen: ({ event }) => refusedWith((event as { error?: unknown }).error, 403),
    machineNotFound: ({ event }) => refusedWith((event as { error?: unknown }).error, 404),
    sessionEnded: ({ event }) => refusedWith((event as { error?: unknown }).error, 401, 402),
  },
}).createMachine({
  id: 'springboard',
  context: ({ input }) => ({ machineId: input.machineId, launch: null, failure: null }),
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
          { guard: 'accountFrozen', target: 'accountFrozen' },
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
      on: { leave: { target: 'leaving' } },
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

/** The view to show: the state itself, as the machine has no nested states. */
export const selectSpringboardStage = (snapshot: SpringboardSnapshot) => snapshot.value;
export const selectLaunch = (snapshot: SpringboardSnapshot) => snapshot.context.launch;
export const selectLaunchFailure = (snapshot: SpringboardSnapshot) => snapshot.context.failure;
