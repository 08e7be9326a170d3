import { emailCodeResendSeconds } from '@contract/auth';
import { selectCodeSentNotice, selectSendCodeButton, sendCodeMachine } from '@machines/send-code.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { sendCodeModel } from '../models/send-code.model';
import { modelPaths, replayPath } from './model-paths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
describe('send-code machine model', () => {
  const paths = modelPaths(sendCodeModel);

  it('reaches every state, and every second of the countdown', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of ['"idle"', '"sending"', '"countingDown"', '"ready"']) expect(reached).toContain(state);
    const seconds = new Set(
      paths.filter((p) => p.endState === '"countingDown"').map((p) => p.path.state.context.secondsLeft),
    );
    expect(seconds.size).toBe(emailCodeResendSeconds);
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(sendCodeModel, path, (live, model) =>
        expect(live.context.secondsLeft).toBe(model.context.secondsLeft),
      );
    });
  }
});

describe('send-code button', () => {
  function start(requestCode: (email: string) => Promise<void>) {
    const clock = new SimulatedClock();
    const sent: string[] = [];
    const actor = createActor(
      sendCodeMachine.provide({
        actors: {
          requestCode: fromPromise(async ({ input }) => {
            sent.push(input.email);
            await requestCode(input.email);
          }),
        },
      }),
      { clock },
    ).start();
    const button = (email = 'hanako@example.jp') => selectSendCodeButton(actor.getSnapshot(), email);
    return { actor, clock, sent, button };
  }

  it('is disabled without an e-mail address', () => {
    const { actor, button } = start(async () => {});
    expect(button('')).toEqual({ enabled: false, busy: false, label: { key: 'sendCode.send' } });
    expect(button('   ').enabled).toBe(false);
    actor.send({ type: 'code.send', email: '   ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(button().enabled).toBe(true);
  });

  it('counts 60 s down by one second after a code went out, disabled throughout, then offers resend', async () => {
    const { actor, clock, sent, button } = start(async () => {});
    actor.send({ type: 'code.send', email: ' hanako@example.jp ' });
    expect(button()).toEqual({ enabled: false, busy: true, label: { key: 'sendCode.send' } });
    await flush();
    expect(sent).toEqual(['hanako@example.jp']);
    const labels: string[] = [];
    for (let second = 0; second < emailCodeResendSeconds; second += 1) {
      const { label, enabled } = button();
      expect(enabled).toBe(false);
      labels.push(label.key === 'sendCode.resendIn' ? String(label.seconds) : label.key);
      clock.increment(999);
      expect(button().label).toEqual(label);
      clock.increment(1);
    }
    expect(labels).toEqual(Array.from({ length: 60 }, (_, index) => String(60 - index)));
    expect(button()).toEqual({ enabled: true, busy: false, label: { key: 'sendCode.resend' } });
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(sent).toHaveLength(2);
    expect(button().label).toEqual({ key: 'sendCode.resendIn', seconds: 60 });
  });

  it('counts down from the server’s Retry-After when it refuses with 429', async () => {
    const { actor, clock, button } = start(() => Promise.reject({ retryAfterSeconds: 2 }));
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(button().label).toEqual({ key: 'sendCode.resendIn', seconds: 2 });
    clock.increment(1000);
    expect(button().label).toEqual({ key: 'sendCode.resendIn', seconds: 1 });
    clock.increment(1000);
    expect(button()).toEqual({ enabled: true, busy: false, label: { key: 'sendCode.resend' } });
  });

  it('may be pressed again at once after any other failure, still reading "send" until a code went out', async () => {
    let failing = true;
    const { actor, clock, button } = start(() => (failing ? Promise.reject(new Error('offline')) : Promise.resolve()));
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(button()).toEqual({ enabled: true, busy: false, label: { key: 'sendCode.send' } });
    failing = false;
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    for (let second = 0; second < emailCodeResendSeconds; second += 1) clock.increment(1000);
    failing = true;
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(button()).toEqual({ enabled: true, busy: false, label: { key: 'sendCode.resend' } });
  });
});

describe('code sent notice', () => {
  function start(requestCode: (email: string) => Promise<void>) {
    const clock = new SimulatedClock();
    const actor = createActor(
      sendCodeMachine.provide({ actors: { requestCode: fromPromise(({ input }) => requestCode(input.email)) } }),
      { clock },
    ).start();
    return { actor, clock, notice: () => selectCodeSentNotice(actor.getSnapshot()) };
  }

  it('names the address once the code went out and counts down, second by second, until another may be asked for', async () => {
    const { actor, clock, notice } = start(async () => {});
    expect(notice()).toBeNull();
    actor.send({ type: 'code.send', email: ' hanako@example.jp ' });
    expect(notice()).toBeNull();
    await flush();
    expect(notice()).toEqual({ email: 'hanako@example.jp', secondsLeft: emailCodeResendSeconds });
    clock.increment(1000);
    expect(notice()).toEqual({ email: 'hanako@example.jp', secondsLeft: emailCodeResendSeconds - 1 });
    for (let second = 1; second < emailCodeResendSeconds; second += 1) clock.increment(1000);
    expect(notice()).toEqual({ email: 'hanako@example.jp', secondsLeft: 0 });
  });

  it('says nothing was sent when the request failed or the server asked to wait', async () => {
    let answer: () => Promise<void> = () => Promise.reject(new Error('offline'));
    const { actor, notice } = start(() => answer());
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(notice()).toBeNull();
    answer = () => Promise.reject({ retryAfterSeconds: 5 });
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    expect(notice()).toBeNull();
  });

  it('keeps the address of the code that went out when a resend to another one fails', async () => {
    let failing = false;
    const { actor, clock, notice } = start(() => (failing ? Promise.reject(new Error('offline')) : Promise.resolve()));
    actor.send({ type: 'code.send', email: 'hanako@example.jp' });
    await flush();
    for (let second = 0; second < emailCodeResendSeconds; second += 1) clock.increment(1000);
    failing = true;
    actor.send({ type: 'code.send', email: 'taro@example.jp' });
    await flush();
    expect(notice()).toEqual({ email: 'hanako@example.jp', secondsLeft: 0 });
  });
});
