import { type ReviewSnapshot, reviewMachine } from '@machines/review.machine';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { EventObject } from 'xstate';
import { reviewFixtures } from '../tests/models/review.model';
import { expect, openSignedInDeskTab, operatorApiToken, text, useLanguage } from './fixtures';
import { type Adapter, type Replay, replayMachinePaths } from './machine-replay';
import { type MoneyPlayer, moneyPlayer } from './money-players';

/**
 * The desk's review of one queued item replayed as clicks (see machine-replay.ts): the browser-test
 * operator approves or rejects a player's identity submission on the desk's identity checks page,
 * with a remark or a reason, cancels, and tries again after a failure.
 *
 * Outcomes come from the real server: each walk has its own player with one submission waiting for
 * review, which the decision records. The refusal of a submission already reviewed is the server's:
 * in the walks that meet it, the operator decides on the submission through the desk's API once the
 * page shows it, so every decision the page sends after that is refused. A failed network is the only
 * condition the test makes itself (the request is aborted before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Review-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const admin = (key: string, values: Record<string, string | number> = {}) => text(locale, `admin:${key}`, values);
const alreadyReviewed = text(locale, 'server:kyc.alreadyReviewed');
const offline = Object.assign(new Error('Failed to fetch'), { code: 0 });
const refused = Object.assign(new Error(alreadyReviewed), { code: 409 });

/** The item a walk reviews: which controls, on which row of which queue. */
interface ReviewTarget {
  kind: 'kyc' | 'deposit';
  subject: string;
  asksAmount: boolean;
  item(page: Page): Locator;
}

const targets = new WeakMap<object, ReviewTarget>();

async function jpegPhoto(): Promise<string> {
  const photo = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${photo.toString('base64')}`;
}

/** A player with the names and ID number identity verification needs, and one submission waiting for review. */
async function playerWithSubmission(request: APIRequestContext): Promise<MoneyPlayer> {
  const player = await moneyPlayer(request, locale, password, 'named');
  const { token, call } = player;
  await call('/v2/app/user/update/idNumber', { idNumber: `RV${player.account}`.slice(0, 20) }, { token });
  const photo = await jpegPhoto();
  await call('/v2/app/user/kyc/add', { front: photo, back: photo, handheld: photo }, { token });
  return player;
}

/** The operator approves the player's submission through the desk's API, as another operator would. */
async function approveElsewhere(request: APIRequestContext, player: MoneyPlayer) {
  const operator = await operatorApiToken(request, locale);
  const { list } = await player.call<{ list: { id: number }[] }>(
    '/v2/admin/kyc/list',
    { keyword: player.account },
    { token: operator },
  );
  await player.call('/v2/admin/kyc/approve', { submissionId: list[0]?.id }, { token: operator });
}

/** The queue showing the walk's item, the browser-test operator signed in. */
async function openQueue(page: Page, request: APIRequestContext, queue: string, target: ReviewTarget) {
  // The desk tab stores the operator's session for the site; the walk runs on the page itself.
  const { desk } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin');
  await expect(desk.getByTestId('desk-operator')).toBeVisible();
  await desk.close();
  await useLanguage(page, locale);
  targets.set(page, target);
  await page.goto(queue);
  await expect(target.item(page)).toBeVisible();
}

/** A player with a bound card and one bank transfer deposit waiting for the operator. */
async function bankTransferWaiting(request: APIRequestContext): Promise<{ account: string; orderSn: string }> {
  const player = await moneyPlayer(request, locale, password, 'withCard');
  const { token, call } = player;
  await call('/v2/app/user/update/idNumber', { idNumber: `RV${player.account}`.slice(0, 20) }, { token });
  const { order } = await call<{ order: { orderSn: string } }>(
    '/v2/app/pay/order',
    { channelId: 'bank-transfer', amount: 5_000, bankCardId: player.cardId },
    { token, idempotencyKey: crypto.randomUUID() },
  );
  return { account: player.account, orderSn: order.orderSn };
}

/** The player's identity submission on the identity checks page. */
async function openSubmission(page: Page, request: APIRequestContext, player: MoneyPlayer) {
  const card = (on: Page) => on.getByRole('article', { name: admin('kyc.submissionOf', { account: player.account }) });
  const target = { kind: 'kyc', subject: player.account, asksAmount: false, item: card } as const;
  await openQueue(page, request, `/admin/kyc?keyword=${player.account}`, target);
}

const decisionOf = (snapshot: ReviewSnapshot) => snapshot.context.decision;

/** What both walks do on the page: the same buttons and fields, whatever the server answers. */
const pageSteps: Pick<
  Adapter,
  'machine' | 'serializeState' | 'inFlight' | 'calls' | 'networkFailures' | 'perform' | 'check'
> = {
  machine: reviewMachine,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  inFlight: ['submitting'],
  // The page's check waits for the outcome: approving and rejecting are two addresses, not one.
  calls: {},
  networkFailures: [],
  async perform({ page, dialog }: Replay, step) {
    const { kind, asksAmount, item } = targets.get(page)!;
    const card = item(page);
    const { event } = step;
    switch (event.type) {
      case 'approve':
        await card.getByRole('button', { name: admin(`review.${kind}.approve`) }).click();
        return;
      case 'reject':
        await card.getByRole('button', { name: admin(`review.${kind}.reject`) }).click();
        return;
      case 'approval.submit':
        if (asksAmount && event.amount !== null)
          await dialog.getByRole('textbox', { name: admin('review.amount') }).fill(String(event.amount));
        await dialog.getByRole('textbox', { name: admin('review.remark') }).fill(event.remark as string);
        await dialog.getByRole('button', { name: admin(`review.${kind}.approve`) }).click();
        return;
      case 'rejection.submit':
        await dialog.getByRole('textbox', { name: admin('review.reason') }).fill(event.reason as string);
        await dialog.getByRole('button', { name: admin(`review.${kind}.reject`) }).click();
        return;
      case 'cancel':
        await dialog.getByRole('button', { name: admin('review.cancel') }).click();
        return;
      case 'retry':
        await dialog.getByRole('button', { name: admin('review.retry') }).click();
        return;
      default:
    }
  },
  async check({ page, dialog }: Replay, snapshot) {
    const model = snapshot as unknown as ReviewSnapshot;
    const { kind, subject: name, asksAmount, item } = targets.get(page)!;
    const card = item(page);
    const subject = { subject: name };
    if (model.matches('submitting')) return;
    if (model.matches('idle')) {
      await expect(dialog).toHaveCount(0);
      await expect(card.getByRole('button', { name: admin(`review.${kind}.approve`) })).toBeEnabled();
      await expect(card.getByRole('button', { name: admin(`review.${kind}.reject`) })).toBeEnabled();
    } else if (model.matches('confirmingApproval')) {
      await expect(dialog).toHaveAccessibleName(admin(`review.${kind}.approveTitle`, subject));
      // An approval that states an amount starts blank.
      if (asksAmount) await expect(dialog.getByRole('textbox', { name: admin('review.amount') })).toHaveValue('');
      await expect(dialog.getByRole('textbox', { name: admin('review.remark') })).toHaveValue('');
    } else if (model.matches('writingRejection')) {
      await expect(dialog).toHaveAccessibleName(admin(`review.${kind}.rejectTitle`, subject));
      await expect(dialog.getByRole('textbox', { name: admin('review.reason') })).toHaveValue('');
    } else if (model.matches('failed')) {
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(admin('review.failedTitle'));
      if (model.context.error === alreadyReviewed) await expect(alert).toContainText(alreadyReviewed);
      await expect(dialog.getByRole('button', { name: admin('review.retry') })).toBeVisible();
    } else if (model.matches('done')) {
      const outcome = decisionOf(model)?.outcome === 'approve' ? 'approved' : 'rejected';
      await expect(page.getByText(admin(`review.${kind}.${outcome}`, subject))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // The queue is refetched: the reviewed submission has left the pending list.
      await expect(card).toHaveCount(0);
    }
  },
};

/**
 * Aborts the decisions whose outcome on the path is an error, in the order the page sends them.
 * Approving and rejecting are two endpoints, so the replay's one-address-per-call routing does not fit.
 */
async function failDecisionsOnPath(page: Page, path: Replay['path'], decisions: RegExp) {
  const aborted = path.steps
    .filter((step) => step.event.type.startsWith('xstate.') && step.event.type.endsWith('.sendDecision'))
    .map((step) => step.event.type === 'xstate.error.actor.sendDecision');
  await page.route(decisions, (route) => (aborted.shift() ? route.abort('failed') : route.continue()));
}

/**
 * Decisions the server records, and a network that fails on the way. The server's refusal of a
 * reviewed submission is the other walk's: after it nothing in this walk could be recorded.
 */
const kycReviewAdapter: Adapter = {
  ...pageSteps,
  events: [
    ...reviewFixtures.approve,
    ...reviewFixtures.reject,
    ...reviewFixtures['approval.submit'],
    ...reviewFixtures['rejection.submit'],
    ...reviewFixtures.cancel,
    ...reviewFixtures.retry,
    { type: 'xstate.done.actor.sendDecision' },
    { type: 'xstate.error.actor.sendDecision', error: offline },
  ] as EventObject[],
  unsupported: () => null,
  async start({ page, request, path }) {
    const player = await playerWithSubmission(request);
    await failDecisionsOnPath(page, path, /\/v2\/admin\/kyc\/(approve|reject)$/);
    await openSubmission(page, request, player);
  },
};

/**
 * The server's refusal: the submission is approved through the desk's API once the page shows it,
 * so every decision the page sends is refused as already reviewed, and none can be recorded.
 */
const kycRefusedAdapter: Adapter = {
  ...pageSteps,
  events: [
    ...reviewFixtures.approve,
    ...reviewFixtures.reject,
    ...reviewFixtures['approval.submit'].slice(0, 1),
    ...reviewFixtures['rejection.submit'],
    ...reviewFixtures.cancel,
    ...reviewFixtures.retry,
    { type: 'xstate.error.actor.sendDecision', error: refused },
  ] as EventObject[],
  unsupported: () => null,
  async start({ page, request }) {
    const player = await playerWithSubmission(request);
    await openSubmission(page, request, player);
    await approveElsewhere(request, player);
  },
};

/**
 * An approval that states the yen received, on the bank transfer queue: recorded, or the network
 * failing on the way (the refusal of a reviewed item is the identity walk's; the flow is the same).
 */
const depositReviewAdapter: Adapter = {
  ...kycReviewAdapter,
  input: { asksAmount: true },
  async start({ page, request, path }) {
    const { account, orderSn } = await bankTransferWaiting(request);
    await failDecisionsOnPath(page, path, /\/v2\/admin\/deposit\/manual\/(confirm|fail)$/);
    const row = (on: Page) =>
      on
        .getByRole('table', { name: admin('deposits.title') })
        .getByRole('row')
        .filter({ hasText: orderSn });
    const target = { kind: 'deposit', subject: orderSn, asksAmount: true, item: row } as const;
    await openQueue(page, request, `/admin/deposits?keyword=${account}`, target);
  },
};

replayMachinePaths(
  { kycReview: kycReviewAdapter, kycRefused: kycRefusedAdapter, depositReview: depositReviewAdapter },
  runId,
  90_000,
);
