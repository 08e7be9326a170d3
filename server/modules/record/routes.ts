import { balanceMovementQuery, gameRecordCount, gameRecordQuery } from '@contract/record';
import { route } from '@server/contract-router';
import type { PlayerDeps } from '@server/shared/player-deps';
import { balanceMovementsOf, gameRecordsOf, gameRecordTotalsOf } from './service';

export function recordRoutes(deps: PlayerDeps) {
  return [
    route(gameRecordQuery, ({ principal, body, locale }) => gameRecordsOf(deps, principal, body, locale)),
    route(gameRecordCount, ({ principal, body, locale }) => gameRecordTotalsOf(deps, principal, body, locale)),
    route(balanceMovementQuery, ({ principal, body, locale }) => balanceMovementsOf(deps, principal, body, locale)),
  ];
}
