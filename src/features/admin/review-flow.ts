import { adminUserFreeze, adminUserUnfreeze } from '@contract/admin';
import { adminAgentApplicationApprove, adminAgentApplicationReject } from '@contract/agent-desk';
import { adminManualDepositConfirm, adminManualDepositFail } from '@contract/deposit-desk';
import { adminGameMachineSetEnabled, adminGameSetEnabled } from '@contract/hall-desk';
import { adminKycApprove, adminKycReject } from '@contract/kyc-desk';
import { adminWithdrawalApprove, adminWithdrawalReject } from '@contract/withdrawal-desk';
import { type ReviewDecision, reviewMachine } from '@machines/review.machine';
import { fromPromise } from 'xstate';
import { operatorApi } from './operator-api';

/** The refusal is shown in the dialog's failed view, not as a toast as well. */
const inline = { silent: true } as const;

/** What a decision does on the server; each kind sends its own calls. */
export type SendDecision = (decision: ReviewDecision) => Promise<unknown>;

const remarkOf = (decision: { remark: string }) => (decision.remark ? { remark: decision.remark } : {});

export function kycDecision(submissionId: number): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminKycApprove, { submissionId, ...remarkOf(decision) }, inline)
      : operatorApi.call(adminKycReject, { submissionId, reason: decision.reason }, inline);
}

export function withdrawalDecision(orderSn: string): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminWithdrawalApprove, { orderSn, ...remarkOf(decision) }, inline)
      : operatorApi.call(adminWithdrawalReject, { orderSn, reason: decision.reason }, inline);
}

export function manualDepositDecision(orderSn: string): SendDecision {
  return (decision) => {
    if (decision.outcome === 'reject')
      return operatorApi.call(adminManualDepositFail, { orderSn, reason: decision.reason }, inline);
    if (decision.amount === null) throw new Error('a manual deposit is confirmed with the yen received');
    return operatorApi.call(
      adminManualDepositConfirm,
      { orderSn, receivedAmount: decision.amount, ...remarkOf(decision) },
      inline,
    );
  };
}

export function agentApplicationDecision(applicationId: number): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminAgentApplicationApprove, { applicationId, ...remarkOf(decision) }, inline)
      : operatorApi.call(adminAgentApplicationReject, { applicationId, reason: decision.reason }, inline);
}

/** Freezing and unfreezing take the reason path of the review: both are always explained. */
export function accountDecision(userId: number, frozen: boolean): SendDecision {
  return (decision) => {
    if (decision.outcome !== 'reject') throw new Error('an account action is sent with its reason');
    return operatorApi.call(frozen ? adminUserUnfreeze : adminUserFreeze, { userId, reason: decision.reason }, inline);
  };
}

/** Switching a game or a machine on or off takes the reason path too: the audit log keeps why. */
export function gameSwitch(target: { gameId: number } | { machineId: number }, enabled: boolean): SendDecision {
  return (decision) => {
    if (decision.outcome !== 'reject') throw new Error('a switch is sent with its reason');
    const body = { enabled, reason: decision.reason };
    return 'gameId' in target
      ? operatorApi.call(adminGameSetEnabled, { ...body, gameId: target.gameId }, inline)
      : operatorApi.call(adminGameMachineSetEnabled, { ...body, machineId: target.machineId }, inline);
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
