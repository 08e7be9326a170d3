import type { MemberMove, transferToMember } from '@contract/agent';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { agentGivenCoins } from '@server/db/schema/agent';
import { ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { actorOfUser } from '@server/shared/audit-rows';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { sql } from 'drizzle-orm';
import { playerAccount, type TransferArguments, transferArguments } from '../ledger/public';
import { agentMoveKinds } from './movements';

type MoveDirection = keyof typeof agentMoveKinds;

/** Both directions share the key space: one key names one move, whichever way it went. */
const ledgerKeyOf = (idempotencyKey: string) => `agentMove:${idempotencyKey}`;

/**
 * An agent moves coins between their own balance and a direct member's: `toMember` hands coins
 * out, `fromMember` takes them back, no more than what the agent gave and the member has not
 * spent (docs/requirements.md §12.11). The move is one statement, agent_member_move (one round
 * trip): it checks that the member is a direct member of the agent and not frozen, and a
 * take-back against what it may take, makes the move by the ledger's transfer function, which
 * writes the transfer, its two entries and its audit row (actor the agent, reason naming the
 * member) and refuses to overdraw either player, reads the balances the move left from its own
 * entries, and writes what is left of the agent's gifts and the member's letter. So the move, its
 * audit row, the count and the letter commit together or not at all.
 *
 * The Idempotency-Key is the ledger's key, scoped to the agent: the same key with the same
 * member, amount, direction and remark answers with the first move (also a twin request in
 * flight, which waits for the first), with anything else 409. The answer's balances are those
 * right after the move, so a retry sees exactly the first answer, also once the member is frozen.
 * No pay password: the coins stay inside the agent's team.
 */
export async function moveCoins(
  deps: PlayerDeps,
  request: PlayerRequest,
  agent: Principal,
  body: ParsedBodyOf<typeof transferToMember>,
  idempotencyKey: string,
  direction: MoveDirection,
): Promise<MemberMove> {
  // A player outside the team gets the same answer as no player at all.
  if (body.memberUserId === agent.userId) throw new ApiError(404, 'agent.memberNotFound');
  const remark = body.remark || null;
  const toMember = direction === 'toMember';
  const agentAccount = playerAccount(agent.userId, coinCurrency);
  const memberAccount = playerAccount(body.memberUserId, coinCurrency);
  const args = transferArguments(deps.clock, {
    from: toMember ? agentAccount : memberAccount,
    to: toMember ? memberAccount : agentAccount,
    amount: BigInt(body.amount),
    currency: coinCurrency,
    idempotencyKey: ledgerKeyOf(idempotencyKey),
    kind: agentMoveKinds[direction],
    metadata: { memberUserId: body.memberUserId, remark },
    actor: actorOfUser(agent.userId),
    reason: `${toMember ? 'agent to member' : 'member to agent'}: agent ${agent.userId}, member ${body.memberUserId}${remark ? `; ${remark}` : ''}`,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
  });
  let query = moveQueries.get(deps.db);
  if (!query) {
    query = prepareMoveQuery(deps.db);
    moveQueries.set(deps.db, query);
  }
  const [moved] = await query.execute({ ...args, agentId: agent.userId, memberUserId: body.memberUserId, toMember });
  if (!moved) throw new Error('agent_member_move returned no row');
  switch (moved.outcome) {
    case 'moved':
    case 'replayed':
      if (
        moved.transferId === null ||
        moved.amount === null ||
        moved.createdAt === null ||
        moved.agentBalance === null ||
        moved.memberBalance === null
      ) {
        throw new Error(`agent move answered ${moved.outcome} without its transfer`);
      }
      return {
        transferSn: String(moved.transferId),
        amount: Number(moved.amount),
        agentBalance: Number(moved.agentBalance),
        memberBalance: Number(moved.memberBalance),
        createdAt: moved.createdAt.toISOString(),
      };
    case 'notMember':
      throw new ApiError(404, 'agent.memberNotFound');
    case 'frozen':
      throw new ApiError(422, 'agent.memberFrozen');
    case 'protected':
      throw new ApiError(422, 'agent.memberProtected');
    case 'conflict':
      throw new ApiError(409, 'ledger.idempotencyConflict');
    case 'overTakeable':
      throw fieldRefusal(request.t, 422, 'amount', 'agent.takeBackOverLimit', { max: Number(moved.takeable ?? 0) });
    case 'insufficient':
      // A take-back is checked against what the member can spend before the ledger sees it.
      if (!toMember) throw new Error('agent take-back passed its check, then the ledger found the member short');
      throw fieldRefusal(request.t, 422, 'amount', 'agent.agentBalanceInsufficient');
  }
  throw new Error(`Unexpected agent move outcome ${moved.outcome}`);
}

/** An output column of agent_member_move; each is read through the mapping of the ledger column it comes from. */
const output = (name: string) => sql`${sql.identifier(name)}`;

/** Prepared once per database, so PostgreSQL parses and plans the busiest agent call once per connection. */
const moveQueries = new WeakMap<PlayerDeps['db'], ReturnType<typeof prepareMoveQuery>>();

function prepareMoveQuery(db: PlayerDeps['db']) {
  const value = (name: keyof TransferArguments | 'agentId' | 'memberUserId' | 'toMember') => sql.placeholder(name);
  return db
    .select({
      outcome: output('outcome').mapWith(String),
      transferId: output('transfer_id').mapWith(ledgerTransfers.id),
      amount: output('moved_amount').mapWith(ledgerTransfers.amount),
      createdAt: output('moved_at').mapWith(ledgerTransfers.createdAt),
      agentBalance: output('agent_balance').mapWith(ledgerEntries.balanceAfter),
      memberBalance: output('member_balance').mapWith(ledgerEntries.balanceAfter),
      takeable: output('takeable').mapWith(agentGivenCoins.unspent),
    })
    .from(
      sql`agent_member_move(
        ${value('agentId')}::integer, ${value('memberUserId')}::integer, ${value('toMember')}::boolean,
        ${value('amount')}::bigint, ${value('currency')}::text, ${value('kind')}::text,
        ${value('actor')}::text, ${value('idempotencyKey')}::text, ${value('paramsHash')}::text,
        ${value('reason')}::text, ${value('metadata')}::jsonb, ${value('at')}::timestamptz,
        ${value('clientAddress')}::text, ${value('requestId')}::text)`,
    )
    .prepare('agent_member_move');
}
