import { adminUserFreeze, adminUserUnfreeze } from '@contract/admin';
import { type ReviewDecision, reviewMachine } from '@machines/review.machine';
import { fromPromise } from 'xstate';
import { operatorApi } from './operator-api';

/** The refusal is shown in the dialog's failed view, not as a toast as well. */
export const inlineRefusal = { silent: true } as const;

/** What a decision does on the server; each kind sends its own calls. */
export type SendDecision = (decision: ReviewDecision) => Promise<unknown>;

/** An approval's remark, when the operator wrote one. */
export const remarkOf = (decision: { remark: string }) => (decision.remark ? { remark: decision.remark } : {});

/** Freezing and unfreezing take the reason path of the review: both are always explained. */
export function accountDecision(userId: number, frozen: boolean): SendDecision {
  return (decision) => {
    if (decision.outcome !== 'reject') throw new Error('an account action is sent with its reason');
    return operatorApi.call(
      frozen ? adminUserUnfreeze : adminUserFreeze,
      { userId, reason: decision.reason },
      inlineRefusal,
    );
  };
}

/** One decision's flow with its real call; `reviewed` runs once the server has recorded it. */
export function reviewLogic(deps: { send: SendDecision; reviewed(decision: ReviewDecision): void }) {
  return reviewMachine.provide({
    actors: {
      sendDecision: fromPromise(async ({ input }) => {
        await deps.send(input);
      }),
    },
    actions: {
      reviewed: ({ context }) => {
        if (context.decision) deps.reviewed(context.decision);
      },
    },
  });
}
