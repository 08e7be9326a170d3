import { firstStepsQuery, updateIdNumber, updateProfile } from '@contract/user';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { firstStepsOf } from './first-steps';
import { changeIdNumber, changeProfile } from './service';

export function userRoutes(deps: PlayerDeps) {
  return [
    route(updateProfile, (context) => changeProfile(deps, playerRequestOf(context), context.principal, context.body)),
    route(updateIdNumber, (context) => changeIdNumber(deps, playerRequestOf(context), context.principal, context.body)),
    route(firstStepsQuery, (context) => firstStepsOf(deps, context.principal)),
  ];
}
