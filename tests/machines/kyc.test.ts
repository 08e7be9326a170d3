import { type KycPhotosInput, type KycState, kycPhotosForm, maxPhotoDataUrlLength } from '@contract/kyc';
import {
  type KycEmitted,
  kycMachine,
  type PhotoFailure,
  photoFailureOf,
  selectCompressingSlot,
  selectKycRefusals,
  selectKycStage,
  selectRejectReason,
  selectResubmission,
  selectSentPhotos,
} from '@machines/kyc.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { dataUrl, kycModel, photo, state, submission } from '../models/kyc.model';
import { modelPaths, replayPath } from './model-paths';

describe('kyc machine model', () => {
  const paths = modelPaths(kycModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"loadingStatus"',
      '"statusUnavailable"',
      '"notSubmitted"',
      '{"editing":"choosing"}',
      '{"editing":"compressing"}',
      '"uploading"',
      '{"pendingReview":"waiting"}',
      '{"pendingReview":"checking"}',
      '"approved"',
      '"rejected"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  it('reaches the photo form both as a first submission and as a resubmission', () => {
    const reached = new Set(
      paths.map(({ path }) => JSON.stringify([path.state.value, selectResubmission(path.state)])),
    );
    for (const substate of ['choosing', 'compressing']) {
      expect(reached).toContain(JSON.stringify([{ editing: substate }, false]));
      expect(reached).toContain(JSON.stringify([{ editing: substate }, true]));
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(kycModel, path, (live, model) => {
        expect(selectKycRefusals(live)).toEqual(selectKycRefusals(model));
        expect(selectCompressingSlot(live)).toBe(selectCompressingSlot(model));
        expect(selectKycStage(live)).toBe(selectKycStage(model));
        expect(selectResubmission(live)).toBe(selectResubmission(model));
      });
    });
  }
});

describe('kyc rules', () => {
  function start(options: {
    states: KycState[];
    compress?: (file: unknown) => Promise<string>;
    submitError?: unknown;
  }) {
    const clock = new SimulatedClock();
    const submitted: KycPhotosInput[] = [];
    const effects: string[] = [];
    const states = [...options.states];
    const actor = createActor(
      kycMachine.provide({
        actors: {
          loadKycState: fromPromise(async () => {
            const next = states.length > 1 ? states.shift() : states[0];
            if (!next) throw new Error('no state');
            return next;
          }),
          compressPhoto: fromPromise(({ input }) => (options.compress ?? (async () => dataUrl))(input.file)),
          submitKyc: fromPromise(async ({ input }) => {
            submitted.push(input);
            if (options.submitError) throw options.submitError;
            return submission;
          }),
        },
        actions: { kycChanged: () => void effects.push('kycChanged') },
      }),
      { clock },
    ).start();
    const emitted: KycEmitted[] = [];
    actor.on('*', (event) => void emitted.push(event));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, clock, submitted, effects, emitted, settle };
  }

  const photos = { front: dataUrl, back: dataUrl, handheld: dataUrl };

  it('the form asks for all three photos, each small enough once compressed', () => {
    const result = v.safeParse(kycPhotosForm, {
      front: '',
      back: dataUrl,
      handheld: `data:image/png;base64,${'A'.repeat(maxPhotoDataUrlLength)}`,
    });
    expect(result.success ? {} : v.flatten(result.issues).nested).toEqual({
      front: ['validation.photoRequired'],
      handheld: ['photoErrors.tooLarge'],
    });
    expect(v.is(kycPhotosForm, photos)).toBe(true);
  });

  it('compresses each photo chosen for the form, then sends the three once and waits for review', async () => {
    const { actor, submitted, effects, emitted, settle } = start({ states: [state('notSubmitted')] });
    await settle();
    actor.send({ type: 'kyc.start' });
    for (const slot of ['front', 'back', 'handheld'] as const) {
      actor.send({ type: 'photo.selected', slot, file: photo });
      expect(selectCompressingSlot(actor.getSnapshot())).toBe(slot);
      await settle();
    }
    expect(emitted).toEqual(
      (['front', 'back', 'handheld'] as const).map((slot) => ({ type: 'photo.compressed', slot, dataUrl })),
    );
    actor.send({ type: 'kyc.submit', ...photos });
    await settle();
    expect(submitted).toEqual([photos]);
    expect(selectKycStage(actor.getSnapshot())).toBe('pendingReview');
    expect(effects).toEqual(['kycChanged']);
  });

  it('names each compression failure', async () => {
    const failures: PhotoFailure[] = ['notBlob', 'notImage', 'unsupported', 'loadFailed', 'readFailed', 'aborted'];
    for (const failure of failures) {
      const { actor, emitted, settle } = start({
        states: [state('notSubmitted')],
        compress: () => Promise.reject({ failure }),
      });
      await settle();
      actor.send({ type: 'kyc.start' });
      actor.send({ type: 'photo.selected', slot: 'back', file: 'not a file' });
      expect(selectCompressingSlot(actor.getSnapshot())).toBe('back');
      await settle();
      expect(selectCompressingSlot(actor.getSnapshot())).toBeNull();
      expect(emitted).toEqual([{ type: 'photo.failed', slot: 'back', failure }]);
    }
    expect(photoFailureOf(new Error('something else'))).toBe('readFailed');
  });

  it('follows the review without a reload and tells the page when it is decided', async () => {
    const { actor, clock, effects, settle } = start({
      states: [state('pendingReview'), state('pendingReview'), state('rejected', 'The photo is blurred')],
    });
    await settle();
    expect(selectKycStage(actor.getSnapshot())).toBe('pendingReview');
    clock.increment(15_000);
    await settle();
    expect(selectKycStage(actor.getSnapshot())).toBe('pendingReview');
    expect(effects).toEqual([]);
    clock.increment(15_000);
    await settle();
    expect(selectKycStage(actor.getSnapshot())).toBe('rejected');
    expect(selectRejectReason(actor.getSnapshot())).toBe('The photo is blurred');
    expect(effects).toEqual(['kycChanged']);
  });

  it('a rejected player sends new photos; a refused upload returns to the same form with the photos and reason kept', async () => {
    const refused = Object.assign(new Error('refused'), { code: 400, fields: { back: '画像が読めません' } });
    const { actor, settle } = start({ states: [state('rejected', 'The photo is blurred')], submitError: refused });
    await settle();
    actor.send({ type: 'kyc.resubmit' });
    actor.send({ type: 'kyc.submit', ...photos });
    await settle();
    expect(selectKycStage(actor.getSnapshot())).toBe('editing');
    expect(selectResubmission(actor.getSnapshot())).toBe(true);
    expect(selectRejectReason(actor.getSnapshot())).toBe('The photo is blurred');
    expect(selectSentPhotos(actor.getSnapshot())).toEqual(photos);
    expect(selectKycRefusals(actor.getSnapshot())).toEqual({ back: '画像が読めません' });
    actor.send({ type: 'photo.selected', slot: 'back', file: photo });
    expect(selectKycRefusals(actor.getSnapshot())).toEqual({});
  });

  it('cancelling goes back to where the form was opened from: the start, or the rejection', async () => {
    const first = start({ states: [state('notSubmitted')] });
    await first.settle();
    first.actor.send({ type: 'kyc.start' });
    expect(selectResubmission(first.actor.getSnapshot())).toBe(false);
    first.actor.send({ type: 'kyc.cancel' });
    expect(selectKycStage(first.actor.getSnapshot())).toBe('notSubmitted');
    const again = start({ states: [state('rejected', 'The photo is blurred')] });
    await again.settle();
    again.actor.send({ type: 'kyc.resubmit' });
    again.actor.send({ type: 'kyc.cancel' });
    expect(selectKycStage(again.actor.getSnapshot())).toBe('rejected');
    expect(selectRejectReason(again.actor.getSnapshot())).toBe('The photo is blurred');
  });
});
