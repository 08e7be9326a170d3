import type { PhotoCompressionError, PhotoFailure } from '@machines/kyc.machine';
import Compressor from 'compressorjs';

/** docs/requirements.md §5: the app compresses uploads at quality 0.6; a PNG over 5,000,000 bytes becomes a JPEG. */
export const photoQuality = 0.6;
export const pngToJpegAboveBytes = 5_000_000;
/** An identity card stays legible at this size; larger camera photos only cost upload time. */
export const photoMaxSidePx = 2048;

/**
 * compressorjs reports each failure as an Error with a fixed English sentence; each of the
 * failures of docs/requirements.md §8.4 gets its own translated message, so they are told apart by those sentences.
 */
export function compressionFailureOf(error: unknown): PhotoFailure {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('must be a File or Blob')) return 'notBlob';
  if (message.includes('must be an image File or Blob')) return 'notImage';
  if (message.includes('does not support image compression')) return 'unsupported';
  if (/abort/i.test(message)) return 'aborted';
  if (message.includes('Failed to load the image')) return 'loadFailed';
  return 'readFailed';
}

function failure(kind: PhotoFailure): PhotoCompressionError {
  return { failure: kind };
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(failure('readFailed')));
    reader.onerror = () => reject(failure('readFailed'));
    reader.onabort = () => reject(failure('aborted'));
    reader.readAsDataURL(blob);
  });
}

/** Compresses a chosen photo in the browser and returns it as a data URL; rejects with the failure's kind. */
export function compressPhoto(file: unknown, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const compressor = new Compressor(file as Blob, {
      quality: photoQuality,
      convertSize: pngToJpegAboveBytes,
      maxWidth: photoMaxSidePx,
      maxHeight: photoMaxSidePx,
      success: (result) => void readAsDataUrl(result).then(resolve, reject),
      error: (error) => reject(failure(compressionFailureOf(error))),
    });
    signal?.addEventListener('abort', () => compressor.abort(), { once: true });
  });
}
