import type { ProtectionState } from '@contract/protection';
import { type PlaySafelySnapshot, playSafelyMachine } from '@machines/play-safely.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

/** No limit set, the reality check at its default, no block. */
export const open: ProtectionState = { limits: [], realityCheckMinutes: 60, block: null };

/** A daily deposit limit of 10,000 yen raised to 20,000, pending for a day. */
export const withPending: ProtectionState = {
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      value: 10_000,
      used: 3_000,
      resetsAt: '2026-11-29T15:00:00.000Z',
      pending: { value: 20_000, appliesAt: '2026-11-30T12:00:00.000Z' },
      setBy: 'player',
    },
  ],
  realityCheckMinutes: 30,
  block: null,
};

export const timedOut: ProtectionState = {
  ...open,
  block: {
    kind: 'timeOut',
    setBy: 'player',
    startedAt: '2026-11-29T12:00:00.000Z',
    endsAt: '2026-11-30T12:00:00.000Z',
    canRequestReopen: false,
    reopensAt: null,
  },
};

/** A six-month exclusion whose period ended: the player may ask to reopen. */
export const exclusionEnded: ProtectionState = {
  ...open,
  block: {
    kind: 'selfExclusion',
    setBy: 'player',
    startedAt: '2026-05-01T00:00:00.000Z',
    endsAt: '2026-11-01T00:00:00.000Z',
    canRequestReopen: true,
    reopensAt: null,
  },
};

export const excluded: ProtectionState = {
  ...open,
  block: { ...exclusionEnded.block!, endsAt: null, canRequestReopen: false },
};

export const reopening: ProtectionState = {
  ...open,
  block: { ...exclusionEnded.block!, canRequestReopen: false, reopensAt: '2026-11-30T12:00:00.000Z' },
};

export const limitRefusal = Object.assign(new Error('refused'), {
  code: 400,
  fields: { value: '上限は1以上で入力してください' },
});
export const conflict = Object.assign(new Error('refused'), { code: 409, fields: {} });

const fixtures: EventFixtures<typeof playSafelyMachine> = {
  'state.retry': [{ type: 'state.retry' }],
  'limit.edit': [
    { type: 'limit.edit', kind: 'deposit', period: 'day' },
    { type: 'limit.edit', kind: 'session', period: null },
  ],
  'limit.submit': [
    { type: 'limit.submit', value: 5_000 },
    { type: 'limit.submit', value: null },
  ],
  'limit.cancel': [{ type: 'limit.cancel' }],
  'realityCheck.choose': [
    { type: 'realityCheck.choose', minutes: 15 },
    { type: 'realityCheck.choose', minutes: null },
  ],
  'timeOut.choose': [{ type: 'timeOut.choose', duration: '7d' }],
  'timeOut.confirm': [{ type: 'timeOut.confirm' }],
  'selfExclusion.choose': [{ type: 'selfExclusion.choose', duration: 'permanent' }],
  'selfExclusion.confirm': [{ type: 'selfExclusion.confirm' }],
  'confirm.cancel': [{ type: 'confirm.cancel' }],
  'reopen.request': [{ type: 'reopen.request' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadProtectionState', output: open },
  { type: 'xstate.done.actor.loadProtectionState', output: timedOut },
  { type: 'xstate.done.actor.loadProtectionState', output: exclusionEnded },
  { type: 'xstate.error.actor.loadProtectionState', error: new Error('offline') },
  { type: 'xstate.done.actor.saveLimit', output: withPending },
  { type: 'xstate.error.actor.saveLimit', error: limitRefusal },
  { type: 'xstate.done.actor.saveRealityCheck', output: { ...open, realityCheckMinutes: 15 } },
  { type: 'xstate.error.actor.saveRealityCheck', error: new Error('offline') },
  { type: 'xstate.done.actor.startTimeOut', output: timedOut },
  { type: 'xstate.error.actor.startTimeOut', error: conflict },
  { type: 'xstate.done.actor.startSelfExclusion', output: excluded },
  { type: 'xstate.error.actor.startSelfExclusion', error: conflict },
  { type: 'xstate.done.actor.requestReopen', output: reopening },
  { type: 'xstate.error.actor.requestReopen', error: new Error('offline') },
  { type: 'xstate.after.pendingTick.playSafely.overview', delayMs: 60_000 },
];

/** What the guards and the views read: the block, whether a change is pending, the open form and its refusals. */
export const serializeState = (snapshot: PlaySafelySnapshot) => {
  const { protection, editing, timeOut, selfExclusion, refusals } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    protection?.block?.kind ?? null,
    protection?.block?.canRequestReopen ?? false,
    protection?.block?.reopensAt != null,
    protection?.limits.some((limit) => limit.pending !== null) ?? false,
    protection?.realityCheckMinutes ?? null,
    editing,
    timeOut,
    selfExclusion,
    Object.keys(refusals),
  ]);
};

export const playSafelyModel = machineModel({
  title: 'playSafelyMachine',
  machine: playSafelyMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: [
    'loadProtectionState',
    'saveLimit',
    'saveRealityCheck',
    'startTimeOut',
    'startSelfExclusion',
    'requestReopen',
  ],
});
