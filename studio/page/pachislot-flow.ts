/** The pachislot machine's effects: the studio's pachislot calls, in the page's language. */
import type { Locale } from '@contract/locales';
import { type PachislotPlayed, pachislotLever, pachislotMachine, pachislotStop } from '@contract/studio-pachislot';
import { studioPachislotMachine } from '@machines/studio-pachislot.machine';
import { fromPromise } from 'xstate';
import { tellPortal } from './portal-messages';
import { callStudio } from './studio-api';

/** A lever or a settled game moved coins: the portal around the game shows the balance after it. */
function toldPortal(answer: PachislotPlayed): PachislotPlayed {
  tellPortal({ type: 'studio.roundSettled', balance: answer.balance });
  return answer;
}

export function studioPachislotFlow(lang: Locale) {
  return studioPachislotMachine.provide({
    actors: {
      loadMachine: fromPromise(({ input: { sessionToken } }) =>
        callStudio(pachislotMachine, {}, { lang, sessionToken }),
      ),
      lever: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(pachislotLever, body, { lang, sessionToken }).then(toldPortal),
      ),
      stop: fromPromise(({ input: { sessionToken, ...body } }) =>
        callStudio(pachislotStop, body, { lang, sessionToken }).then(toldPortal),
      ),
    },
  });
}
