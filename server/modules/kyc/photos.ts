import { createHmac, timingSafeEqual } from 'node:crypto';
import { maxPhotoBytes } from '@contract/kyc';
import type { PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export const photoSides = ['front', 'back', 'handheld'] as const;
export type PhotoSide = (typeof photoSides)[number];

const acceptedTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Larger images are not identity photos; this also bounds the memory one decode may take. */
const maxInputPixels = 50_000_000;

export interface CleanPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/**
 * A photo from its data URL, judged by its content and not by the type it claims: JPEG, PNG or
 * WebP, at most `maxPhotoBytes`. It is decoded and encoded again, upright and without metadata
 * (EXIF with its GPS position and camera serial, XMP, ICC), so nothing but pixels is kept.
 */
export async function cleanPhoto(request: PlayerRequest, side: PhotoSide, dataUrl: string): Promise<CleanPhoto> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > maxPhotoBytes) {
    throw fieldRefusal(request.t, 400, side, 'kyc.photoTooLarge', { max: Math.round(maxPhotoBytes / 1024 / 1024) });
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !acceptedTypes.has(sniffed.mime)) throw fieldRefusal(request.t, 400, side, 'kyc.photoNotImage');
  const contentType = sniffed.mime as CleanPhoto['contentType'];
  try {
    // rotate() with no angle applies the EXIF orientation before the EXIF is dropped.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels }).rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 90 })
        : contentType === 'image/png'
          ? image.png()
          : image.webp({ quality: 90 });
    return { bytes: await encoded.toBuffer(), contentType };
  } catch {
    throw fieldRefusal(request.t, 400, side, 'kyc.photoUnreadable');
  }
}

/** Photo links are valid this long; the page asks for fresh ones when it loads again. */
export const photoLinkLifetimeSeconds = 15 * 60;

function linkSignature(
  secret: string,
  submissionId: number,
  side: PhotoSide,
  viewerId: number,
  expires: number,
): string {
  return createHmac('sha256', secret)
    .update(`kyc-photo:${submissionId}:${side}:${viewerId}:${expires}`)
    .digest('base64url');
}

/**
 * A short-lived link to one photo for one viewer (its owner or an operator). An <img> cannot send
 * the TOKEN header, so the link carries its own proof; the server checks again when it is used
 * that the viewer may still see the photo.
 */
export function photoLink(secret: string, submissionId: number, side: PhotoSide, viewerId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + photoLinkLifetimeSeconds;
  const signature = linkSignature(secret, submissionId, side, viewerId, expires);
  return `/v2/files/kyc/${submissionId}/${side}?viewer=${viewerId}&expires=${expires}&signature=${signature}`;
}

export function checkPhotoLink(
  secret: string,
  link: { submissionId: number; side: PhotoSide; viewerId: number; expires: number; signature: string },
  now: Date,
): boolean {
  const expected = Buffer.from(linkSignature(secret, link.submissionId, link.side, link.viewerId, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return link.expires >= Math.floor(now.getTime() / 1000);
}
