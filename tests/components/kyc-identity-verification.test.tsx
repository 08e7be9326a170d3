import type { KycPhotosInput, KycState, KycSubmission } from '@contract/kyc';
import { kycMachine, type PhotoFailure, photoFailures } from '@machines/kyc.machine';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { compressionFailureOf, compressPhoto } from '@/features/kyc/compress-photo';
import { IdentityVerificationView } from '@/features/kyc/identity-verification-section';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const state = (status: KycState['status'], rejectReason: string | null = null): KycState => ({
  status,
  maskedIdNumber: '******4567',
  firstName: '太郎',
  lastName: '山田',
  rejectReason,
  reviewedAt: null,
});

const submission: KycSubmission = {
  id: 1,
  status: 'pendingReview',
  photos: {
    front: 'data:image/jpeg;base64,AA==',
    back: 'data:image/jpeg;base64,AA==',
    handheld: 'data:image/jpeg;base64,AA==',
  },
  submittedAt: '2026-11-22T00:00:00.000Z',
  reviewedAt: null,
  rejectReason: null,
};

function startKyc(options: { state: KycState; compress?: (file: unknown) => Promise<string> }) {
  const submitted: KycPhotosInput[] = [];
  const kyc = createActor(
    kycMachine.provide({
      actors: {
        loadKycState: fromPromise(async () => options.state),
        compressPhoto: fromPromise(({ input }) =>
          (options.compress ?? (async () => 'data:image/jpeg;base64,/9j/AA=='))(input.file),
        ),
        submitKyc: fromPromise(async ({ input }) => {
          submitted.push(input);
          return submission;
        }),
      },
    }),
  ).start();
  return { kyc, submitted };
}

function fileInputs(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[type=file]')];
}

describe('identity verification', () => {
  it('a player starts, chooses the three photos and sends them; the page then waits for the review', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { kyc, submitted } = startKyc({ state: state('notSubmitted') });
    const { container } = renderPlayerView(<IdentityVerificationView kyc={kyc} />);
    await user.click(await screen.findByRole('button', { name: 'Start verification' }));
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(screen.getAllByText('Please upload this photo')).toHaveLength(3);
    const photo = new File(['jpeg bytes'], 'card.jpg', { type: 'image/jpeg' });
    for (const [index, input] of fileInputs(container).entries()) {
      await user.upload(input, photo);
      await screen.findByRole('img', {
        name: ['front of the ID card', 'back of the ID card', 'photo holding the ID card'][index],
      });
    }
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(
      await screen.findByText('Your photos are being reviewed. This page updates by itself when the review is done.'),
    ).toBeInTheDocument();
    expect(submitted).toEqual([
      {
        front: 'data:image/jpeg;base64,/9j/AA==',
        back: 'data:image/jpeg;base64,/9j/AA==',
        handheld: 'data:image/jpeg;base64,/9j/AA==',
      },
    ]);
  });

  it('a file that is not an image is refused by the real compressor, with its own message', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup({ applyAccept: false });
    const { kyc, submitted } = startKyc({ state: state('notSubmitted'), compress: (file) => compressPhoto(file) });
    const { container } = renderPlayerView(<IdentityVerificationView kyc={kyc} />);
    await user.click(await screen.findByRole('button', { name: 'Start verification' }));
    await screen.findByRole('form', { name: 'Identity photos' });
    await user.upload(fileInputs(container)[1]!, new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('This file is not an image. Please choose a photo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(submitted).toEqual([]);
  });

  it('names every compression failure in its own words (Japanese)', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const seen = new Set<string>();
    for (const failure of photoFailures) {
      const { kyc } = startKyc({ state: state('notSubmitted'), compress: () => Promise.reject({ failure }) });
      const view = renderPlayerView(<IdentityVerificationView kyc={kyc} />);
      await user.click(await screen.findByRole('button', { name: '本人確認を始める' }));
      await screen.findByRole('form', { name: '本人確認の写真' });
      await user.upload(fileInputs(view.container)[0]!, new File(['x'], 'card.jpg', { type: 'image/jpeg' }));
      const message = await screen.findByRole('alert');
      seen.add(message.textContent ?? '');
      view.unmount();
    }
    expect(seen.size).toBe(photoFailures.length);
  });

  it('a rejection shows the reason and lets the player send new photos', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { kyc } = startKyc({ state: state('rejected', 'The back photo is blurred') });
    renderPlayerView(<IdentityVerificationView kyc={kyc} />);
    expect(await screen.findByText('Reason: The back photo is blurred')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit new photos' }));
    expect(await screen.findByRole('form', { name: 'Identity photos' })).toBeInTheDocument();
    expect(screen.getByText('Reason: The back photo is blurred')).toBeInTheDocument();
  });

  it('an approved identity says so and offers no form', async () => {
    await startI18nIn('en-US');
    const { kyc } = startKyc({ state: state('approved') });
    renderPlayerView(<IdentityVerificationView kyc={kyc} />);
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('browser photo compression', () => {
  it('tells each compressorjs failure apart', () => {
    const cases: [string, PhotoFailure][] = [
      ['The first argument must be a File or Blob object.', 'notBlob'],
      ['The first argument must be an image File or Blob object.', 'notImage'],
      ['The current browser does not support image compression.', 'unsupported'],
      ['Failed to load the image.', 'loadFailed'],
      ['Failed to read the image with FileReader.', 'readFailed'],
      ['Failed to read the compressed image with Blob.arrayBuffer().', 'readFailed'],
      ['Aborted to read the image with FileReader.', 'aborted'],
      ['Aborted to load the image.', 'aborted'],
      ['The compression process has been aborted.', 'aborted'],
    ];
    for (const [message, failure] of cases) expect(compressionFailureOf(new Error(message))).toBe(failure);
  });

  it('refuses what is not a file and what is not an image, as compressorjs reports them', async () => {
    await expect(compressPhoto('not a file')).rejects.toEqual({ failure: 'notBlob' });
    await expect(compressPhoto(new Blob(['text'], { type: 'text/plain' }))).rejects.toEqual({ failure: 'notImage' });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pending = compressPhoto(new File(['jpeg bytes'], 'card.jpg', { type: 'image/jpeg' }), controller.signal);
    controller.abort();
    await expect(pending).rejects.toEqual({ failure: 'aborted' });
  });
});
