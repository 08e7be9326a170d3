/**
 * captcha: the image captcha of a sign-in or recovery form, invoked by the form's machine (login,
 * findPassword, operatorSignIn) for as long as the form asks for one.
 *
 * States:
 * - loading: an image and its uuid are being fetched.
 * - shown: the image is up; `captcha.refresh` (pressing the image) fetches another. The form sends
 *   `captcha.refresh` too when the server has spent this one on a try (docs/requirements.md §8).
 * - unavailable: the fetch failed; `captcha.refresh` tries again.
 *
 * The form owns the answer field; it hears `captcha.changed` with the uuid of the image shown, or
 * null when the image is gone, since an answer is only good for the image it was typed for.
 */

import { assign, fromPromise, type SnapshotFrom, sendParent, setup } from 'xstate';

export interface Captcha {
  img: string;
  uuid: string;
}

export interface CaptchaContext {
  captcha: Captcha | null;
}

export type CaptchaEvent = { type: 'captcha.refresh' };

/** What the form holding the captcha hears each time its image comes or goes. */
export interface CaptchaChanged {
  type: 'captcha.changed';
  uuid: string | null;
}

export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent },
  actors: {
    fetchCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('fetchCaptcha must be provided');
    }),
  },
  actions: {
    tellForm: sendParent(
      (_, params: { uuid: string | null }): CaptchaChanged => ({ type: 'captcha.changed', uuid: params.uuid }),
    ),
  },
}).createMachine({
  id: 'captcha',
  context: { captcha: null },
  initial: 'loading',
  states: {
    loading: {
      entry: [assign({ captcha: null }), { type: 'tellForm', params: { uuid: null } }],
      invoke: {
        id: 'fetchCaptcha',
        src: 'fetchCaptcha',
        onDone: {
          target: 'shown',
          actions: [
            assign({ captcha: ({ event }) => event.output }),
            { type: 'tellForm', params: ({ event }) => ({ uuid: event.output.uuid }) },
          ],
        },
        onError: { target: 'unavailable' },
      },
    },
    shown: { on: { 'captcha.refresh': { target: 'loading' } } },
    unavailable: { on: { 'captcha.refresh': { target: 'loading' } } },
  },
});

export type CaptchaSnapshot = SnapshotFrom<typeof captchaMachine>;

export type CaptchaView = { status: 'loading' } | { status: 'shown'; img: string } | { status: 'unavailable' };

export function selectCaptchaView(snapshot: CaptchaSnapshot): CaptchaView {
  if (snapshot.matches('shown') && snapshot.context.captcha)
    return { status: 'shown', img: snapshot.context.captcha.img };
  return snapshot.matches('unavailable') ? { status: 'unavailable' } : { status: 'loading' };
}
