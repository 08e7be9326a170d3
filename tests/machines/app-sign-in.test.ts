import {
  type AppSignInClaim,
  type AppSignInRequest,
  approvalPollMs,
  appSignInMachine,
  type CameraPreview,
  scanIntervalMs,
  selectAppSignInRefusals,
  selectAppSignInView,
  selectCameraPreview,
  selectLoginCode,
} from '@machines/app-sign-in.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  appKeyCodeRefused,
  approved,
  appSignInModel,
  asked,
  codeRefused,
  loginCode,
  preview,
  refusedOnDevice,
  undecided,
} from '../models/app-sign-in.model';
import { modelPaths, replayPath } from './model-paths';

describe('app sign-in machine model', () => {
  const paths = modelPaths(appSignInModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of [
      '"checkingScanner"',
      '{"scanning":"opening"}',
      '{"scanning":"looking"}',
      '{"scanning":"waiting"}',
      '"typing"',
      '"exchanging"',
      '"askingAppKeyCode"',
      '"awaitingApproval"',
      '"claiming"',
      '"signedIn"',
    ]) {
      expect(reached).toContain(state);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(appSignInModel, path, (live, model) => {
        expect(selectAppSignInView(live)).toBe(selectAppSignInView(model));
        expect(selectAppSignInRefusals(live)).toEqual(selectAppSignInRefusals(model));
      });
    });
  }
});

describe('app sign-in rules', () => {
  function start(options: {
    canScan: boolean;
    reads?: (string | null)[];
    answers: (AppSignInRequest | Error)[];
    claims?: (AppSignInClaim | Error)[];
  }) {
    const clock = new SimulatedClock();
    const sent: { loginCode: string; totpCode: string | null }[] = [];
    const claimed: { loginCode: string; requestToken: string }[] = [];
    const claims = [...(options.claims ?? [approved])];
    const signedIn: string[] = [];
    const closed: (CameraPreview | null)[] = [];
    const reads = [...(options.reads ?? [])];
    const actor = createActor(
      appSignInMachine.provide({
        actors: {
          detectScanner: fromPromise(async () => options.canScan),
          openCamera: fromPromise<CameraPreview>(async () => preview),
          readCode: fromPromise(async () => reads.shift() ?? null),
          exchangeCode: fromPromise(async ({ input }) => {
            sent.push(input);
            const answer = options.answers.shift();
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
          claimSession: fromPromise(async ({ input }) => {
            claimed.push(input);
            const answer = claims.shift();
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
        },
        actions: {
          signIn: (_, params) => void signedIn.push(params.token),
          closeCamera: (_, params) => void closed.push(params.preview),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    /** The player's decision is awaited: one look at the request. */
    const poll = async () => {
      clock.increment(approvalPollMs);
      await settle();
    };
    return { actor, clock, settle, poll, sent, claimed, signedIn, closed };
  }

  it('reads the camera every interval until a code shows, then signs in with it and lets the camera go', async () => {
    const { actor, clock, settle, poll, sent, signedIn, closed } = start({
      canScan: true,
      reads: [null, null, loginCode],
      answers: [asked],
    });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('scanning');
    expect(selectCameraPreview(actor.getSnapshot())).toBe(preview);
    clock.increment(scanIntervalMs - 1);
    await settle();
    expect(actor.getSnapshot().matches({ scanning: 'waiting' })).toBe(true);
    clock.increment(1);
    await settle();
    clock.increment(scanIntervalMs);
    await settle();
    expect(sent).toEqual([{ loginCode, totpCode: null }]);
    expect(closed).toEqual([preview]);
    expect(selectAppSignInView(actor.getSnapshot())).toBe('awaitingApproval');
    await poll();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('signedIn');
    expect(signedIn).toEqual([approved.token]);
    expect(selectCameraPreview(actor.getSnapshot())).toBeNull();
  });

  it('without a camera, a typed code is sent; a refused one stays on its field and signs nobody in', async () => {
    const { actor, settle, poll, sent, signedIn } = start({ canScan: false, answers: [codeRefused, asked] });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    actor.send({ type: 'scan.start' });
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    actor.send({ type: 'loginCode.submit', loginCode: 'wrong-code-wrong-code' });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    expect(selectAppSignInRefusals(actor.getSnapshot())).toEqual(codeRefused.fields);
    expect(signedIn).toEqual([]);
    actor.send({ type: 'loginCode.submit', loginCode });
    await settle();
    expect(selectLoginCode(actor.getSnapshot())).toBe(loginCode);
    expect(sent.map((body) => body.loginCode)).toEqual(['wrong-code-wrong-code', loginCode]);
    await poll();
    expect(signedIn).toEqual([approved.token]);
  });

  it('asks for the authenticator code without calling the first ask a mistake, and sends it with the same code', async () => {
    const needed = Object.assign(new Error('needed'), { code: 400, fields: { totpCode: 'コードを入力してください' } });
    const { actor, settle, poll, sent, signedIn } = start({
      canScan: false,
      answers: [needed, appKeyCodeRefused, asked],
    });
    await settle();
    actor.send({ type: 'loginCode.submit', loginCode });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('askingAppKeyCode');
    expect(selectAppSignInRefusals(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'appKeyCode.submit', totpCode: '000000' });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('askingAppKeyCode');
    expect(selectAppSignInRefusals(actor.getSnapshot())).toEqual(appKeyCodeRefused.fields);
    actor.send({ type: 'appKeyCode.submit', totpCode: '123456' });
    await settle();
    expect(sent).toEqual([
      { loginCode, totpCode: null },
      { loginCode, totpCode: '000000' },
      { loginCode, totpCode: '123456' },
    ]);
    await poll();
    expect(signedIn).toEqual([approved.token]);
  });

  it('closes the camera when the player types instead', async () => {
    const { actor, settle, closed } = start({ canScan: true, answers: [] });
    await settle();
    actor.send({ type: 'scan.stop' });
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    expect(closed).toEqual([preview]);
    actor.send({ type: 'scan.start' });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('scanning');
  });

  it('waits for the player’s approval on the other device before it signs in, following with its own token', async () => {
    const { actor, settle, poll, claimed, signedIn } = start({
      canScan: false,
      answers: [asked],
      claims: [undecided, Object.assign(new Error('Request Error'), { code: 0, fields: {} }), approved],
    });
    await settle();
    actor.send({ type: 'loginCode.submit', loginCode });
    await settle();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('awaitingApproval');
    expect(claimed).toEqual([]);
    await poll();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('awaitingApproval');
    // No answer is no refusal: it asks again at the next interval.
    await poll();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('awaitingApproval');
    expect(signedIn).toEqual([]);
    await poll();
    expect(claimed).toEqual(Array.from({ length: 3 }, () => ({ loginCode, requestToken: asked.requestToken })));
    expect(signedIn).toEqual([approved.token]);
  });

  it('signs nobody in when the player refuses, saying so on the code’s field', async () => {
    const { actor, settle, poll, signedIn } = start({ canScan: false, answers: [asked], claims: [refusedOnDevice] });
    await settle();
    actor.send({ type: 'loginCode.submit', loginCode });
    await settle();
    await poll();
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    expect(selectAppSignInRefusals(actor.getSnapshot())).toEqual(refusedOnDevice.fields);
    expect(actor.getSnapshot().context.requestToken).toBeNull();
    expect(signedIn).toEqual([]);
  });

  it('lets the player give up waiting, and asks nothing more', async () => {
    const { actor, settle, poll, claimed } = start({ canScan: false, answers: [asked] });
    await settle();
    actor.send({ type: 'loginCode.submit', loginCode });
    await settle();
    actor.send({ type: 'approval.cancel' });
    expect(selectAppSignInView(actor.getSnapshot())).toBe('typing');
    await poll();
    expect(claimed).toEqual([]);
  });
});
