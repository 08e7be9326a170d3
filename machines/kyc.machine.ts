/**
 * kyc: identity verification with photos of the identity card: front, back, and held in hand.
 *
 * States:
 * - loadingStatus: the account's verification state is fetched; it decides where the page starts.
 * - statusUnavailable: it could not be fetched; the page offers a retry.
 * - notSubmitted: nothing sent yet; the page explains what is needed and offers to start.
 * - editing: waiting for the view's form to be sent with the three photos, which it has checked
 *   against the contract's kycPhotosForm, for a first submission or, after a rejection, for a
 *   resubmission: `status` in context says which (a resubmission keeps the reason in view, and
 *   cancelling it goes back to the rejection). `editing.compressing` is the browser shrinking the
 *   photo just chosen (compressorjs, quality 0.6, a PNG over 5,000,000 bytes becomes a JPEG) so
 *   three fit one request: the machine emits the photo for the form's slot (`photo.compressed`), or
 *   why it could not be used (`photo.failed`), each way having its own message (docs/requirements.md
 *   §8.4). One photo is compressed at a time. After a refused upload the server's sentence per photo
 *   is kept for the view to show on its slot until another photo is chosen there.
 * - uploading: the photos are sent; the server checks them by content and stores them.
 * - pendingReview: an operator reviews the photos; the state is fetched again every `reviewPoll`
 *   (`pendingReview.checking`), so the page follows the decision without a reload.
 * - approved: verified; money can be withdrawn.
 * - rejected: the operator refused, with a reason the page shows; the player may send new photos.
 */

import type { KycPhotosInput, KycState, KycSubmission } from '@contract/kyc';
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

export const photoSlots = ['front', 'back', 'handheld'] as const;
export type PhotoSlot = (typeof photoSlots)[number];

/** Why a photo could not be used: the compression errors of docs/requirements.md §8. */
export const photoFailures = ['notBlob', 'notImage', 'unsupported', 'loadFailed', 'readFailed', 'aborted'] as const;
export type PhotoFailure = (typeof photoFailures)[number];

/** How the compressPhoto actor reports a failure. */
export interface PhotoCompressionError {
  failure: PhotoFailure;
}

export function photoFailureOf(error: unknown): PhotoFailure {
  const failure =
    typeof error === 'object' && error !== null ? (error as Partial<PhotoCompressionError>).failure : undefined;
  return failure && (photoFailures as readonly string[]).includes(failure) ? failure : 'readFailed';
}

export interface KycContext {
  /** The verification state on the server; while editing, `rejected` makes it a resubmission. */
  status: KycState['status'];
  rejectReason: string | null;
  compressingSlot: PhotoSlot | null;
  /** The photos last sent, for the upload, and for the form again if the upload failed. */
  sent: KycPhotosInput | null;
  /** The server's sentences about refused photos. */
  refusals: Record<string, string>;
}

export type KycEvent =
  | { type: 'kyc.start' }
  | { type: 'photo.selected'; slot: PhotoSlot; file: unknown }
  | ({ type: 'kyc.submit' } & KycPhotosInput)
  | { type: 'kyc.cancel' }
  | { type: 'kyc.resubmit' }
  | { type: 'status.retry' };

/** What the form of the photos hears from the flow: a compressed photo for a slot, or why there is none. */
export type KycEmitted =
  | { type: 'photo.compressed'; slot: PhotoSlot; dataUrl: string }
  | { type: 'photo.failed'; slot: PhotoSlot; failure: PhotoFailure };

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    emitted: {} as KycEmitted,
  },
  actors: {
    loadKycState: fromPromise<KycState>(async () => {
      throw new Error('loadKycState must be provided');
    }),
    /** Resolves to a data URL; rejects with a PhotoCompressionError. */
    compressPhoto: fromPromise<string, { file: unknown }>(async () => {
      throw new Error('compressPhoto must be provided');
    }),
    submitKyc: fromPromise<KycSubmission, KycPhotosInput>(async () => {
      throw new Error('submitKyc must be provided');
    }),
  },
  delays: {
    reviewPoll: 15_000,
  },
  actions: {
    /** The verification state changed on the server: refetch it and the profile. */
    kycChanged: () => {},
    storeState: assign((_, state: KycState) => ({ status: state.status, rejectReason: state.rejectReason })),
    startCompressing: assign(({ context, event }) => {
      if (event.type !== 'photo.selected') return {};
      const { [event.slot]: _refused, ...refusals } = context.refusals;
      return { compressingSlot: event.slot, refusals };
    }),
    photoCompressed: emit(({ context }, dataUrl: string) => ({
      type: 'photo.compressed' as const,
      slot: context.compressingSlot ?? 'front',
      dataUrl,
    })),
    photoFailed: emit(({ context }, failure: PhotoFailure) => ({
      type: 'photo.failed' as const,
      slot: context.compressingSlot ?? 'front',
      failure,
    })),
    compressed: assign({ compressingSlot: null }),
    clearForm: assign({ sent: null, refusals: {}, compressingSlot: null }),
  },
  guards: {
    isNotSubmitted: (_, state: KycState) => state.status === 'notSubmitted',
    isPendingReview: (_, state: KycState) => state.status === 'pendingReview',
    isApproved: (_, state: KycState) => state.status === 'approved',
    wasRejected: ({ context }) => context.status === 'rejected',
  },
}).createMachine({
  id: 'kyc',
  context: {
    status: 'notSubmitted',
    rejectReason: null,
    compressingSlot: null,
    sent: null,
    refusals: {},
  },
  initial: 'loadingStatus',
  states: {
    loadingStatus: {
      invoke: {
        id: 'loadKycState',
        src: 'loadKycState',
        onDone: [
          {
            guard: { type: 'isNotSubmitted', params: ({ event }) => event.output },
            target: 'notSubmitted',
            actions: { type: 'storeState', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isPendingReview', params: ({ event }) => event.output },
            target: 'pendingReview',
            actions: { type: 'storeState', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isApproved', params: ({ event }) => event.output },
            target: 'approved',
            actions: { type: 'storeState', params: ({ event }) => event.output },
          },
          { target: 'rejected', actions: { type: 'storeState', params: ({ event }) => event.output } },
        ],
        onError: { target: 'statusUnavailable' },
      },
    },
    statusUnavailable: {
      on: { 'status.retry': { target: 'loadingStatus' } },
    },
    notSubmitted: {
      on: { 'kyc.start': { target: 'editing', actions: 'clearForm' } },
    },
    editing: {
      initial: 'choosing',
      on: {
        'kyc.cancel': [
          { guard: 'wasRejected', target: 'rejected', actions: 'clearForm' },
          { target: 'notSubmitted', actions: 'clearForm' },
        ],
      },
      states: {
        choosing: {
          on: {
            'photo.selected': { target: 'compressing', actions: 'startCompressing' },
            'kyc.submit': {
              target: '#kyc.uploading',
              actions: assign(({ event }) => ({
                sent: { front: event.front, back: event.back, handheld: event.handheld },
                refusals: {},
              })),
            },
          },
        },
        compressing: {
          invoke: {
            id: 'compressPhoto',
            src: 'compressPhoto',
            input: ({ event }) => ({ file: event.type === 'photo.selected' ? event.file : null }),
            onDone: {
              target: 'choosing',
              actions: [{ type: 'photoCompressed', params: ({ event }) => event.output }, 'compressed'],
            },
            onError: {
              target: 'choosing',
              actions: [{ type: 'photoFailed', params: ({ event }) => photoFailureOf(event.error) }, 'compressed'],
            },
          },
        },
      },
    },
    uploading: {
      invoke: {
        id: 'submitKyc',
        src: 'submitKyc',
        input: ({ context }) => context.sent ?? { front: '', back: '', handheld: '' },
        onDone: {
          target: 'pendingReview',
          actions: [assign({ status: 'pendingReview', rejectReason: null }), 'clearForm', 'kycChanged'],
        },
        onError: {
          target: 'editing',
          actions: assign({ refusals: ({ event }) => refusedFields(event.error) }),
        },
      },
    },
    pendingReview: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { reviewPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'loadKycState',
            src: 'loadKycState',
            onDone: [
              {
                guard: { type: 'isPendingReview', params: ({ event }) => event.output },
                target: 'waiting',
              },
              {
                guard: { type: 'isApproved', params: ({ event }) => event.output },
                target: '#kyc.approved',
                actions: [{ type: 'storeState', params: ({ event }) => event.output }, 'kycChanged'],
              },
              {
                guard: { type: 'isNotSubmitted', params: ({ event }) => event.output },
                target: '#kyc.notSubmitted',
                actions: [{ type: 'storeState', params: ({ event }) => event.output }, 'kycChanged'],
              },
              {
                target: '#kyc.rejected',
                actions: [{ type: 'storeState', params: ({ event }) => event.output }, 'kycChanged'],
              },
            ],
            // A failed check is tried again at the next interval.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    approved: {},
    rejected: {
      on: { 'kyc.resubmit': { target: 'editing', actions: 'clearForm' } },
    },
  },
});

export type KycSnapshot = SnapshotFrom<typeof kycMachine>;

export type KycStage =
  | 'loadingStatus'
  | 'statusUnavailable'
  | 'notSubmitted'
  | 'editing'
  | 'uploading'
  | 'pendingReview'
  | 'approved'
  | 'rejected';

export const selectKycStage = (snapshot: KycSnapshot): KycStage => {
  const [stage] = Object.keys(typeof snapshot.value === 'string' ? { [snapshot.value]: null } : snapshot.value);
  return (stage ?? 'loadingStatus') as KycStage;
};

/** The photos the form starts with: none, or after a failed upload the ones that were sent. */
export const selectSentPhotos = (snapshot: KycSnapshot) => snapshot.context.sent;
/** The server's sentence on each photo it refused at the last try. */
export const selectKycRefusals = (snapshot: KycSnapshot) => snapshot.context.refusals;
export const selectCompressingSlot = (snapshot: KycSnapshot) => snapshot.context.compressingSlot;
export const selectRejectReason = (snapshot: KycSnapshot) => snapshot.context.rejectReason;
/** Whether the photos being chosen replace rejected ones: the form then shows why they were rejected. */
export const selectResubmission = (snapshot: KycSnapshot) => snapshot.context.status === 'rejected';
