import { balanceMovementQuery, gameRecordCount, gameRecordQuery } from '@contract/record';
import { route } from '@server/contract-router';
import type { PlayerDeps } from '@server/shared/player-deps';
import { balanceMovementsOf, gameRecordsOf, gameRecordTotalsOf } from './service';

export function recordRoutes(deps: PlayerDeps) {
  return [
    route(gameRecordQuery, ({ principal, body }) => gameRecordsOf(deps, principal, body)),
    route(gameRecordCount, ({ principal, body }) => gameRecordTotalsOf(deps, principal, body)),
    route(balanceMovementQuery, ({ principal, body }) => balanceMovementsOf(deps, principal, body)),
  ];
}
