import type { Endpoint } from '@contract/endpoint';
import { updateIdNumber, updateProfile } from '@contract/user';
import { type RequestContext, route } from '@server/contract-router';
import type { PlayerDeps, PlayerRequest } from './context';
import { changeIdNumber, changeProfile } from './service';

export function playerRequestOf<E extends Endpoint>(context: RequestContext<E>): PlayerRequest {
  return { t: context.t, locale: context.locale, clientAddress: context.clientAddress, requestId: context.requestId };
}

export function userRoutes(deps: PlayerDeps) {
  return [
    route(updateProfile, (context) => changeProfile(deps, playerRequestOf(context), context.principal, context.body)),
    route(updateIdNumber, (context) => changeIdNumber(deps, playerRequestOf(context), context.principal, context.body)),
  ];
}
