/** The round machine's effects: the studio's API calls, in the page's language. */
import type { Locale } from '@contract/locales';
import {
  openStudioSession,
  playStudioRound,
  resumeStudioRound,
  rotateStudioSeed,
  setStudioClientSeed,
} from '@contract/studio';
import { studioRoundMachine } from '@machines/studio-round.machine';
import { fromPromise } from 'xstate';
import { backToHall, tellPortal } from './portal-messages';
import { callStudio } from './studio-api';

export function studioRoundFlow(lang: Locale) {
  return studioRoundMachine.provide({
    actors: {
      openSession: fromPromise(({ input }) => callStudio(openStudioSession, input, { lang })),
      // A round played or finished on resuming moved coins: the portal around the game shows the balance after it.
      playRound: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(playStudioRound, body, { lang, sessionToken }).then(toldPortal),
      ),
      resumeRound: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(resumeStudioRound, body, { lang, sessionToken }).then(toldPortal),
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
    },
  });
}

function toldPortal<T extends { balance: number }>(answer: T): T {
  tellPortal({ type: 'studio.roundSettled', balance: answer.balance });
  return answer;
}
