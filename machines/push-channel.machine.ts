/**
 * pushChannel: the tab's one stream of the player's changes (balance, letters, crypto deposits),
 * open for as long as the player is signed in, and opened again by itself when it drops
 * (docs/architecture.md §14). The stream actor applies what it hears to the page's data itself;
 * this machine only keeps it open.
 *
 * States:
 * - streaming: the stream is asked for and read.
 *   - connecting: waiting for the server's `ready`.
 *   - open: the server listens for the player's changes; the page fetched what it may have missed.
 * - waitingToReconnect: the stream dropped (network, server restart, a process stopping); after
 *   `reconnect`, longer after each failure in a row (up to 15 s), it is asked for again.
 * - refused: the server refused the session (signed out elsewhere, frozen): nothing more is asked
 *   until the player signs in again, which starts a new channel.
 */
import { assign, fromCallback, type SnapshotFrom, setup } from 'xstate';

export type PushChannelEvent = { type: 'stream.opened' } | { type: 'stream.closed' } | { type: 'stream.refused' };

interface PushChannelContext {
  /** Streams that dropped or failed to open since the last one opened. */
  failures: number;
}

const firstReconnectMs = 1_000;
const maxReconnectMs = 15_000;

export const pushChannelMachine = setup({
  types: {
    context: {} as PushChannelContext,
    events: {} as PushChannelEvent,
  },
  actors: {
    stream: fromCallback<PushChannelEvent>(() => {
      throw new Error('stream must be provided');
    }),
  },
  delays: {
    reconnect: ({ context }) => Math.min(maxReconnectMs, firstReconnectMs * 2 ** Math.max(0, context.failures - 1)),
  },
}).createMachine({
  id: 'pushChannel',
  context: { failures: 0 },
  initial: 'streaming',
  states: {
    streaming: {
      invoke: { id: 'stream', src: 'stream' },
      on: {
        'stream.closed': {
          target: 'waitingToReconnect',
          actions: assign({ failures: ({ context }) => context.failures + 1 }),
        },
        'stream.refused': { target: 'refused' },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'stream.opened': { target: 'open', actions: assign({ failures: 0 }) } },
        },
        open: {},
      },
    },
    waitingToReconnect: {
      after: { reconnect: { target: 'streaming' } },
    },
    refused: {},
  },
});

export type PushChannelSnapshot = SnapshotFrom<typeof pushChannelMachine>;

/** The stream is open: what the page shows follows the server. */
export const selectPushOpen = (snapshot: PushChannelSnapshot) => snapshot.matches({ streaming: 'open' });
