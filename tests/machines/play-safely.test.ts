import { type LimitChange, limitChange, type ProtectionState } from '@contract/protection';
import {
  limitChangeWaits,
  playSafelyMachine,
  selectBlock,
  selectCanRequestReopen,
  selectEditingLimit,
  selectLimitRefusals,
  selectLimitRemovable,
  selectLimitRows,
  selectPlaySafelyStage,
  selectRealityCheck,
} from '@machines/play-safely.machine';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  conflict,
  excluded,
  exclusionEnded,
  limitRefusal,
  open,
  playSafelyModel,
  reopening,
  timedOut,
  withPending,
} from '../models/play-safely.model';
import { modelPaths, replayPath } from './model-paths';

describe('play safely machine model', () => {
  const paths = modelPaths(playSafelyModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    expect([...reached].sort()).toEqual(
      [
        'loadingState',
        'loadFailed',
        'overview',
        'editingLimit',
        'savingLimit',
        'savingRealityCheck',
        'confirmingTimeOut',
        'startingTimeOut',
        'confirmingSelfExclusion',
        'startingSelfExclusion',
        'blocked',
        'requestingReopen',
      ]
        .map((state) => JSON.stringify(state))
        .sort(),
    );
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(playSafelyModel, path, (live, model) => {
        expect(selectPlaySafelyStage(live)).toBe(selectPlaySafelyStage(model));
        expect(selectLimitRefusals(live)).toEqual(selectLimitRefusals(model));
        expect(selectBlock(live)).toEqual(selectBlock(model));
        expect(selectRealityCheck(live)).toBe(selectRealityCheck(model));
      });
    });
  }
});

describe('play safely rules', () => {
  function start(options: { states: ProtectionState[]; answer?: (call: string, input: unknown) => ProtectionState }) {
    const clock = new SimulatedClock();
    const calls: [string, unknown][] = [];
    const effects: string[] = [];
    const states = [...options.states];
    const call = (name: string) =>
      fromPromise<ProtectionState, unknown>(async ({ input }) => {
        calls.push([name, input]);
        if (!options.answer) throw new Error(`no answer for ${name}`);
        return options.answer(name, input);
      });
    const actor = createActor(
      playSafelyMachine.provide({
        actors: {
          loadProtectionState: fromPromise(async () => {
            const next = states.length > 1 ? states.shift() : states[0];
            if (!next) throw new Error('offline');
            return next;
          }),
          saveLimit: call('saveLimit') as never,
          saveRealityCheck: call('saveRealityCheck') as never,
          startTimeOut: call('startTimeOut') as never,
          startSelfExclusion: call('startSelfExclusion') as never,
          requestReopen: call('requestReopen') as never,
        },
        actions: {
          limitSaved: () => void effects.push('limitSaved'),
          blockStarted: () => void effects.push('blockStarted'),
          reopenRequested: () => void effects.push('reopenRequested'),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, clock, calls, effects, settle };
  }

  it('lists every limit, set or not, each in its unit, with a pending raise counted down', async () => {
    const { actor, settle } = start({ states: [withPending] });
    await settle();
    const rows = selectLimitRows(actor.getSnapshot());
    expect(rows.map((row) => `${row.kind}/${row.period ?? '-'}/${row.unit}`)).toEqual([
      'deposit/day/yen',
      'deposit/week/yen',
      'deposit/month/yen',
      'loss/day/coins',
      'loss/week/coins',
      'loss/month/coins',
      'wager/day/coins',
      'wager/week/coins',
      'wager/month/coins',
      'session/-/minutes',
    ]);
    const deposit = rows[0]!;
    expect(deposit).toMatchObject({ value: 10_000, used: 3_000, pending: { value: 20_000 } });
    const now = actor.getSnapshot().context.now;
    expect(deposit.pending!.appliesInMinutes).toBe(
      Math.max(0, Math.ceil((Date.parse('2026-11-30T12:00:00.000Z') - now) / 60_000)),
    );
    expect(rows[1]).toMatchObject({ value: null, used: 0, pending: null });
  });

  it('a raise or a removal waits a day; a lower or first limit applies at once', () => {
    expect(limitChangeWaits(10_000, 20_000)).toBe(true);
    expect(limitChangeWaits(10_000, null)).toBe(true);
    expect(limitChangeWaits(10_000, 5_000)).toBe(false);
    expect(limitChangeWaits(null, 5_000)).toBe(false);
  });

  it('sends a money limit with its period and the session limit without one', async () => {
    const { actor, calls, effects, settle } = start({ states: [open], answer: () => withPending });
    await settle();
    actor.send({ type: 'limit.edit', kind: 'deposit', period: 'week' });
    expect(selectEditingLimit(actor.getSnapshot())).toMatchObject({ kind: 'deposit', period: 'week', unit: 'yen' });
    expect(selectLimitRemovable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'limit.submit', value: 50_000 });
    await settle();
    actor.send({ type: 'limit.edit', kind: 'session', period: null });
    actor.send({ type: 'limit.submit', value: 90 });
    await settle();
    const sent = calls.map(([, input]) => input as LimitChange);
    expect(sent).toEqual([
      { kind: 'deposit', period: 'week', value: 50_000 },
      { kind: 'session', value: 90 },
    ]);
    for (const change of sent) expect(v.is(limitChange, change)).toBe(true);
    expect(effects).toEqual(['limitSaved', 'limitSaved']);
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('overview');
  });

  it("keeps the server's sentence on the refused field until the form is sent again", async () => {
    const { actor, settle } = start({
      states: [withPending],
      answer: () => {
        throw limitRefusal;
      },
    });
    await settle();
    actor.send({ type: 'limit.edit', kind: 'deposit', period: 'day' });
    expect(selectLimitRemovable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'limit.submit', value: 0 });
    await settle();
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('editingLimit');
    expect(selectLimitRefusals(actor.getSnapshot())).toEqual(limitRefusal.fields);
    actor.send({ type: 'limit.submit', value: 100 });
    expect(selectLimitRefusals(actor.getSnapshot())).toEqual({});
  });

  it('saves the reality check chosen, showing the new choice while it saves', async () => {
    const { actor, calls, settle } = start({
      states: [open],
      answer: (_, input) => ({ ...open, realityCheckMinutes: (input as { minutes: 15 | null }).minutes }),
    });
    await settle();
    expect(selectRealityCheck(actor.getSnapshot())).toBe(60);
    actor.send({ type: 'realityCheck.choose', minutes: null });
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('savingRealityCheck');
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    await settle();
    expect(calls).toEqual([['saveRealityCheck', { minutes: null }]]);
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('overview');
  });

  it('starts a time-out only once confirmed; stepping back starts nothing', async () => {
    const { actor, calls, effects, settle } = start({ states: [open], answer: () => timedOut });
    await settle();
    actor.send({ type: 'timeOut.choose', duration: '30d' });
    actor.send({ type: 'confirm.cancel' });
    expect(calls).toEqual([]);
    actor.send({ type: 'timeOut.choose', duration: '6w' });
    actor.send({ type: 'timeOut.confirm' });
    await settle();
    expect(calls).toEqual([['startTimeOut', { duration: '6w' }]]);
    expect(effects).toEqual(['blockStarted']);
    expect(selectBlock(actor.getSnapshot())?.kind).toBe('timeOut');
    expect(selectCanRequestReopen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'reopen.request' });
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('blocked');
  });

  it('a refused self-exclusion returns to the overview with nothing chosen', async () => {
    const { actor, calls, settle } = start({
      states: [open],
      answer: () => {
        throw conflict;
      },
    });
    await settle();
    actor.send({ type: 'selfExclusion.choose', duration: '5y' });
    actor.send({ type: 'selfExclusion.confirm' });
    await settle();
    expect(calls).toEqual([['startSelfExclusion', { duration: '5y' }]]);
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('overview');
    expect(actor.getSnapshot().context.selfExclusion).toBeNull();
  });

  it('asks to reopen only after the exclusion ended, then shows when the account opens', async () => {
    const ongoing = start({ states: [excluded] });
    await ongoing.settle();
    expect(selectPlaySafelyStage(ongoing.actor.getSnapshot())).toBe('blocked');
    ongoing.actor.send({ type: 'reopen.request' });
    expect(selectPlaySafelyStage(ongoing.actor.getSnapshot())).toBe('blocked');

    const ended = start({ states: [exclusionEnded], answer: () => reopening });
    await ended.settle();
    expect(selectCanRequestReopen(ended.actor.getSnapshot())).toBe(true);
    ended.actor.send({ type: 'reopen.request' });
    await ended.settle();
    expect(ended.calls).toEqual([['requestReopen', undefined]]);
    expect(ended.effects).toEqual(['reopenRequested']);
    expect(selectBlock(ended.actor.getSnapshot())?.reopensAt).toBe(reopening.block?.reopensAt);
    expect(selectCanRequestReopen(ended.actor.getSnapshot())).toBe(false);
  });

  it('reads the clock again while a change is pending, and not otherwise', async () => {
    const readings = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T12:00:00.000Z'));
    const pending = start({ states: [withPending] });
    const none = start({ states: [open] });
    await pending.settle();
    expect(selectLimitRows(pending.actor.getSnapshot())[0]!.pending!.appliesInMinutes).toBe(24 * 60);
    readings.mockReturnValue(Date.parse('2026-11-29T12:48:00.000Z'));
    pending.clock.increment(60_000);
    none.clock.increment(60_000);
    await pending.settle();
    expect(selectLimitRows(pending.actor.getSnapshot())[0]!.pending!.appliesInMinutes).toBe(23 * 60 + 12);
    expect(selectPlaySafelyStage(pending.actor.getSnapshot())).toBe('overview');
    expect(none.actor.getSnapshot().context.now).toBe(Date.parse('2026-11-29T12:00:00.000Z'));
    readings.mockRestore();
  });

  it('offers a retry when the state cannot be fetched', async () => {
    const { actor, settle } = start({ states: [] });
    await settle();
    expect(selectPlaySafelyStage(actor.getSnapshot())).toBe('loadFailed');
  });
});
