import {
  type PlaySafelySnapshot,
  playSafelyMachine,
  selectLimitRemovable,
  selectPlaySafelyStage,
} from '@machines/play-safely.machine';
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { exclusionEnded, open, serializeState, timedOut, withPending } from '../tests/models/play-safely.model';
import { expect, text } from './fixtures';
import { type Adapter, replayMachinePaths, type Snapshot, type Step } from './machine-replay';
import { moneyPlayer, openMoneyPage } from './money-players';

/**
 * The play-safely page replayed as clicks (see machine-replay.ts): limits set and removed, the
 * reality check chosen, a break and a self-exclusion confirmed, each against the real server.
 *
 * Outcomes come from the real server: the page starts from the player's own state (a new player's,
 * or one already on a break, which `start` takes through the API). A failed network is the only
 * condition the test makes itself (the request is aborted before it leaves the browser); the steps a
 * browser cannot bring about are listed in `unsupported` with their reason.
 */

const locale = 'en-US';
const password = 'Play-Safely-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `protection:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const loaded = (step: Step | undefined) =>
  step?.event.type === 'xstate.done.actor.loadProtectionState'
    ? (step.event.output as typeof open).block?.kind
    : undefined;

const limitName = (kind: string, period: string | null) =>
  period === null
    ? say('limits.kinds.session')
    : say('limits.perPeriod', { kind: say(`limits.kinds.${kind}`), period: say(`limits.periods.${period}`) });

const editedLimit = (snapshot: Snapshot) => (snapshot as unknown as PlaySafelySnapshot).context.editing;

const protectionAdapter: Adapter = {
  machine: playSafelyMachine,
  events: [
    { type: 'state.retry' },
    { type: 'limit.edit', kind: 'deposit', period: 'day' },
    { type: 'limit.edit', kind: 'session', period: null },
    { type: 'limit.submit', value: 90 },
    { type: 'limit.submit', value: null },
    { type: 'limit.cancel' },
    { type: 'realityCheck.choose', minutes: 15 },
    { type: 'realityCheck.choose', minutes: null },
    { type: 'timeOut.choose', duration: '7d' },
    { type: 'timeOut.confirm' },
    { type: 'selfExclusion.choose', duration: 'permanent' },
    { type: 'selfExclusion.confirm' },
    { type: 'confirm.cancel' },
    { type: 'reopen.request' },
    { type: 'xstate.done.actor.loadProtectionState', output: open },
    { type: 'xstate.done.actor.loadProtectionState', output: timedOut },
    { type: 'xstate.done.actor.loadProtectionState', output: exclusionEnded },
    { type: 'xstate.error.actor.loadProtectionState', error: offline },
    { type: 'xstate.done.actor.saveLimit', output: withPending },
    { type: 'xstate.error.actor.saveLimit', error: offline },
    { type: 'xstate.done.actor.saveRealityCheck', output: { ...open, realityCheckMinutes: 15 } },
    { type: 'xstate.error.actor.saveRealityCheck', error: offline },
    { type: 'xstate.done.actor.startTimeOut', output: timedOut },
    { type: 'xstate.error.actor.startTimeOut', error: offline },
    {
      type: 'xstate.done.actor.startSelfExclusion',
      output: { ...open, block: { ...timedOut.block!, kind: 'selfExclusion', endsAt: null } },
    },
    { type: 'xstate.error.actor.startSelfExclusion', error: offline },
    { type: 'xstate.done.actor.requestReopen', output: timedOut },
    { type: 'xstate.error.actor.requestReopen', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) => serializeState(snapshot as unknown as PlaySafelySnapshot),
  unsupported(step, previous) {
    const { type } = step.event;
    if (type === 'xstate.error.actor.loadProtectionState')
      return 'the route’s loader and the flow share the state’s query, so an aborted request cannot be told apart';
    if (loaded(step) === 'selfExclusion')
      return 'no self-exclusion’s period ends within a test, so the server never offers to reopen';
    if (type === 'limit.submit' && step.event.value === null && !selectLimitRemovable(previous as never))
      return 'the model’s answers set only the daily deposit limit, the one a walk may remove';
    return null;
  },
  inFlight: [
    'loadingState',
    'savingLimit',
    'savingRealityCheck',
    'startingTimeOut',
    'startingSelfExclusion',
    'requestingReopen',
  ],
  calls: {
    loadProtectionState: '/v2/app/protection/state',
    saveLimit: '/v2/app/protection/limit/set',
    saveRealityCheck: '/v2/app/protection/reality-check/set',
    startTimeOut: '/v2/app/protection/time-out',
    startSelfExclusion: '/v2/app/protection/self-exclude',
    requestReopen: '/v2/app/protection/reopen',
  },
  networkFailures: ['saveLimit', 'saveRealityCheck', 'startTimeOut', 'startSelfExclusion', 'requestReopen'],
  async start({ page, request, path }) {
    const player = await moneyPlayer(request, locale, password, 'new');
    // Two limits are set, so the page can offer to remove them; then the account is put in the
    // state the path's first load finds.
    const { call, token } = player;
    await call('/v2/app/protection/limit/set', { kind: 'deposit', period: 'day', value: 10_000 }, { token });
    await call('/v2/app/protection/limit/set', { kind: 'session', value: 120 }, { token });
    if (loaded(path.steps[1]) === 'timeOut')
      await player.call('/v2/app/protection/time-out', { duration: '24h' }, { token: player.token });
    await openMoneyPage(page, locale, player, '/user/play-safely');
    await expect(page.getByRole('heading', { name: say('title'), level: 1 })).toBeVisible();
  },
  async perform({ page }, step, index) {
    const { event } = step;
    switch (event.type) {
      case 'limit.edit': {
        const name = limitName(event.kind as string, event.period as string | null);
        await page.getByRole('button', { name: say('limits.editNamed', { limit: name }) }).click();
        return;
      }
      case 'limit.submit':
        await submitLimit(page, step, event.value as number | null);
        return;
      case 'limit.cancel':
        await page.getByRole('button', { name: say('limitForm.cancel') }).click();
        return;
      case 'realityCheck.choose': {
        const minutes = event.minutes as number | null;
        const label = minutes === null ? say('realityCheck.off') : say('realityCheck.every', { minutes });
        await page
          .getByRole('group', { name: say('realityCheck.title') })
          .getByRole('button', { name: label })
          .click();
        return;
      }
      case 'timeOut.choose':
        await page.getByRole('button', { name: say(`timeOut.durations.${event.duration as string}`) }).click();
        return;
      case 'timeOut.confirm':
        await page.getByRole('button', { name: say('timeOut.confirm') }).click();
        return;
      case 'selfExclusion.choose':
        await page.getByRole('button', { name: say(`selfExclusion.durations.${event.duration as string}`) }).click();
        return;
      case 'selfExclusion.confirm':
        await page.getByRole('checkbox', { name: say('selfExclusion.understood') }).check();
        await page.getByRole('button', { name: say('selfExclusion.confirm') }).click();
        return;
      case 'confirm.cancel':
        await page.getByRole('button', { name: say('confirm.back') }).click();
        return;
      case 'reopen.request':
        await page.getByRole('button', { name: say('blocked.requestReopen') }).click();
        return;
      default:
        void index;
    }
  },
  async check({ page }, snapshot) {
    const stage = selectPlaySafelyStage(snapshot as unknown as PlaySafelySnapshot);
    if (['loadingState', 'savingLimit', 'startingTimeOut', 'startingSelfExclusion', 'requestingReopen'].includes(stage))
      return;
    if (stage === 'overview' || stage === 'savingRealityCheck') {
      await expect(page.getByRole('heading', { name: say('limits.title') })).toBeVisible();
      await expect(page.getByRole('group', { name: say('realityCheck.title') })).toBeVisible();
    } else if (stage === 'editingLimit') {
      const editing = editedLimit(snapshot)!;
      const name = limitName(editing.kind, editing.period);
      await expect(page.getByRole('form', { name: say('limitForm.title', { limit: name }) })).toBeVisible();
    } else if (stage === 'confirmingTimeOut') {
      await expect(page.getByText(say('timeOut.irreversible'))).toBeVisible();
    } else if (stage === 'confirmingSelfExclusion') {
      await expect(page.getByText(say('selfExclusion.irreversible'))).toBeVisible();
    } else if (stage === 'blocked') {
      const kind = (snapshot as unknown as PlaySafelySnapshot).context.protection?.block?.kind ?? 'timeOut';
      await expect(page.getByRole('status').filter({ hasText: say(`blocked.${kind}`) })).toBeVisible();
    } else if (stage === 'loadFailed') {
      await expect(page.getByRole('alert')).toBeVisible();
    }
  },
};

/** Sends the open limit's form: a value typed in, or the limit removed. */
async function submitLimit(page: Page, step: Step, value: number | null) {
  if (value === null) {
    await page.getByRole('button', { name: say('limitForm.remove') }).click();
    return;
  }
  const form = page.getByRole('form');
  const field = form.getByRole('textbox');
  await field.fill(String(value));
  await form.getByRole('button', { name: say('limitForm.submit') }).click();
  void step;
}

replayMachinePaths({ playSafely: protectionAdapter }, runId, 90_000);
