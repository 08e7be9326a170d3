import {
  type AppSignInSnapshot,
  approvalPollMs,
  appSignInMachine,
  scanIntervalMs,
} from '@machines/app-sign-in.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const loginCode = 'q8Zr3vN0cW2mK7yT5pL1xH9dF4sB6gJe';
/** The server's answer to this device's request, and its answers while the player decides and once approved. */
export const asked = { requestToken: 'request-token-of-this-device', expiresAt: '2026-12-02T12:02:00.000Z' };
export const undecided = { status: 'awaitingApproval' as const, token: null };
export const approved = { status: 'signedIn' as const, token: 'app-session-token' };
export const refusedOnDevice = Object.assign(new Error('refused'), {
  code: 400,
  fields: { loginCode: 'このログインは、コードを表示しているデバイスで拒否されました。' },
});
export const preview = { camera: 'back' };
export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
export const codeRefused = Object.assign(new Error('refused'), {
  code: 400,
  fields: { loginCode: 'このログインコードは無効か、有効期限が切れているか、すでに使用されています。' },
});
export const appKeyCodeRefused = Object.assign(new Error('refused'), {
  code: 400,
  fields: { totpCode: '認証コードが正しくないか、すでに使用されています。' },
});

const fixtures: EventFixtures<typeof appSignInMachine> = {
  'loginCode.submit': [{ type: 'loginCode.submit', loginCode }],
  'appKeyCode.submit': [{ type: 'appKeyCode.submit', totpCode: '123456' }],
  'appKeyCode.back': [{ type: 'appKeyCode.back' }],
  'scan.start': [{ type: 'scan.start' }],
  'scan.stop': [{ type: 'scan.stop' }],
  'approval.cancel': [{ type: 'approval.cancel' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.detectScanner', output: true },
  { type: 'xstate.done.actor.detectScanner', output: false },
  { type: 'xstate.error.actor.detectScanner', error: new Error('no camera') },
  { type: 'xstate.done.actor.openCamera', output: preview },
  { type: 'xstate.error.actor.openCamera', error: new Error('NotAllowedError') },
  { type: 'xstate.done.actor.readCode', output: loginCode },
  { type: 'xstate.done.actor.readCode', output: null },
  { type: 'xstate.error.actor.readCode', error: new Error('detector failed') },
  { type: 'xstate.after.scanInterval.appSignIn.scanning.waiting', delayMs: scanIntervalMs },
  { type: 'xstate.done.actor.exchangeCode', output: asked },
  { type: 'xstate.error.actor.exchangeCode', error: codeRefused },
  { type: 'xstate.error.actor.exchangeCode', error: appKeyCodeRefused },
  { type: 'xstate.error.actor.exchangeCode', error: offline },
  { type: 'xstate.after.approvalPoll.appSignIn.awaitingApproval', delayMs: approvalPollMs },
  { type: 'xstate.done.actor.claimSession', output: undecided },
  { type: 'xstate.done.actor.claimSession', output: approved },
  { type: 'xstate.error.actor.claimSession', error: refusedOnDevice },
  { type: 'xstate.error.actor.claimSession', error: offline },
];

const serializeState = (snapshot: AppSignInSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.canScan,
    snapshot.context.totpCode !== null,
    snapshot.context.requestToken !== null,
    snapshot.context.refusals,
  ]);

export const appSignInModel = machineModel({
  title: 'appSignInMachine',
  machine: appSignInMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['detectScanner', 'openCamera', 'readCode', 'exchangeCode', 'claimSession'],
});
