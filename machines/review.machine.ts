/**
 * review: one operator decision on one queued item (a KYC submission, a withdrawal, a manual
 * deposit, an agent application) or on one account (freeze, unfreeze). Approving asks for confirmation, with an optional
 * remark for the audit log; rejecting needs a reason, which the player sees. Account actions take
 * the reason path too: a freeze or its lifting is always explained.
 *
 * States:
 * - idle: nothing chosen yet.
 * - confirmingApproval / writingRejection: the operator confirms, or writes the reason (a blank
 *   reason is refused on the spot); cancel goes back to idle. An approval that states an amount
 *   (a manual deposit: the yen actually received, read off the bank statement) starts blank, so
 *   nobody confirms a figure they did not type, and refuses one that is not a whole number of at
 *   least 1.
 * - submitting: the decision is sent. A refusal (409 already reviewed, 403 own request, no answer)
 *   lands in failed with the message; the server claims the item by its status, so sending the
 *   same decision twice cannot review it twice.
 * - failed: retry sends the same decision again; cancel goes back to idle.
 * - done: the decision is recorded; `reviewed` tells the queue to refetch. Final.
 */
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { parseWholeAmount } from './player-form-fields';

export type ReviewDecision =
  | { outcome: 'approve'; remark: string; amount: number | null }
  | { outcome: 'reject'; reason: string };

export interface ReviewInput {
  /** The approval states an amount. */
  asksAmount?: boolean;
}

export interface ReviewContext {
  asksAmount: boolean;
  remark: string;
  /** The amount as typed; null when the approval states none. */
  amountText: string | null;
  amountInvalid: boolean;
  reason: string;
  reasonMissing: boolean;
  decision: ReviewDecision | null;
  error: string | null;
}

export type ReviewEvent =
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'remark.changed'; value: string }
  | { type: 'amount.changed'; value: string }
  | { type: 'reason.changed'; value: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'retry' };

function typedAmount(context: ReviewContext): number | null {
  if (context.amountText === null) return null;
  const amount = parseWholeAmount(context.amountText);
  return amount !== null && amount >= 1 ? amount : null;
}

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
    reasonGiven: ({ context }) => context.reason.trim() !== '',
    amountAcceptable: ({ context }) => context.amountText === null || typedAmount(context) !== null,
    statesAmount: ({ context }) => context.amountText !== null,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    asksAmount: input?.asksAmount ?? false,
    remark: '',
    amountText: null,
    amountInvalid: false,
    reason: '',
    reasonMissing: false,
    decision: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign(({ context }) => ({
        remark: '',
        amountText: context.asksAmount ? '' : null,
        amountInvalid: false,
        reason: '',
        reasonMissing: false,
        decision: null,
        error: null,
      })),
      on: { approve: 'confirmingApproval', reject: 'writingRejection' },
    },
    confirmingApproval: {
      on: {
        'remark.changed': { actions: assign({ remark: ({ event }) => event.value }) },
        'amount.changed': {
          guard: 'statesAmount',
          actions: assign({ amountText: ({ event }) => event.value, amountInvalid: false }),
        },
        confirm: [
          {
            guard: 'amountAcceptable',
            target: 'submitting',
            actions: assign({
              decision: ({ context }) => ({
                outcome: 'approve',
                remark: context.remark.trim(),
                amount: typedAmount(context),
              }),
            }),
          },
          { actions: assign({ amountInvalid: true }) },
        ],
        cancel: 'idle',
      },
    },
    writingRejection: {
      on: {
        'reason.changed': { actions: assign({ reason: ({ event }) => event.value, reasonMissing: false }) },
        confirm: [
          {
            guard: 'reasonGiven',
            target: 'submitting',
            actions: assign({ decision: ({ context }) => ({ outcome: 'reject', reason: context.reason.trim() }) }),
          },
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
