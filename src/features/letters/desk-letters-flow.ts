import { adminStationLetterSend } from '@contract/letters-desk';
import { letterComposeMachine } from '@machines/letter-compose.machine';
import { fromPromise } from 'xstate';
import { operatorApi } from '../admin/operator-api';

/** The compose machine with the desk's send call; its refusal shows in the preview, not as a toast too. */
export const deskLetterCompose = letterComposeMachine.provide({
  actors: {
    sendLetter: fromPromise(({ input }) =>
      operatorApi.call(adminStationLetterSend, input.letter, { idempotencyKey: input.idempotencyKey, silent: true }),
    ),
  },
});
