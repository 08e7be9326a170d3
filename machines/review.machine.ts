/**
 * review: one operator decision on one queued item (a KYC submission, a withdrawal, a manual
 * deposit). Approving asks for confirmation; rejecting needs a reason, which the player sees.
 *
 * States:
 * - idle: nothing chosen yet.
 * - confirmingApproval / writingRejection: the operator confirms, or writes the reason (a blank
 *   reason is refused on the spot); cancel goes back to idle.
 * - submitting: the decision is sent. A refusal (409 already reviewed, 403 own request, no answer)
 *   lands in failed with the message; the server claims the item by its status, so sending the
 *   same decision twice cannot review it twice.
 * - failed: retry sends the same decision again; cancel goes back to idle.
 * - done: the decision is recorded; `reviewed` tells the queue to refetch. Final.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type ReviewDecision = { outcome: 'approve' } | { outcome: 'reject'; reason: string };

export interface ReviewContext {
  reason: string;
  reasonMissing: boolean;
  decision: ReviewDecision | null;
  error: string | null;
}

export type ReviewEvent =
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'reason.changed'; value: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'retry' };

export const reviewMachine = setup({
  types: { context: {} as ReviewContext, events: {} as ReviewEvent },
  actors: {
    sendDecision: fromPromise<void, ReviewDecision>(async () => {
      throw new Error('sendDecision must be provided');
    }),
  },
  actions: {
    reviewed: () => {},
  },
  guards: {
    reasonGiven: ({ context }) => context.reason.trim() !== '',
  },
}).createMachine({
  id: 'review',
  context: { reason: '', reasonMissing: false, decision: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ reason: '', reasonMissing: false, decision: null, error: null }),
      on: { approve: 'confirmingApproval', reject: 'writingRejection' },
    },
    confirmingApproval: {
      on: {
        confirm: { target: 'submitting', actions: assign({ decision: { outcome: 'approve' } }) },
        cancel: 'idle',
      },
    },
    writingRejection: {
      on: {
        'reason.changed': { actions: assign({ reason: ({ event }) => event.value, reasonMissing: false }) },
        confirm: [
          { guard: 'reasonGiven', target: 'submitting', actions: assign({ decision: ({ context }) => ({ outcome: 'reject', reason: context.reason.trim() }) }) },
          { actions: assign({ reasonMissing: true }) },
        ],
        cancel: 'idle',
      },
    },
    submitting: {
      invoke: {
        id: 'sendDecision',
        src: 'sendDecision',
        input: ({ context }) => context.decision as ReviewDecision,
        onDone: { target: 'done', actions: 'reviewed' },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    failed: {
      on: { retry: 'submitting', cancel: 'idle' },
    },
    done: { type: 'final' },
  },
});

export type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;
