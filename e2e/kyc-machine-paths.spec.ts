import { kycMachine, type PhotoSlot, photoSlots } from '@machines/kyc.machine';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { EventObject } from 'xstate';
import { expect, operatorApiToken, pauseClockSoon, text } from './fixtures';
import { type Adapter, replayMachinePaths, type Step } from './machine-replay';
import { type MoneyPlayer, moneyPlayer, openMoneyPage } from './money-players';

/**
 * The identity verification section of the account-setting page replayed as clicks (see
 * machine-replay.ts): photos chosen and compressed in the browser, sent, reviewed by the browser-test
 * operator through the desk's API, and followed by the page on its own clock.
 *
 * Outcomes come from the real server and the real compressor: the state the page starts in is the one
 * the player's account is in; a JPEG is compressed, a text file is refused as not an image; the
 * operator's decision is what the next check finds. A failed network is the only condition the test
 * makes itself (the request is aborted before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Kyc-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `kyc:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const rejectReason = 'The photo is blurred';
const reviewPoll = kycMachine.implementations.delays.reviewPoll as number;
const reviewPollEvent = 'xstate.after.reviewPoll.kyc.pendingReview.waiting';
const statusOutcome = (step: Step | undefined) =>
  step?.event.type === 'xstate.done.actor.loadKycState' ? (step.event.output as { status: string }).status : undefined;

const kycState = (status: string) => ({
  status,
  maskedIdNumber: '******4567',
  firstName: '花子',
  lastName: '山田',
  rejectReason: status === 'rejected' ? rejectReason : null,
  reviewedAt: null,
});

async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 120, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
}

async function photoDataUrl(): Promise<string> {
  return `data:image/jpeg;base64,${(await jpegPhoto()).toString('base64')}`;
}

/** The operator decides on the player's submission waiting for review, through the desk's API. */
async function review(request: APIRequestContext, player: MoneyPlayer, decision: 'approved' | 'rejected') {
  const operator = await operatorApiToken(request, locale);
  const { list } = await player.call<{ list: { id: number }[] }>(
    '/v2/admin/kyc/list',
    { keyword: player.account },
    { token: operator },
  );
  const submissionId = list[0]?.id;
  if (decision === 'approved') await player.call('/v2/admin/kyc/approve', { submissionId }, { token: operator });
  else await player.call('/v2/admin/kyc/reject', { submissionId, reason: rejectReason }, { token: operator });
}

const players = new WeakMap<object, MoneyPlayer>();

/**
 * What each slot of the page's form shows, kept by the walk: the photos are the form's, not the
 * machine's, which only compresses them. A refused photo says why until another is chosen.
 */
type SlotShown = 'empty' | 'ready' | 'failed';
interface PhotoForm {
  slots: Record<PhotoSlot, SlotShown>;
  chosen: PhotoSlot | null;
}
const forms = new WeakMap<Page, PhotoForm>();
const emptyForm = (): PhotoForm => ({ slots: { front: 'empty', back: 'empty', handheld: 'empty' }, chosen: null });

async function choosePhoto(page: Page, form: Locator, slot: PhotoSlot, compressed: boolean) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: say('form.choose', { photo: say(`photos.${slot}`) }) }).click();
  await (await chooser).setFiles(
    compressed
      ? { name: 'card.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() }
      : { name: 'card.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
  );
}

const kycAdapter: Adapter = {
  machine: kycMachine,
  events: [
    { type: 'kyc.start' },
    ...photoSlots.map((slot) => ({ type: 'photo.selected', slot, file: 'chosen on the page' })),
    { type: 'kyc.submit', front: 'photo', back: 'photo', handheld: 'photo' },
    { type: 'kyc.cancel' },
    { type: 'kyc.resubmit' },
    { type: 'status.retry' },
    ...['notSubmitted', 'pendingReview', 'approved', 'rejected'].map((status) => ({
      type: 'xstate.done.actor.loadKycState',
      output: kycState(status),
    })),
    { type: 'xstate.error.actor.loadKycState', error: offline },
    { type: 'xstate.done.actor.compressPhoto', output: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' },
    { type: 'xstate.error.actor.compressPhoto', error: { failure: 'notImage' } },
    { type: 'xstate.done.actor.submitKyc', output: { id: 1, status: 'pendingReview' } },
    {
      type: 'xstate.error.actor.submitKyc',
      error: Object.assign(new Error('refused'), { code: 400, fields: { back: 'refused' } }),
    },
    { type: 'xstate.error.actor.submitKyc', error: offline },
    { type: reviewPollEvent },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.status,
      snapshot.context.compressingSlot,
      snapshot.context.sent !== null,
      Object.keys(snapshot.context.refusals as Record<string, string>),
    ]),
  unsupported(step, previous) {
    const { type } = step.event;
    if (type === 'xstate.error.actor.loadKycState')
      return 'the section and the page’s ID number share the state’s query, so an aborted request cannot be told apart';
    if (type === 'xstate.error.actor.submitKyc' && (step.event.error as { code: number }).code === 400)
      return 'the browser re-encodes every photo it compresses, so the server reads each one';
    if (statusOutcome(step) === 'notSubmitted' && previous.matches({ pendingReview: 'checking' }))
      return 'the server never takes a submission back to none';
    return null;
  },
  inFlight: ['loadingStatus', { editing: 'compressing' }, 'uploading', { pendingReview: 'checking' }],
  calls: { loadKycState: '/v2/app/user/get/kyc', submitKyc: '/v2/app/user/kyc/add' },
  networkFailures: ['submitKyc'],
  inPageActors: ['compressPhoto'],
  isNetworkFailure: (step) => (step.event.error as { code?: number }).code === 0,
  async start({ page, request, path }) {
    // The account is put in the state the path's first check of it finds.
    const first = statusOutcome(path.steps[1]) ?? 'notSubmitted';
    const player = await moneyPlayer(request, locale, password, 'named');
    const { token, call } = player;
    await call('/v2/app/user/update/idNumber', { idNumber: `HN${player.account}`.slice(0, 20) }, { token });
    if (first !== 'notSubmitted') {
      const photo = await photoDataUrl();
      await call('/v2/app/user/kyc/add', { front: photo, back: photo, handheld: photo }, { token });
      if (first !== 'pendingReview') await review(request, player, first as 'approved' | 'rejected');
    }
    players.set(page, player);
    forms.set(page, emptyForm());
    const polls = path.steps.some((step) => step.event.type === reviewPollEvent);
    if (polls) await page.clock.install();
    await openMoneyPage(page, locale, player, '/user/account-setting');
    await expect(page.getByRole('heading', { name: say('title') })).toBeVisible();
    if (polls) await pauseClockSoon(page, 500);
  },
  async perform({ page, request, path }, step, index) {
    const section = page.getByRole('region', { name: say('title') });
    const form = section.getByRole('form', { name: say('form.title') });
    const shown = forms.get(page)!;
    const { event } = step;
    switch (event.type) {
      case 'kyc.start':
        await section.getByRole('button', { name: say('notSubmitted.start') }).click();
        forms.set(page, emptyForm());
        return;
      case 'kyc.resubmit':
        await section.getByRole('button', { name: say('rejected.resubmit') }).click();
        forms.set(page, emptyForm());
        return;
      case 'kyc.cancel':
        await form.getByRole('button', { name: say('form.cancel') }).click();
        forms.set(page, emptyForm());
        return;
      case 'kyc.submit':
        // The form is sent with three photos: the ones it lacks are chosen first.
        for (const slot of photoSlots) {
          if (shown.slots[slot] === 'ready') continue;
          await choosePhoto(page, form, slot, true);
          await expect(form.getByRole('img', { name: say(`photos.${slot}`), exact: true })).toBeVisible();
          shown.slots[slot] = 'ready';
        }
        await form.getByRole('button', { name: say('form.submit') }).click();
        return;
      case 'photo.selected': {
        // What the compressor makes of the file decides the next step: a photo, or a text file.
        const compressed = path.steps[index + 1]?.event.type === 'xstate.done.actor.compressPhoto';
        shown.chosen = event.slot as PhotoSlot;
        await choosePhoto(page, form, shown.chosen, compressed);
        return;
      }
      case 'xstate.done.actor.compressPhoto':
        if (shown.chosen) shown.slots[shown.chosen] = 'ready';
        return;
      case 'xstate.error.actor.compressPhoto':
        if (shown.chosen) shown.slots[shown.chosen] = 'failed';
        return;
      case 'xstate.done.actor.submitKyc':
        forms.set(page, emptyForm());
        return;
      case reviewPollEvent: {
        // The operator decides before the check that finds the decision.
        const found = statusOutcome(path.steps[index + 1]);
        if (found === 'approved' || found === 'rejected') await review(request, players.get(page)!, found);
        await page.clock.runFor(reviewPoll);
        return;
      }
      default:
    }
  },
  async check({ page }, snapshot) {
    const section = page.getByRole('region', { name: say('title') });
    if (
      snapshot.matches('loadingStatus') ||
      snapshot.matches('uploading') ||
      snapshot.matches({ editing: 'compressing' }) ||
      snapshot.matches({ pendingReview: 'checking' })
    )
      return;
    const reason = say('rejected.reason', { reason: rejectReason });
    if (snapshot.matches('notSubmitted')) {
      await expect(section.getByText(say('notSubmitted.message'))).toBeVisible();
    } else if (snapshot.matches('pendingReview')) {
      await expect(section.getByRole('status')).toContainText(say('pendingReview.title'));
    } else if (snapshot.matches('approved')) {
      await expect(section.getByRole('status')).toContainText(say('approved.title'));
    } else if (snapshot.matches('rejected')) {
      await expect(section.getByRole('alert')).toContainText(reason);
      await expect(section.getByRole('button', { name: say('rejected.resubmit') })).toBeVisible();
    } else if (snapshot.matches('editing')) {
      const form = section.getByRole('form', { name: say('form.title') });
      await expect(form).toBeVisible();
      await expect(section.getByText(reason)).toHaveCount(snapshot.context.status === 'rejected' ? 1 : 0);
      const { slots } = forms.get(page)!;
      for (const slot of photoSlots)
        await expect(form.getByRole('img', { name: say(`photos.${slot}`), exact: true })).toHaveCount(
          slots[slot] === 'ready' ? 1 : 0,
        );
      const failed = photoSlots.filter((slot) => slots[slot] === 'failed').length;
      await expect(form.getByText(say('photoErrors.notImage'), { exact: true })).toHaveCount(failed);
      await expect(form.getByText(say('validation.photoRequired'), { exact: true })).toHaveCount(0);
    }
  },
};

replayMachinePaths({ kyc: kycAdapter }, runId, 90_000);
