import { type Captcha, captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaModel } from '../models/captcha.model';
import { modelPaths, replayPath } from './model-paths';

describe('captcha machine model', () => {
  const paths = modelPaths(captchaModel);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => p.endState))).toEqual(new Set(['"loading"', '"shown"', '"unavailable"']));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(captchaModel, path, (live, model) =>
        expect(selectCaptchaView(live)).toEqual(selectCaptchaView(model)),
      );
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
