import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime } from './endpoint';

/** The account's verification state; notSubmitted until the first photos arrive. */
export const kycStatuses = ['notSubmitted', 'pendingReview', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** A submission is always past notSubmitted. */
export const kycSubmissionStatuses = ['pendingReview', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof kycSubmissionStatuses)[number];

/** The largest photo the server accepts, in bytes, after the browser's compression. */
export const maxPhotoBytes = 10 * 1024 * 1024;

/** The longest base64 data URL accepted per photo: a photo of `maxPhotoBytes` with its prefix. */
export const maxPhotoDataUrlLength = 'data:image/jpeg;base64,'.length + Math.ceil(maxPhotoBytes / 3) * 4;

/**
 * The body limit of the KYC call alone (the rest of the API keeps 1 MiB): three of the largest
 * photos and the JSON around them. Only signed-in players get this far; visitors are refused
 * before the body is read.
 */
export const maxKycSubmissionBytes = 3 * maxPhotoDataUrlLength + 1024;

/** A compressed photo as a data URL (what canvas.toDataURL and FileReader give the browser). */
export const photoInput = v.pipe(
  v.string('validation.photo'),
  v.maxLength(maxPhotoDataUrlLength, 'validation.photoTooLarge'),
  v.regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/, 'validation.photo'),
);

export const kycPhotos = v.object({ front: photoInput, back: photoInput, handheld: photoInput });
export type KycPhotosInput = v.InferInput<typeof kycPhotos>;

/**
 * A photo slot of the verification form: chosen (the browser's compressed data URL), small enough
 * once compressed, then the body's own rule.
 */
const photoField = v.pipe(
  v.string(),
  v.nonEmpty('validation.photoRequired'),
  v.maxLength(maxPhotoDataUrlLength, 'photoErrors.tooLarge'),
  photoInput,
);

/** The identity-verification form: all three photos, each as the call takes it. */
export const kycPhotosForm = v.object({ front: photoField, back: photoField, handheld: photoField });

export const kycSubmission = v.object({
  id: v.number(),
  status: v.picklist(kycSubmissionStatuses),
  /** Short-lived URLs of the stored photos, readable only by their owner and operators. */
  photos: v.object({ front: v.string(), back: v.string(), handheld: v.string() }),
  submittedAt: isoDateTime,
  reviewedAt: v.nullable(isoDateTime),
  rejectReason: v.nullable(v.string()),
});
export type KycSubmission = v.InferOutput<typeof kycSubmission>;

export const submitKyc = endpoint({
  path: '/v2/app/user/kyc/add',
  access: 'user',
  summary: 'Submit the front, back and handheld photos of the identity card for review',
  body: kycPhotos,
  data: kycSubmission,
});

export const latestKycSubmission = endpoint({
  path: '/v2/app/user/kyc/latest',
  access: 'user',
  summary: 'The player’s most recent KYC submission, or null before the first',
  body: emptyBody,
  data: v.nullable(kycSubmission),
});

const kycState = v.object({
  status: v.picklist(kycStatuses),
  /** The document number with all but the last four characters masked; null until recorded. */
  maskedIdNumber: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  rejectReason: v.nullable(v.string()),
  reviewedAt: v.nullable(isoDateTime),
});
export type KycState = v.InferOutput<typeof kycState>;

export const kycStateQuery = endpoint({
  path: '/v2/app/user/get/kyc',
  access: 'user',
  summary: 'The player’s identity verification state and the identity on record',
  body: emptyBody,
  data: kycState,
});
