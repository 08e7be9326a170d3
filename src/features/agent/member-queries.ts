import { createTeamMember, decreaseMemberBalance, teamMemberPage, transferToMember } from '@contract/agent';
import type { MemberMoveDirection, MemberMoveRequest } from '@machines/member-move.machine';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Keys under ['agent', 'members'] are the agent's member list: a new member or a move makes them stale. */
export const teamMembersKey = ['agent', 'members'] as const;

export interface TeamMembersQuery {
  account: string;
  pageNum: number;
  pageSize: number;
}

/** One page of the agent's direct members, newest first, optionally those whose account contains the text. */
export const teamMembersQueryOptions = (query: TeamMembersQuery) =>
  queryOptions({
    queryKey: [...teamMembersKey, query],
    queryFn: () =>
      api.call(teamMemberPage, {
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        ...(query.account ? { account: query.account } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** Opens a subordinate account; a refusal shows as a toast and, when it names a field, on that field. */
export const createSubordinate = (input: { account: string; password: string }) => api.call(createTeamMember, input);

/** A move of coins with a member, its Idempotency-Key kept by the machine; the dialog shows a refusal itself. */
export function moveMemberCoins(direction: MemberMoveDirection, { body, idempotencyKey }: MemberMoveRequest) {
  return api.call(direction === 'transfer' ? transferToMember : decreaseMemberBalance, body, {
    idempotencyKey,
    silent: true,
  });
}
