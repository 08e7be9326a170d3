import type { AgentApplication } from '@contract/agent';
import type { Locale } from '@contract/locales';
import { agentApplicationMachine } from '@machines/agent-application.machine';
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { apiCaller, expect, mailedCode, operatorApiToken, text } from './fixtures';
import { type Adapter, outcomeActor, type Replay, replayMachinePaths, type Snapshot } from './machine-replay';

/**
 * The agent application's paths in Chromium against the real server. The player's standing is the
 * server's: an operator approves or rejects through the desk's API, just before the page's poll that
 * the path says sees the decision, and the page's clock is moved on to that poll at once (the poll's
 * call is held until the page has been seen checking); a failed call is a network failure the test
 * makes.
 */

const locale: Locale = 'ja-JP';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rejectReason = 'まだチームの人数が足りません';
const password = 'Maple leaf 2026!';
const reviewPoll = agentApplicationMachine.implementations.delays.reviewPoll as number;

const application = (status: AgentApplication['status']): AgentApplication => ({
  id: 1,
  status,
  remark: null,
  submittedAt: '2026-11-21T00:00:00.000Z',
  reviewedAt: status === 'pendingReview' ? null : '2026-11-21T01:00:00.000Z',
  rejectReason: status === 'rejected' ? rejectReason : null,
});

const statusOf = (snapshot: Snapshot) => (snapshot.context.application as AgentApplication | null)?.status ?? null;
const outputStatus = (event: EventObject & Record<string, unknown>) =>
  (event.output as { application: AgentApplication | null }).application?.status ?? null;

/** The player's token, and the operator's when the path has decisions, for each path by tag. */
const players = new Map<string, string>();
const operators = new Map<string, string>();

/** The status call of a poll the test brought forward, held until `release` (see perform and check). */
const heldPolls = new WeakMap<Page, { released: Promise<void>; release: () => void }>();

const decidedIn = (path: Replay['path']) =>
  path.steps.some(({ event }) => event.type === 'xstate.done.actor.loadStanding' && outputStatus(event) !== null);

async function decide(replay: Replay, outcome: 'approved' | 'rejected') {
  const call = apiCaller(replay.request, locale);
  const token = operators.get(replay.tag)!;
  const player = players.get(replay.tag)!;
  const latest = await call<AgentApplication>('/v2/app/agent/apply/status', {}, { token: player });
  if (outcome === 'approved')
    await call('/v2/admin/agent/application/approve', { applicationId: latest.id }, { token });
  else await call('/v2/admin/agent/application/reject', { applicationId: latest.id, reason: rejectReason }, { token });
}

const adapter: Adapter = {
  machine: agentApplicationMachine,
  events: [
    { type: 'application.start' },
    { type: 'application.confirm' },
    { type: 'application.cancel' },
    { type: 'status.retry' },
    { type: 'xstate.done.actor.loadStanding', output: { isAgent: false, application: null } },
    { type: 'xstate.done.actor.loadStanding', output: { isAgent: false, application: application('pendingReview') } },
    { type: 'xstate.done.actor.loadStanding', output: { isAgent: true, application: application('approved') } },
    { type: 'xstate.done.actor.loadStanding', output: { isAgent: false, application: application('rejected') } },
    { type: 'xstate.error.actor.loadStanding', error: new Error('network') },
    { type: 'xstate.done.actor.submitApplication', output: application('pendingReview') },
    { type: 'xstate.error.actor.submitApplication', error: new Error('network') },
    { type: 'xstate.after.reviewPoll.agentApplication.pendingReview.waiting' },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, statusOf(snapshot)]),
  unsupported: (step, previous) => {
    const { event } = step;
    if (event.type !== 'xstate.done.actor.loadStanding') return null;
    const found = outputStatus(event);
    // A first load, or one after a lost application, finds what the server has: what the page knew.
    if (previous.matches('loadingStatus') && found !== statusOf(previous))
      return 'the server still has the standing the page knew';
    if (previous.matches({ pendingReview: 'checking' }) && found === null)
      return 'an application under review does not vanish';
    return null;
  },
  inFlight: ['loadingStatus', 'applying', { pendingReview: 'checking' }],
  calls: {
    loadStanding: '/v2/app/agent/apply/status',
    submitApplication: '/v2/app/agent/apply',
  },
  networkFailures: ['loadStanding', 'submitApplication'],
  async start({ page, request, tag, path }) {
    const call = apiCaller(request, locale);
    // Signed in before the page opens: a decision must land within the poll's few seconds, and a
    // sign-in may wait for the next authenticator code.
    if (decidedIn(path)) operators.set(tag, await operatorApiToken(request, locale));
    const account = `ag${tag}`.slice(0, 20);
    const email = `${account}@example.jp`;
    await call('/v2/app/register/send/email/code', { email });
    await call('/v2/app/register/valid', { email, code: await mailedCode(request, email), acceptTerms: true });
    const { token } = await call<{ token: string }>('/v2/app/register/user', { account, email, password });
    players.set(tag, token);
    // The clock runs as a real one; a poll the path takes is brought forward (see perform).
    await page.clock.install();
    await page.route('**/v2/app/agent/apply/status', async (route) => {
      await heldPolls.get(page)?.released;
      await route.fallback();
    });
    await page.addInitScript(
      ([stored, lng]) => {
        localStorage.setItem('token', stored);
        localStorage.setItem('lang', lng);
      },
      [token, locale] as const,
    );
    await page.goto('/agent/agent-center');
  },
  async perform(replay, step, index) {
    const { page, dialog, path } = replay;
    const { type } = step.event;
    const previous = path.steps[index - 1]!.state;
    if (type === 'application.start') {
      const label = previous.matches('rejected') ? 'agent:rejected.applyAgain' : 'agent:application.apply';
      await page
        .getByRole('main')
        .getByRole('button', { name: text(locale, label) })
        .click();
    } else if (type === 'application.confirm') {
      await dialog.getByRole('button', { name: text(locale, 'agent:confirm.confirm') }).click();
    } else if (type === 'application.cancel') {
      await dialog.getByRole('button', { name: text(locale, 'agent:confirm.cancel') }).click();
    } else if (type === 'status.retry') {
      await page.getByRole('button', { name: text(locale, 'user:loadFailed.retry') }).click();
    } else if (type.startsWith('xstate.after.')) {
      // The poll that starts now is the one the next step's outcome comes from: decide before it asks.
      const next = path.steps[index + 1]?.event;
      const found = next && outcomeActor(next.type)?.[1] === 'done' ? outputStatus(next) : null;
      if (found === 'approved' || found === 'rejected') await decide(replay, found);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      heldPolls.set(page, { released, release });
      await page.clock.runFor(reviewPoll);
    }
  },
  async check({ page, dialog }, snapshot) {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: text(locale, 'agent:center.title'), level: 1 })).toBeVisible();
    if (snapshot.matches('statusUnavailable')) {
      await expect(page.getByRole('button', { name: text(locale, 'user:loadFailed.retry') })).toBeVisible();
    } else if (snapshot.matches('notAgent')) {
      await expect(main.getByRole('button', { name: text(locale, 'agent:application.apply') })).toBeVisible();
      await expect(dialog).toBeHidden();
    } else if (snapshot.matches('confirming')) {
      await expect(dialog.getByText(text(locale, 'agent:confirm.title'))).toBeVisible();
      const body = statusOf(snapshot) === 'rejected' ? 'agent:confirm.reapplyBody' : 'agent:confirm.body';
      await expect(dialog.getByText(text(locale, body))).toBeVisible();
    } else if (snapshot.matches('pendingReview')) {
      await expect(main.getByText(text(locale, 'agent:pending.title'))).toBeVisible();
      await expect(dialog).toBeHidden();
      // Seen checking: the poll's call may go on to the server now.
      heldPolls.get(page)?.release();
    } else if (snapshot.matches('approved')) {
      await expect(main.getByText(text(locale, 'agent:approved.title'))).toBeVisible({ timeout: 15_000 });
      // The session learnt it without a reload: the agent-only code call answers, the programme notice is gone.
      await expect(main.getByRole('textbox', { name: text(locale, 'agent:invitation.code') })).toHaveValue(
        /^[A-Z0-9]{8}$/,
      );
      await expect(page.getByText(text(locale, 'layout.agentProgramme'))).toBeHidden();
    } else if (snapshot.matches('rejected')) {
      await expect(main.getByText(text(locale, 'agent:rejected.title'))).toBeVisible({ timeout: 15_000 });
      await expect(main.getByTestId('agent-reject-reason')).toHaveText(
        text(locale, 'agent:rejected.reason', { reason: rejectReason }),
      );
      await expect(dialog).toBeHidden();
    }
  },
};

replayMachinePaths({ agentApplication: adapter }, runId, 120_000);
