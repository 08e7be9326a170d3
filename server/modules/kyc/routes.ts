import { kycStateQuery, latestKycSubmission, submitKyc } from '@contract/kyc';
import { type AppEnv, route } from '@server/contract-router';
import { ApiError } from '@server/errors';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import type { Handler } from 'hono';
import * as v from 'valibot';
import { photoSides } from './photos';
import { kycStateOf, latestSubmissionOf, photoFor, submitPhotos } from './service';

export function kycRoutes(deps: PlayerDeps) {
  return [
    route(submitKyc, (context) => submitPhotos(deps, playerRequestOf(context), context.principal, context.body)),
    route(latestKycSubmission, ({ principal }) => latestSubmissionOf(deps, principal)),
    route(kycStateQuery, ({ principal }) => kycStateOf(deps, principal)),
  ];
}

const digits = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${max}}$`)), v.transform(Number));

const photoLinkParams = v.object({
  submissionId: digits(9),
  side: v.picklist(photoSides),
  viewer: digits(9),
  expires: digits(12),
  signature: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

/** Path of the photo links handed out in KYC submissions (see photos.ts). */
export const kycPhotoPath = '/v2/files/kyc/:submissionId/:side';

/** Serves one identity photo for a valid, unexpired link; never cached by shared caches. */
export function kycPhotoHandler(deps: PlayerDeps): Handler<AppEnv> {
  return async (c) => {
    const parsed = v.safeParse(photoLinkParams, { ...c.req.query(), ...c.req.param() });
    if (!parsed.success) throw new ApiError(403, 'kyc.photoLinkInvalid');
    const { submissionId, side, viewer, expires, signature } = parsed.output;
    const { file, expiresInSeconds } = await photoFor(deps, {
      submissionId,
      side,
      viewerId: viewer,
      expires,
      signature,
    });
    return c.body(new Uint8Array(file.bytes), 200, {
      'content-type': file.contentType,
      'cache-control': `private, max-age=${expiresInSeconds}`,
      'content-disposition': 'inline',
    });
  };
}
