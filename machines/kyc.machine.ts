/**
 * kyc: identity verification with photos of the identity card: front, back, and held in hand.
 *
 * States:
 * - loadingStatus: the account's verification state is fetched; it decides where the page starts.
 * - statusUnavailable: it could not be fetched; the page offers a retry.
 * - notSubmitted: nothing sent yet; the page explains what is needed and offers to start.
 * - editing: waiting for the three photos, for a first submission or, after a rejection, for a
 *   resubmission: `status` in context says which (a resubmission keeps the reason in view, and
 *   cancelling it goes back to the rejection). `editing.compressing` is the browser shrinking the
 *   photo just chosen (compressorjs, quality 0.6, a PNG over 5,000,000 bytes becomes a JPEG) so
 *   three fit one request; every way that can fail has its own message (docs/requirements.md §8.4), as does a
 *   photo that stays too large. One photo is compressed at a time.
 * - uploading: the photos are sent; the server checks them by content and stores them.
 * - pendingReview: an operator reviews the photos; the state is fetched again every `reviewPoll`
 *   (`pendingReview.checking`), so the page follows the decision without a reload.
 * - approved: verified; money can be withdrawn.
 * - rejected: the operator refused, with a reason the page shows; the player may send new photos.
 */

import { type KycPhotosInput, type KycState, type KycSubmission, maxPhotoDataUrlLength } from '@contract/kyc';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './player-form-fields';

export const photoSlots = ['front', 'back', 'handheld'] as const;
export type PhotoSlot = (typeof photoSlots)[number];

/** Why a photo could not be used: the compression errors of docs/requirements.md §8, and a photo still too large. */
export const photoFailures = [
  'notBlob',
  'notImage',
  'unsupported',
  'loadFailed',
  'readFailed',
  'aborted',
  'tooLarge',
] as const;
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

export type PhotoState =
  | { status: 'empty' }
  | { status: 'compressing' }
  | { status: 'ready'; dataUrl: string }
  | { status: 'failed'; failure: PhotoFailure };

export interface KycContext {
  /** The verification state on the server; while editing, `rejected` makes it a resubmission. */
  status: KycState['status'];
  rejectReason: string | null;
  photos: Record<PhotoSlot, PhotoState>;
  compressingSlot: PhotoSlot | null;
  /** Whether the player tried to send without all three photos. */
  showErrors: boolean;
  /** The server's sentences about refused photos. */
  refusals: Record<string, string>;
}

export type KycEvent =
  | { type: 'kyc.start' }
  | { type: 'photo.selected'; slot: PhotoSlot; file: unknown }
  | { type: 'kyc.submit' }
  | { type: 'kyc.cancel' }
  | { type: 'kyc.resubmit' }
  | { type: 'status.retry' };

const noPhotos = (): Record<PhotoSlot, PhotoState> => ({
  front: { status: 'empty' },
  back: { status: 'empty' },
  handheld: { status: 'empty' },
});

function readyPhotos(photos: Record<PhotoSlot, PhotoState>): KycPhotosInput | null {
  const { front, back, handheld } = photos;
  if (front.status !== 'ready' || back.status !== 'ready' || handheld.status !== 'ready') return null;
  return { front: front.dataUrl, back: back.dataUrl, handheld: handheld.dataUrl };
}

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
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
      return {
        compressingSlot: event.slot,
        photos: { ...context.photos, [event.slot]: { status: 'compressing' } },
        refusals,
      };
    }),
    storePhoto: assign(({ context }, dataUrl: string) => {
      const slot = context.compressingSlot;
      if (!slot) return {};
      const photo: PhotoState =
        dataUrl.length > maxPhotoDataUrlLength
          ? { status: 'failed', failure: 'tooLarge' }
          : { status: 'ready', dataUrl };
      return { compressingSlot: null, photos: { ...context.photos, [slot]: photo } };
    }),
    storeFailure: assign(({ context }, failure: PhotoFailure) => {
      const slot = context.compressingSlot;
      if (!slot) return {};
      return { compressingSlot: null, photos: { ...context.photos, [slot]: { status: 'failed', failure } } };
    }),
    clearForm: assign({ photos: noPhotos(), showErrors: false, refusals: {}, compressingSlot: null }),
    revealErrors: assign({ showErrors: true }),
  },
  guards: {
    isNotSubmitted: (_, state: KycState) => state.status === 'notSubmitted',
    isPendingReview: (_, state: KycState) => state.status === 'pendingReview',
    isApproved: (_, state: KycState) => state.status === 'approved',
    allPhotosReady: ({ context }) => readyPhotos(context.photos) !== null,
    wasRejected: ({ context }) => context.status === 'rejected',
  },
}).createMachine({
  id: 'kyc',
  context: {
    status: 'notSubmitted',
    rejectReason: null,
    photos: noPhotos(),
    compressingSlot: null,
    showErrors: false,
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
            'kyc.submit': [{ guard: 'allPhotosReady', target: '#kyc.uploading' }, { actions: 'revealErrors' }],
          },
        },
        compressing: {
          invoke: {
            id: 'compressPhoto',
            src: 'compressPhoto',
            input: ({ event }) => ({ file: event.type === 'photo.selected' ? event.file : null }),
            onDone: { target: 'choosing', actions: { type: 'storePhoto', params: ({ event }) => event.output } },
            onError: {
              target: 'choosing',
              actions: { type: 'storeFailure', params: ({ event }) => photoFailureOf(event.error) },
            },
          },
        },
      },
    },
    uploading: {
      invoke: {
        id: 'submitKyc',
        src: 'submitKyc',
        input: ({ context }) => readyPhotos(context.photos) ?? { front: '', back: '', handheld: '' },
        onDone: {
          target: 'pendingReview',
          actions: [assign({ status: 'pendingReview', rejectReason: null }), 'clearForm', 'kycChanged'],
        },
        onError: {
          target: 'editing',
          actions: assign({ showErrors: true, refusals: ({ event }) => refusedFields(event.error) }),
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

/** What each photo slot shows: its state, and the message to show under it, if any. */
export type PhotoSlotView = PhotoState & { message: { key: string } | { text: string } | null };

export const selectPhotoSlots = (snapshot: KycSnapshot): Record<PhotoSlot, PhotoSlotView> => {
  const { context } = snapshot;
  const view = (slot: PhotoSlot): PhotoSlotView => {
    const photo = context.photos[slot];
    const refusal = context.refusals[slot];
    if (photo.status === 'failed') return { ...photo, message: { key: `photoErrors.${photo.failure}` } };
    if (refusal) return { ...photo, message: { text: refusal } };
    if (photo.status === 'empty' && context.showErrors)
      return { ...photo, message: { key: 'validation.photoRequired' } };
    return { ...photo, message: null };
  };
  return { front: view('front'), back: view('back'), handheld: view('handheld') };
};
export const selectRejectReason = (snapshot: KycSnapshot) => snapshot.context.rejectReason;
/** Whether the photos being chosen replace rejected ones: the form then shows why they were rejected. */
export const selectResubmission = (snapshot: KycSnapshot) => snapshot.context.status === 'rejected';
export const selectCompressing = (snapshot: KycSnapshot) => snapshot.context.compressingSlot !== null;
