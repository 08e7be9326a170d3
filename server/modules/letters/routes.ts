import { stationLetterQuery, stationLetterRead, stationLetterReadAll } from '@contract/letters';
import { adminStationLetterList, adminStationLetterSend } from '@contract/letters-desk';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { deskLetters, sendDeskLetter } from './desk-letters';
import { markAllLettersRead, markLetterRead, stationLetterPage } from './letters';

export function stationRoutes(deps: PlayerDeps) {
  return [
    route(stationLetterQuery, (context) =>
      stationLetterPage(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(stationLetterRead, ({ principal, body }) => markLetterRead(deps, principal, body.letterId)),
    route(stationLetterReadAll, ({ principal }) => markAllLettersRead(deps, principal)),
    route(adminStationLetterSend, (context) =>
      sendDeskLetter(
        deps,
        playerRequestOf(context),
        context.principal,
        // The router refuses a call to an idempotent entry without a key.
        context.idempotencyKey as string,
        context.body,
      ),
    ),
    route(adminStationLetterList, (context) => deskLetters(deps, playerRequestOf(context), context.body)),
  ];
}
