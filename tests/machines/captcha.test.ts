import { type Captcha, captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

/** Alone, the captcha has no form to tell; the rules below record what it would tell one. */
const withoutForm = captchaMachine.provide({ actions: { tellForm: () => {} } });

const fixtures: EventFixtures<typeof captchaMachine> = {
  'captcha.refresh': [{ type: 'captcha.refresh' }],
};

const outcomes: ActorOutcome[] = [
  {
    type: 'xstate.done.actor.fetchCaptcha',
    output: { img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: '6f1c2b9e-3a57-4f4e-9a7b-2f1d8c0e5a11' },
  },
  { type: 'xstate.error.actor.fetchCaptcha', error: new Error('offline') },
];

type Snapshot = ReturnType<typeof captchaMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.captcha !== null]);

describe('captcha machine model', () => {
  const paths = modelPaths(withoutForm, { fixtures, outcomes, serializeState });

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => p.endState))).toEqual(new Set(['"loading"', '"shown"', '"unavailable"']));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(withoutForm, path, {
        actorNames: ['fetchCaptcha'],
        outcomes,
        check: (live, model) => expect(selectCaptchaView(live)).toEqual(selectCaptchaView(model)),
      });
    });
  }
});

describe('captcha rules', () => {
  function start(fetch: () => Promise<Captcha>) {
    const told: (string | null)[] = [];
    const actor = createActor(
      captchaMachine.provide({
        actors: { fetchCaptcha: fromPromise(fetch) },
        actions: { tellForm: (_, params) => void told.push(params.uuid) },
      }),
    ).start();
    return { actor, told };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('tells the form the uuid of each image shown, and that there is none while the next one loads', async () => {
    let drawn = 0;
    const { actor, told } = start(async () => {
      drawn += 1;
      return { img: `data:image/gif;base64,R0lG${drawn}`, uuid: `uuid-${drawn}` };
    });
    await settle();
    expect(selectCaptchaView(actor.getSnapshot())).toEqual({ status: 'shown', img: 'data:image/gif;base64,R0lG1' });
    actor.send({ type: 'captcha.refresh' });
    expect(selectCaptchaView(actor.getSnapshot())).toEqual({ status: 'loading' });
    actor.send({ type: 'captcha.refresh' });
    await settle();
    expect(selectCaptchaView(actor.getSnapshot())).toEqual({ status: 'shown', img: 'data:image/gif;base64,R0lG2' });
    expect(told).toEqual([null, 'uuid-1', null, 'uuid-2']);
  });

  it('a failed fetch offers a retry, and the retry draws a new image', async () => {
    let fail = true;
    const { actor, told } = start(async () => {
      if (fail) throw new Error('offline');
      return { img: 'data:image/gif;base64,R0lG', uuid: 'uuid-after-retry' };
    });
    await settle();
    expect(selectCaptchaView(actor.getSnapshot())).toEqual({ status: 'unavailable' });
    fail = false;
    actor.send({ type: 'captcha.refresh' });
    await settle();
    expect(selectCaptchaView(actor.getSnapshot())).toEqual({ status: 'shown', img: 'data:image/gif;base64,R0lG' });
    expect(told).toEqual([null, null, 'uuid-after-retry']);
  });
});
