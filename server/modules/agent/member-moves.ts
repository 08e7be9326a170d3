import { and, eq, sql } from 'drizzle-orm';
import type { MemberMove, transferToMember } from '../../../contract/agent';
import type { ParsedBodyOf } from '../../../contract/endpoint';
import type { Principal } from '../../contract-router';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { ApiError } from '../../errors';
import { actorOfUser } from '../auth/audit';
import { fieldRefusal } from '../auth/refusals';
import { playerAccount, transfer, type Transfer } from '../ledger/service';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '../user/context';
import { directMember } from './members';
import { agentMoveKinds } from './movements';

type MoveDirection = keyof typeof agentMoveKinds;

/** Both directions share the key space: one key names one move, whichever way it went. */
const ledgerKeyOf = (idempotencyKey: string) => `agentMove:${idempotencyKey}`;

/**
 * An agent moves coins between their own balance and a direct member's: `toMember` hands coins
 * out, `fromMember` takes them back. The move is one call of the ledger's transfer function, which
 * writes the transfer, its two entries and its audit row (actor the agent, reason naming the
 * member) as one statement, and refuses to overdraw either player; nothing else is written, so
 * the move and its audit row commit together or not at all.
 *
 * The Idempotency-Key is the ledger's key, scoped to the agent: the same key with the same
 * member, amount, direction and remark answers with the first move (also a twin request in
 * flight, which waits for the first), with anything else 409. The answer's balances are those
 * right after the move, read from its own entries, so a retry sees exactly the first answer.
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
  const member = await directMember(deps, agent, body.memberUserId);
  const kind = agentMoveKinds[direction];
  const remark = body.remark || null;
  const metadata = { memberUserId: member.id, remark };
  const actor = actorOfUser(agent.userId);
  if (member.frozen) {
    // A frozen account's money stays put; a retry of a move made before the freeze still gets its answer.
    const earlier = await earlierMove(deps, actor, idempotencyKey);
    if (!earlier) throw new ApiError(422, 'agent.memberFrozen');
    const same =
      earlier.kind === kind &&
      earlier.amount === BigInt(body.amount) &&
      earlier.metadata.memberUserId === member.id &&
      (earlier.metadata.remark ?? null) === remark;
    if (!same) throw new ApiError(409, 'ledger.idempotencyConflict');
    return moveAnswer(deps, earlier, direction);
  }
  const agentAccount = playerAccount(agent.userId, coinCurrency);
  const memberAccount = playerAccount(member.id, coinCurrency);
  const toMember = direction === 'toMember';
  let moved;
  try {
    moved = await transfer(deps.db, deps.clock, {
      from: toMember ? agentAccount : memberAccount,
      to: toMember ? memberAccount : agentAccount,
      amount: BigInt(body.amount),
      currency: coinCurrency,
      idempotencyKey: ledgerKeyOf(idempotencyKey),
      kind,
      metadata,
      actor,
      reason: `${toMember ? 'agent to member' : 'member to agent'}: agent ${agent.userId}, member ${member.id}${remark ? `; ${remark}` : ''}`,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
    });
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'ledger.insufficientBalance') {
      throw fieldRefusal(request.t, 422, 'amount', toMember ? 'agent.agentBalanceInsufficient' : 'agent.memberBalanceInsufficient');
    }
    throw error;
  }
  return moveAnswer(deps, moved.transfer, direction);
}

async function earlierMove(deps: PlayerDeps, actor: string, idempotencyKey: string): Promise<Transfer | null> {
  const [row] = await deps.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.actor, actor), eq(ledgerTransfers.idempotencyKey, ledgerKeyOf(idempotencyKey))));
  if (!row) return null;
  const { paramsHash: _hash, ...earlier } = row;
  return earlier;
}

/** Prepared once per database: every move reads its two entries for the answer. */
const entryQueries = new WeakMap<PlayerDeps['db'], ReturnType<typeof prepareEntryQuery>>();

function prepareEntryQuery(db: PlayerDeps['db']) {
  return db
    .select({ accountId: ledgerEntries.accountId, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, sql.placeholder('transferId')))
    .prepare('agent_move_entries');
}

async function moveAnswer(deps: PlayerDeps, moved: Transfer, direction: MoveDirection): Promise<MemberMove> {
  let query = entryQueries.get(deps.db);
  if (!query) {
    query = prepareEntryQuery(deps.db);
    entryQueries.set(deps.db, query);
  }
  const legs = await query.execute({ transferId: moved.id });
  const agentAccountId = direction === 'toMember' ? moved.fromAccountId : moved.toAccountId;
  const agentLeg = legs.find((leg) => leg.accountId === agentAccountId);
  const memberLeg = legs.find((leg) => leg.accountId !== agentAccountId);
  if (!agentLeg || !memberLeg) throw new Error(`agent move ${moved.id} does not have its two entries`);
  return {
    transferSn: String(moved.id),
    amount: Number(moved.amount),
    agentBalance: Number(agentLeg.balanceAfter),
    memberBalance: Number(memberLeg.balanceAfter),
    createdAt: moved.createdAt.toISOString(),
  };
}
