import { aliasAccountQuery, aliasAccountReset } from '@contract/user';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { readAlias, resetAlias } from './aliases';

export function appAccessRoutes(player: PlayerDeps) {
  return [
    route(aliasAccountQuery, ({ principal }) => readAlias(player, principal)),
    route(aliasAccountReset, (context) => resetAlias(player, playerRequestOf(context), context.principal)),
  ];
}
