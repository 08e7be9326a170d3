/**
 * playSafely: the player's own protection page: limits, the reality check, a time-out, a
 * self-exclusion, and asking to reopen after an exclusion ended (docs/requirements.md §18).
 *
 * States:
 * - loadingState: the player's limits, reality check and any block are fetched; a block decides
 *   that the page shows it rather than the choices.
 * - loadFailed: they could not be fetched; the page offers a retry.
 * - overview: waiting for the player to pick something: every limit (value, what is used, a pending
 *   raise or removal with the time until it applies), the reality check, the time-outs and
 *   self-exclusions on offer. While a change is pending the clock is read again every
 *   `pendingTick`, so "applies in …" counts down without a reload.
 * - editingLimit: waiting for the player to send one limit's form (a new value, or its removal),
 *   which the view has checked against the contract's limitChange. After a refusal the server's
 *   sentence per field is kept for the view to show on that field until it changes.
 * - savingLimit: the server stores the limit: a lower one at once, a raise or removal 24 hours
 *   later, pending until then.
 * - savingRealityCheck: the server stores the reality check's new interval (or that it is off).
 * - confirmingTimeOut: a break was chosen; the page says plainly it cannot be ended early and waits
 *   for the player to confirm or step back.
 * - startingTimeOut: the server starts the break at once.
 * - confirmingSelfExclusion: a self-exclusion was chosen; the page says plainly it cannot be undone
 *   and waits for an explicit confirmation (the player ticks that they understand) or a step back.
 * - startingSelfExclusion: the server starts the exclusion at once.
 * - blocked: a time-out or self-exclusion is on: the page shows which, who set it and when it ends;
 *   when the server says the exclusion's period ended, the player may ask to reopen.
 * - requestingReopen: the server records the request; the account opens 24 hours later.
 *
 * A refused call other than a limit's field returns to where the player was, the api client's toast
 * saying why.
 */

import {
  type BlockState,
  type LimitChange,
  type LimitKind,
  type LimitPeriod,
  type LimitState,
  limitPeriods,
  moneyLimitKinds,
  type ProtectionSource,
  type ProtectionState,
  type RealityCheckInterval,
  type SelfExclusionDuration,
  type TimeOutDuration,
} from '@contract/protection';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

/** One limit the page shows: a money limit for one period, or the session limit (period null). */
export interface LimitTarget {
  kind: LimitKind;
  period: LimitPeriod | null;
}

/** What a limit is counted in: yen deposited, coins lost or wagered, minutes of a session. */
export type LimitUnit = 'yen' | 'coins' | 'minutes';

export const limitUnitOf = (kind: LimitKind): LimitUnit =>
  kind === 'deposit' ? 'yen' : kind === 'session' ? 'minutes' : 'coins';

/** Every limit a player can set, in the order the page lists them. */
export const limitTargets: readonly LimitTarget[] = [
  ...moneyLimitKinds.flatMap((kind) => limitPeriods.map((period) => ({ kind, period }))),
  { kind: 'session', period: null },
];

export interface LimitRow extends LimitTarget {
  unit: LimitUnit;
  value: number | null;
  used: number;
  pending: { value: number | null; appliesAt: string; appliesInMinutes: number } | null;
  setBy: ProtectionSource;
}

export interface PlaySafelyContext {
  protection: ProtectionState | null;
  /** The limit whose form is open. */
  editing: LimitTarget | null;
  /** What was last sent, for the call. */
  sentLimit: LimitChange | null;
  realityCheck: RealityCheckInterval | null;
  timeOut: TimeOutDuration | null;
  selfExclusion: SelfExclusionDuration | null;
  /** The server's sentence per field of the limit form it refused. */
  refusals: Record<string, string>;
  /** The clock as last read: what "applies in" counts from. */
  now: number;
}

export type PlaySafelyEvent =
  | { type: 'state.retry' }
  | ({ type: 'limit.edit' } & LimitTarget)
  | { type: 'limit.submit'; value: number | null }
  | { type: 'limit.cancel' }
  | { type: 'realityCheck.choose'; minutes: RealityCheckInterval | null }
  | { type: 'timeOut.choose'; duration: TimeOutDuration }
  | { type: 'timeOut.confirm' }
  | { type: 'selfExclusion.choose'; duration: SelfExclusionDuration }
  | { type: 'selfExclusion.confirm' }
  | { type: 'confirm.cancel' }
  | { type: 'reopen.request' };

/** The call's body for a limit's new value (null removes it). */
export function limitChangeOf(target: LimitTarget, value: number | null): LimitChange {
  return target.kind === 'session'
    ? { kind: 'session', value }
    : { kind: target.kind, period: target.period ?? 'day', value };
}

/** A raise or a removal waits 24 hours; a lower limit, or a first one, applies at once. */
export function limitChangeWaits(current: number | null, value: number | null): boolean {
  if (current === null) return false;
  return value === null || value > current;
}

const sameTarget = (limit: LimitState, target: LimitTarget) =>
  limit.kind === target.kind && (target.kind === 'session' || limit.period === target.period);

function limitRowOf(protection: ProtectionState | null, target: LimitTarget, now: number): LimitRow {
  const limit = protection?.limits.find((candidate) => sameTarget(candidate, target));
  const pending = limit?.pending ?? null;
  return {
    ...target,
    unit: limitUnitOf(target.kind),
    value: limit?.value ?? null,
    used: limit?.used ?? 0,
    pending: pending && {
      value: pending.value,
      appliesAt: pending.appliesAt,
      appliesInMinutes: Math.max(0, Math.ceil((Date.parse(pending.appliesAt) - now) / 60_000)),
    },
    setBy: limit?.setBy ?? 'player',
  };
}

const blocked = (protection: ProtectionState) => protection.block !== null;

export const playSafelyMachine = setup({
  types: {
    context: {} as PlaySafelyContext,
    events: {} as PlaySafelyEvent,
  },
  actors: {
    loadProtectionState: fromPromise<ProtectionState>(async () => {
      throw new Error('loadProtectionState must be provided');
    }),
    saveLimit: fromPromise<ProtectionState, LimitChange>(async () => {
      throw new Error('saveLimit must be provided');
    }),
    saveRealityCheck: fromPromise<ProtectionState, { minutes: RealityCheckInterval | null }>(async () => {
      throw new Error('saveRealityCheck must be provided');
    }),
    startTimeOut: fromPromise<ProtectionState, { duration: TimeOutDuration }>(async () => {
      throw new Error('startTimeOut must be provided');
    }),
    startSelfExclusion: fromPromise<ProtectionState, { duration: SelfExclusionDuration }>(async () => {
      throw new Error('startSelfExclusion must be provided');
    }),
    requestReopen: fromPromise<ProtectionState>(async () => {
      throw new Error('requestReopen must be provided');
    }),
  },
  delays: {
    pendingTick: 60_000,
  },
  actions: {
    /** The protection state changed on the server: the query cache keeps the new one. */
    stateChanged: (_, _state: ProtectionState) => {},
    limitSaved: () => {},
    realityCheckSaved: () => {},
    blockStarted: () => {},
    reopenRequested: () => {},
    storeState: assign((_, protection: ProtectionState) => ({ protection, now: Date.now() })),
    readClock: assign({ now: () => Date.now() }),
    closeChoices: assign({
      editing: null,
      sentLimit: null,
      timeOut: null,
      selfExclusion: null,
      refusals: {},
    }),
  },
  guards: {
    isBlocked: (_, protection: ProtectionState) => blocked(protection),
    hasPending: ({ context }) => context.protection?.limits.some((limit) => limit.pending !== null) ?? false,
    canRequestReopen: ({ context }) => context.protection?.block?.canRequestReopen ?? false,
  },
}).createMachine({
  id: 'playSafely',
  context: () => ({
    protection: null,
    editing: null,
    sentLimit: null,
    realityCheck: null,
    timeOut: null,
    selfExclusion: null,
    refusals: {},
    now: Date.now(),
  }),
  initial: 'loadingState',
  states: {
    loadingState: {
      invoke: {
        id: 'loadProtectionState',
        src: 'loadProtectionState',
        onDone: [
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'storeState', params: ({ event }) => event.output },
          },
          { target: 'overview', actions: { type: 'storeState', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'state.retry': { target: 'loadingState' } },
    },
    overview: {
      after: {
        pendingTick: { guard: 'hasPending', target: 'overview', reenter: true, actions: 'readClock' },
      },
      on: {
        'limit.edit': {
          target: 'editingLimit',
          actions: assign(({ event }) => ({ editing: { kind: event.kind, period: event.period }, refusals: {} })),
        },
        'realityCheck.choose': {
          target: 'savingRealityCheck',
          actions: assign({ realityCheck: ({ event }) => event.minutes }),
        },
        'timeOut.choose': {
          target: 'confirmingTimeOut',
          actions: assign({ timeOut: ({ event }) => event.duration }),
        },
        'selfExclusion.choose': {
          target: 'confirmingSelfExclusion',
          actions: assign({ selfExclusion: ({ event }) => event.duration }),
        },
      },
    },
    editingLimit: {
      on: {
        'limit.submit': {
          target: 'savingLimit',
          actions: assign(({ context, event }) => ({
            sentLimit: context.editing && limitChangeOf(context.editing, event.value),
            refusals: {},
          })),
        },
        'limit.cancel': { target: 'overview', actions: 'closeChoices' },
      },
    },
    savingLimit: {
      invoke: {
        id: 'saveLimit',
        src: 'saveLimit',
        input: ({ context }): LimitChange => context.sentLimit ?? { kind: 'session', value: null },
        onDone: {
          target: 'overview',
          actions: [
            { type: 'storeState', params: ({ event }) => event.output },
            { type: 'stateChanged', params: ({ event }) => event.output },
            'closeChoices',
            'limitSaved',
          ],
        },
        onError: {
          target: 'editingLimit',
          actions: assign({ refusals: ({ event }) => refusedFields(event.error) }),
        },
      },
    },
    savingRealityCheck: {
      invoke: {
        id: 'saveRealityCheck',
        src: 'saveRealityCheck',
        input: ({ context }) => ({ minutes: context.realityCheck }),
        onDone: {
          target: 'overview',
          actions: [
            { type: 'storeState', params: ({ event }) => event.output },
            { type: 'stateChanged', params: ({ event }) => event.output },
            'realityCheckSaved',
          ],
        },
        onError: { target: 'overview' },
      },
    },
    confirmingTimeOut: {
      on: {
        'timeOut.confirm': { target: 'startingTimeOut' },
        'confirm.cancel': { target: 'overview', actions: 'closeChoices' },
      },
    },
    startingTimeOut: {
      invoke: {
        id: 'startTimeOut',
        src: 'startTimeOut',
        input: ({ context }) => ({ duration: context.timeOut ?? '24h' }),
        onDone: {
          target: 'blocked',
          actions: [
            { type: 'storeState', params: ({ event }) => event.output },
            { type: 'stateChanged', params: ({ event }) => event.output },
            'closeChoices',
            'blockStarted',
          ],
        },
        onError: { target: 'overview', actions: 'closeChoices' },
      },
    },
    confirmingSelfExclusion: {
      on: {
        'selfExclusion.confirm': { target: 'startingSelfExclusion' },
        'confirm.cancel': { target: 'overview', actions: 'closeChoices' },
      },
    },
    startingSelfExclusion: {
      invoke: {
        id: 'startSelfExclusion',
        src: 'startSelfExclusion',
        input: ({ context }) => ({ duration: context.selfExclusion ?? '6m' }),
        onDone: {
          target: 'blocked',
          actions: [
            { type: 'storeState', params: ({ event }) => event.output },
            { type: 'stateChanged', params: ({ event }) => event.output },
            'closeChoices',
            'blockStarted',
          ],
        },
        onError: { target: 'overview', actions: 'closeChoices' },
      },
    },
    blocked: {
      on: {
        'reopen.request': { guard: 'canRequestReopen', target: 'requestingReopen' },
      },
    },
    requestingReopen: {
      invoke: {
        id: 'requestReopen',
        src: 'requestReopen',
        onDone: {
          target: 'blocked',
          actions: [
            { type: 'storeState', params: ({ event }) => event.output },
            { type: 'stateChanged', params: ({ event }) => event.output },
            'reopenRequested',
          ],
        },
        onError: { target: 'blocked' },
      },
    },
  },
});

export type PlaySafelySnapshot = SnapshotFrom<typeof playSafelyMachine>;

export type PlaySafelyStage =
  | 'loadingState'
  | 'loadFailed'
  | 'overview'
  | 'editingLimit'
  | 'savingLimit'
  | 'savingRealityCheck'
  | 'confirmingTimeOut'
  | 'startingTimeOut'
  | 'confirmingSelfExclusion'
  | 'startingSelfExclusion'
  | 'blocked'
  | 'requestingReopen';

export const selectPlaySafelyStage = (snapshot: PlaySafelySnapshot): PlaySafelyStage =>
  snapshot.value as PlaySafelyStage;

/** Every limit, set or not, with what is used and any pending change counted down from the clock. */
export const selectLimitRows = (snapshot: PlaySafelySnapshot): LimitRow[] =>
  limitTargets.map((target) => limitRowOf(snapshot.context.protection, target, snapshot.context.now));

/** The limits that have a value or a pending change: what a blocked player's page still lists. */
export const selectSetLimitRows = (snapshot: PlaySafelySnapshot): LimitRow[] =>
  selectLimitRows(snapshot).filter((row) => row.value !== null || row.pending !== null);

/** The limit whose form is open. */
export const selectEditingLimit = (snapshot: PlaySafelySnapshot): LimitRow | null =>
  snapshot.context.editing && limitRowOf(snapshot.context.protection, snapshot.context.editing, snapshot.context.now);

/** A limit can be removed when it has a value now (a pending removal is removed already). */
export const selectLimitRemovable = (snapshot: PlaySafelySnapshot): boolean => {
  const row = selectEditingLimit(snapshot);
  return row !== null && row.value !== null && !(row.pending !== null && row.pending.value === null);
};

export const selectLimitRefusals = (snapshot: PlaySafelySnapshot) => snapshot.context.refusals;
export const selectLimitSaving = (snapshot: PlaySafelySnapshot) => snapshot.matches('savingLimit');

/** The reality check as the server has it; while a new choice is saved, that choice. */
export const selectRealityCheck = (snapshot: PlaySafelySnapshot): RealityCheckInterval | null =>
  snapshot.matches('savingRealityCheck')
    ? snapshot.context.realityCheck
    : (snapshot.context.protection?.realityCheckMinutes ?? null);
export const selectRealityCheckSaving = (snapshot: PlaySafelySnapshot) => snapshot.matches('savingRealityCheck');

export const selectChosenTimeOut = (snapshot: PlaySafelySnapshot) => snapshot.context.timeOut;
export const selectChosenSelfExclusion = (snapshot: PlaySafelySnapshot) => snapshot.context.selfExclusion;
export const selectBlockStarting = (snapshot: PlaySafelySnapshot) =>
  snapshot.matches('startingTimeOut') || snapshot.matches('startingSelfExclusion');

export const selectBlock = (snapshot: PlaySafelySnapshot): BlockState | null =>
  snapshot.context.protection?.block ?? null;
/** The button to ask to reopen shows only when the server says the exclusion's period ended. */
export const selectCanRequestReopen = (snapshot: PlaySafelySnapshot) =>
  snapshot.context.protection?.block?.canRequestReopen ?? false;
export const selectReopenRequesting = (snapshot: PlaySafelySnapshot) => snapshot.matches('requestingReopen');
