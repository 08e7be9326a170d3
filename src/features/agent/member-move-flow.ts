import { decreaseMemberBalance, transferToMember } from '@contract/agent';
import { type MemberMoveInput, memberMoveMachine } from '@machines/member-move.machine';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';

/**
 * The transfer or decrease of one member's coins with the real call: its Idempotency-Key is kept by
 * the machine, and the dialog shows a refusal itself (no toast).
 */
export function memberMoveLogic(deps: { direction: MemberMoveInput['direction']; onBalancesChanged(): void }) {
  const endpoint = deps.direction === 'transfer' ? transferToMember : decreaseMemberBalance;
  return memberMoveMachine.provide({
    actors: {
      moveCoins: fromPromise(({ input: { body, idempotencyKey } }) =>
        api.call(endpoint, body, { idempotencyKey, silent: true }),
      ),
    },
    actions: { balancesChanged: () => deps.onBalancesChanged() },
  });
}
