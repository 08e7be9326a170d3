/** The player's own protection calls: read it, set limits and the reality check, take a break, exclude, reopen. */

import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type {
  playSummaryQuery,
  protectionStateQuery,
  requestReopen,
  setProtectionLimit,
  setRealityCheck,
  startSelfExclusion,
  startTimeOut,
} from '@contract/protection';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { actorOfUser } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { askToReopen, blockEnd, type ChangeOrigin, changeLimit, changeRealityCheck, startBlock } from './changes';
import { playSummaryOf, protectionStateOf } from './state';

type State = DataOf<typeof protectionStateQuery>;

export function protectionOf(deps: PlayerDeps, principal: Principal): Promise<State> {
  return protectionStateOf(deps.db, principal.userId, deps.clock.now(), deps.settings.coinsPerYen);
}

export function playSummary(deps: PlayerDeps, principal: Principal): Promise<DataOf<typeof playSummaryQuery>> {
  return playSummaryOf(deps.db, principal.userId, deps.clock.now());
}

/** Runs a change of the player's own in one transaction and answers the state after it. */
async function byThePlayer(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  change: (tx: Database, origin: ChangeOrigin) => Promise<unknown>,
): Promise<State> {
  const origin: ChangeOrigin = {
    actor: actorOfUser(principal.userId),
    source: 'player',
    clientAddress: request.clientAddress,
    requestId: request.requestId,
  };
  await deps.db.transaction((tx) => change(tx, origin));
  return protectionOf(deps, principal);
}

export function setLimit(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof setProtectionLimit>,
): Promise<State> {
  return byThePlayer(deps, request, principal, (tx, origin) => changeLimit(tx, deps, origin, principal.userId, body));
}

export function setRealityCheckOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof setRealityCheck>,
): Promise<State> {
  return byThePlayer(deps, request, principal, (tx, origin) =>
    changeRealityCheck(tx, deps, origin, principal.userId, body.minutes),
  );
}

export function takeTimeOut(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof startTimeOut>,
): Promise<State> {
  const endsAt = blockEnd({ kind: 'timeOut', duration: body.duration }, deps.clock.now());
  return byThePlayer(deps, request, principal, (tx, origin) =>
    startBlock(tx, deps, origin, principal.userId, { kind: 'timeOut', endsAt }),
  );
}

export function excludeSelf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof startSelfExclusion>,
): Promise<State> {
  const endsAt = blockEnd({ kind: 'selfExclusion', duration: body.duration }, deps.clock.now());
  return byThePlayer(deps, request, principal, (tx, origin) =>
    startBlock(tx, deps, origin, principal.userId, { kind: 'selfExclusion', endsAt }),
  );
}

export function reopen(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  _body: ParsedBodyOf<typeof requestReopen>,
): Promise<State> {
  return byThePlayer(deps, request, principal, (tx, origin) => askToReopen(tx, deps, origin, principal.userId));
}
