/**
 * review: one operator decision on one queued item (a KYC submission, a withdrawal, a manual
 * deposit, an agent application) or on one account (freeze, unfreeze). Approving asks for confirmation, with an optional
 * remark for the audit log; rejecting needs a reason, which the player sees. Account actions take
 * the reason path too: a freeze or its lifting is always explained.
 *
 * States:
 * - idle: nothing chosen yet.
 * - confirmingApproval / writingRejection: the operator confirms, or writes the reason; the view's
 *   form checks it against the contract (a blank reason, an amount that is not a whole number of at
 *   least 1, are refused on the spot) and sends it; cancel goes back to idle. An approval that
 *   states an amount (a manual deposit: the yen actually received, read off the bank statement)
 *   starts blank, so nobody confirms a figure they did not type.
 * - submitting: the decision is sent. A refusal (409 already reviewed, 403 own request, no answer)
 *   lands in failed with the message; the server claims the item by its status, so sending the
 *   same decision twice cannot review it twice.
 * - failed: retry sends the same decision again; cancel goes back to idle.
 * - done: the decision is recorded; `reviewed` tells the queue to refetch. Final.
 */
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type ReviewDecision =
  | { outcome: 'approve'; remark: string; amount: number | null }
  | { outcome: 'reject'; reason: string };

export interface ReviewInput {
  /** The approval states an amount. */
  asksAmount?: boolean;
}

export interface ReviewContext {
  asksAmount: boolean;
  decision: ReviewDecision | null;
  error: string | null;
}

export type ReviewEvent =
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'approval.submit'; remark: string; amount: number | null }
  | { type: 'rejection.submit'; reason: string }
  | { type: 'cancel' }
  | { type: 'retry' };

export const reviewMachine = setup({
  types: { context: {} as ReviewContext, events: {} as ReviewEvent, input: {} as ReviewInput | undefined },
  actors: {
    sendDecision: fromPromise<void, ReviewDecision>(async () => {
      throw new Error('sendDecision must be provided');
    }),
  },
  actions: {
    reviewed: () => {},
  },
  guards: {
    // The form asked for the amount an approval states; one without it is not this approval.
    amountFits: ({ context, event }) =>
      event.type === 'approval.submit' && (!context.asksAmount || (event.amount !== null && event.amount >= 1)),
    reasonGiven: ({ event }) => event.type === 'rejection.submit' && event.reason.trim() !== '',
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ asksAmount: input?.asksAmount ?? false, decision: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ decision: null, error: null }),
      on: { approve: 'confirmingApproval', reject: 'writingRejection' },
    },
    confirmingApproval: {
      on: {
        'approval.submit': {
          guard: 'amountFits',
          target: 'submitting',
          actions: assign({
            decision: ({ context, event }) => ({
              outcome: 'approve',
              remark: event.remark.trim(),
              amount: context.asksAmount ? event.amount : null,
            }),
          }),
        },
        cancel: 'idle',
      },
    },
    writingRejection: {
      on: {
        'rejection.submit': {
          guard: 'reasonGiven',
          target: 'submitting',
          actions: assign({ decision: ({ event }) => ({ outcome: 'reject', reason: event.reason.trim() }) }),
        },
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
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
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
export type ReviewStage = 'idle' | 'confirmingApproval' | 'writingRejection' | 'submitting' | 'failed' | 'done';

export const selectReviewStage = (snapshot: ReviewSnapshot): ReviewStage => snapshot.value as ReviewStage;
