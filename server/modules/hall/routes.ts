import { gameHall, gameLaunch, gameSeatRelease } from '@contract/hall';
import { route } from '@server/contract-router';
import type { GameDeps } from './game-deps';
import { hallOf, launchGame, releaseSeat } from './hall';

export function gameRoutes(deps: GameDeps) {
  return [
    route(gameHall, ({ principal, locale }) => hallOf(deps, principal, locale)),
    route(gameLaunch, ({ principal, body, locale }) => launchGame(deps, principal, body, locale)),
    route(gameSeatRelease, ({ principal }) => releaseSeat(deps, principal)),
  ];
}
