import type { KycState, KycSubmission } from '@contract/kyc';
import { type KycSnapshot, kycMachine } from '@machines/kyc.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const photo = new Blob(['not really a photo'], { type: 'image/png' });
export const dataUrl = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

export const state = (status: KycState['status'], rejectReason: string | null = null): KycState => ({
  status,
  maskedIdNumber: '******4567',
  firstName: '花子',
  lastName: '山田',
  rejectReason,
  reviewedAt: status === 'approved' || status === 'rejected' ? '2026-11-21T00:00:00.000Z' : null,
});

export const submission: KycSubmission = {
  id: 9,
  status: 'pendingReview',
  photos: { front: '/v2/app/user/kyc/photo/1', back: '/v2/app/user/kyc/photo/2', handheld: '/v2/app/user/kyc/photo/3' },
  submittedAt: '2026-11-21T00:00:00.000Z',
  reviewedAt: null,
  rejectReason: null,
};

const fixtures: EventFixtures<typeof kycMachine> = {
  'kyc.start': [{ type: 'kyc.start' }],
  'photo.selected': [
    { type: 'photo.selected', slot: 'front', file: photo },
    { type: 'photo.selected', slot: 'back', file: photo },
    { type: 'photo.selected', slot: 'handheld', file: photo },
  ],
  'kyc.submit': [{ type: 'kyc.submit', front: dataUrl, back: dataUrl, handheld: dataUrl }],
  'kyc.cancel': [{ type: 'kyc.cancel' }],
  'kyc.resubmit': [{ type: 'kyc.resubmit' }],
  'status.retry': [{ type: 'status.retry' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadKycState', output: state('notSubmitted') },
  { type: 'xstate.done.actor.loadKycState', output: state('pendingReview') },
  { type: 'xstate.done.actor.loadKycState', output: state('approved') },
  { type: 'xstate.done.actor.loadKycState', output: state('rejected', 'The photo is blurred') },
  { type: 'xstate.error.actor.loadKycState', error: new Error('offline') },
  { type: 'xstate.done.actor.compressPhoto', output: dataUrl },
  { type: 'xstate.error.actor.compressPhoto', error: { failure: 'notImage' } },
  { type: 'xstate.done.actor.submitKyc', output: submission },
  {
    type: 'xstate.error.actor.submitKyc',
    error: Object.assign(new Error('refused'), { code: 400, fields: { back: '画像が読めません' } }),
  },
  { type: 'xstate.after.reviewPoll.kyc.pendingReview.waiting', delayMs: 15_000 },
];

const serializeState = (snapshot: KycSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.status,
    snapshot.context.compressingSlot,
    snapshot.context.sent !== null,
    Object.keys(snapshot.context.refusals),
  ]);

export const kycModel = machineModel({
  title: 'kycMachine',
  machine: kycMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['loadKycState', 'compressPhoto', 'submitKyc'],
});
