/** The round machine's effects: the studio's API calls, in the page's language. */
import type { Locale } from '@contract/locales';
import {
  leaveStudioSession,
  openStudioSession,
  playStudioRound,
  resumeStudioRound,
  rotateStudioSeed,
  type StudioRound,
  setStudioClientSeed,
} from '@contract/studio';
import { studioRoundMachine } from '@machines/studio-round.machine';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { backToHall, tellPortal } from './portal-messages';
import { callStudio, StudioCallError } from './studio-api';
import { loadTitle } from './title-loaders';

/**
 * The round as its title reads it: the contract checks only what every title answers, the title's
 * own schema the rest. A title that cannot be loaded is like no answer (the page asks again); an
 * outcome it cannot read is the studio's fault, like a 500.
 */
async function checkedRound(gameCode: string, round: StudioRound | null): Promise<void> {
  const loaded = await loadTitle(gameCode).catch((error: unknown) => {
    throw new StudioCallError(0, error instanceof Error ? error.message : 'title not loaded');
  });
  if (round && !v.is(loaded.title.outcome, round.outcome)) throw new StudioCallError(500, 'unexpected answer');
}

export function studioRoundFlow(lang: Locale) {
  // The session's title, named when it opens: every round after is checked by it.
  let gameCode = '';
  const checked = async <T extends { round: StudioRound | null }>(answer: T): Promise<T> => {
    await checkedRound(gameCode, answer.round);
    return answer;
  };
  return studioRoundMachine.provide({
    actors: {
      openSession: fromPromise(async ({ input }) => {
        const session = await callStudio(openStudioSession, input, { lang });
        gameCode = session.game.code;
        await checkedRound(gameCode, session.resumedRound);
        return session;
      }),
      // A round played or finished on resuming moved coins: the portal around the game shows the balance after it.
      playRound: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(playStudioRound, body, { lang, sessionToken }).then(checked).then(toldPortal),
      ),
      resumeRound: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(resumeStudioRound, body, { lang, sessionToken }).then(checked).then(toldPortal),
      ),
      setClientSeed: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(setStudioClientSeed, body, { lang, sessionToken }),
      ),
      rotateSeed: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(rotateStudioSeed, body, { lang, sessionToken }),
      ),
    },
    actions: {
      realityCheckDone: () => void tellPortal({ type: 'realityCheckDone' }),
      toHall: () => backToHall(),
      // Sent even as the page goes away; a leave that is lost is the session running out later.
      leaveSession: ({ context }) => {
        if (!context.sessionToken) return;
        callStudio(leaveStudioSession, {}, { lang, sessionToken: context.sessionToken, keepalive: true }).catch(
          () => undefined,
        );
      },
    },
  });
}

function toldPortal<T extends { balance: number }>(answer: T): T {
  tellPortal({ type: 'studio.roundSettled', balance: answer.balance });
  return answer;
}
