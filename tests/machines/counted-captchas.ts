import { captchaMachine } from '@machines/captcha.machine';
import { fromPromise } from 'xstate';

/** A captcha child whose images are numbered, so a test can tell a new captcha from the one before. */
export function countedCaptchas(uuidPrefix = '00000000-0000-4000-8000-00000000000') {
  let drawn = 0;
  const logic = captchaMachine.provide({
    actors: {
      fetchCaptcha: fromPromise(async () => {
        drawn += 1;
        return { img: `data:image/gif;base64,R0lG${drawn}`, uuid: `${uuidPrefix}${drawn}` };
      }),
    },
  });
  return { logic, drawn: () => drawn };
}
