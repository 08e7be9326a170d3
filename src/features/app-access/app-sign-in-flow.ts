import { appLoginQrClaim, appLoginQrExchange } from '@contract/user';
import { appSignInMachine, type CameraPreview } from '@machines/app-sign-in.machine';
import type { SessionEvent } from '@machines/session.machine';
import Bowser from 'bowser';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';

/** The browser's barcode detection (Chromium on Android, macOS and ChromeOS; not in every browser). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}
const barcodeDetectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** The camera as the flow holds it: the stream the view shows, the video the detector reads. */
interface OpenCamera {
  stream: MediaStream;
  video: HTMLVideoElement;
  detector: BarcodeDetectorLike;
}
const isOpenCamera = (preview: CameraPreview | null): preview is OpenCamera =>
  preview !== null && 'stream' in preview && 'video' in preview && 'detector' in preview;

/** The camera's stream of an open preview, for the view's <video>. */
export const cameraStreamOf = (preview: CameraPreview | null): MediaStream | null =>
  isOpenCamera(preview) ? preview.stream : null;

async function scannerAvailable(): Promise<boolean> {
  const Detector = barcodeDetectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return false;
  return (await Detector.getSupportedFormats()).includes('qr_code');
}

async function openCamera({ signal }: { signal: AbortSignal }): Promise<OpenCamera> {
  const Detector = barcodeDetectorClass();
  if (!Detector) throw new Error('no barcode detection');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  // The player may have chosen to type while the browser asked for the camera: let it go at once.
  if (signal.aborted) {
    for (const track of stream.getTracks()) track.stop();
    throw new Error('no longer scanning');
  }
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  return { stream, video, detector: new Detector({ formats: ['qr_code'] }) };
}

async function readCode({ input }: { input: { preview: CameraPreview | null } }): Promise<string | null> {
  if (!isOpenCamera(input.preview)) return null;
  const [found] = await input.preview.detector.detect(input.preview.video);
  return found?.rawValue.trim() ?? null;
}

/**
 * What this device calls itself when it asks to sign in ("Chrome on Android"), for the player to
 * recognise on the device that shows the code. Read from the browser's own user agent; a browser
 * it does not recognise gives no name, and the question names none.
 */
export function deviceName(userAgent: string): string | undefined {
  if (userAgent === '') return undefined;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const on = platform.model ?? os.name;
  const app = browser.name || undefined;
  if (app && on) return `${app} · ${on}`;
  return app ?? on;
}

/** The app's sign-in by QR code with the real camera and calls; the new token goes to the session. */
export function appSignInLogic(session: { send(event: SessionEvent): void }) {
  return appSignInMachine.provide({
    actors: {
      detectScanner: fromPromise(scannerAvailable),
      openCamera: fromPromise<CameraPreview>(openCamera),
      readCode: fromPromise(readCode),
      // The refusal is shown on its field, not as a toast as well.
      exchangeCode: fromPromise(({ input }) => {
        const device = deviceName(navigator.userAgent);
        return api.call(
          appLoginQrExchange,
          {
            loginCode: input.loginCode,
            ...(input.totpCode ? { totpCode: input.totpCode } : {}),
            ...(device ? { device } : {}),
          },
          { silent: true },
        );
      }),
      // Following is quiet: a refusal ends on the code's field, no answer is asked again.
      claimSession: fromPromise(({ input }) => api.call(appLoginQrClaim, input, { silent: true })),
    },
    actions: {
      signIn: (_, { token }) => session.send({ type: 'signIn.succeeded', token }),
      closeCamera: (_, { preview }) => {
        if (!isOpenCamera(preview)) return;
        for (const track of preview.stream.getTracks()) track.stop();
        preview.video.srcObject = null;
      },
    },
  });
}
