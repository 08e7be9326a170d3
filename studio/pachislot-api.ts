/** The pachislot calls (contract/studio-pachislot.ts) on the studio's app. */
import { protectionRefusals } from '@contract/protection';
import type { StudioCall } from '@contract/studio';
import { pachislotLever, pachislotMachine, pachislotStop } from '@contract/studio-pachislot';
import type { PachislotTitle } from '@games/engine/pachislot';
import type * as v from 'valibot';
import type { RefusalReason } from './db/schema';
import { gameView, leverGame, machineView, pressStop } from './pachislot-games';
import { pachislotTitleOf } from './pachislot-title';
import type { PachislotGameRow } from './pachislot-wallet';
import { currentBalance, type SessionRow } from './sessions';
import { type Studio, StudioError } from './studio-deps';

type Handle = <B extends v.GenericSchema, D extends v.GenericSchema>(
  call: StudioCall<B, D>,
  handler: (body: v.InferOutput<B>, session: () => Promise<SessionRow>) => Promise<v.InferOutput<D>>,
) => void;

function refusalError(reason: RefusalReason, game: PachislotGameRow): StudioError {
  if (reason === 'notEnoughCoins') return new StudioError(422, 'notEnoughCoins', { balance: game.balance });
  if (reason === 'sessionEnded') return new StudioError(402, 'sessionEnded');
  if ((protectionRefusals as readonly string[]).includes(reason))
    return new StudioError(403, `protection.${reason}`, { reason });
  return new StudioError(403, 'userDisabled');
}

/** A game as the page may be answered it: a refused lever is its refusal, a bet still unanswered 503. */
function shown(game: PachislotGameRow): PachislotGameRow {
  if (game.status === 'refused') throw refusalError(game.refusal ?? 'sessionEnded', game);
  if (game.status === 'betting' || game.status === 'rollingBack') throw new StudioError(503, 'roundPending');
  return game;
}

function titleOf(session: SessionRow, titles: (code: string) => PachislotTitle | undefined): PachislotTitle {
  const title = titles(session.gameCode);
  if (!title) throw new StudioError(422, 'gameUnavailable');
  return title;
}

export function mountPachislot(
  studio: Studio,
  handle: Handle,
  titles: (code: string) => PachislotTitle | undefined = pachislotTitleOf,
): void {
  const answer = async (session: SessionRow, game: PachislotGameRow) => ({
    game: gameView(game, titleOf(session, titles)),
    balance: game.balance ?? (await currentBalance(studio, session)),
  });

  handle(pachislotMachine, async (_body, sessionOf) => {
    const session = await sessionOf();
    return machineView(studio, session, titleOf(session, titles));
  });

  handle(pachislotLever, async ({ gameKey }, sessionOf) => {
    const session = await sessionOf();
    return answer(session, shown(await leverGame(studio, session, titleOf(session, titles), gameKey)));
  });

  handle(pachislotStop, async (body, sessionOf) => {
    const session = await sessionOf();
    return answer(session, shown(await pressStop(studio, session, titleOf(session, titles), body)));
  });
}
