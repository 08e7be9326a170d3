import type { LetterSend } from '@contract/letters-desk';
import { type LetterComposeSnapshot, letterComposeMachine } from '@machines/letter-compose.machine';
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { apiCaller, expect, openSignedInDeskTab, registeredPlayer, test, text, useLanguage } from './fixtures';
import { type Adapter, replayMachinePaths, type Step } from './machine-replay';

/**
 * Writing a letter on the desk replayed as clicks (see machine-replay.ts): the browser-test operator
 * chooses the recipients, writes the Japanese texts, previews and sends.
 *
 * Outcomes come from the real server: a letter to a player who exists is sent, one to an ID no
 * player has is refused with the server's sentence. A failed network is the only condition the test
 * makes itself (the request is aborted before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Letter-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `letters:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0 });
const errorCode = (step: Step) => (step.event as { error?: { code?: number } }).error?.code;
/** The model's ID of a player who exists: the page types the ID of a player registered for the walk. */
const playerPlaceholder = 42;
const unknownId = 999_999_999;
const userNotFound = text(locale, 'server:admin.userNotFound');
const audienceLabel = {
  player: 'desk.audiencePlayer',
  allPlayers: 'desk.audienceAllPlayers',
  allAgents: 'desk.audienceAllAgents',
} as const;

const playerIds = new WeakMap<object, string>();
const shownId = (page: object, typed: number) => (typed === playerPlaceholder ? playerIds.get(page)! : String(typed));
const japanese = { title: 'お知らせ', body: '本文' };
const userIdOf = (letter: LetterSend | null) => (letter?.audience === 'player' ? letter.userId : null);
const sentLetter = (previous: { context: unknown }) => (previous.context as { letter: LetterSend | null }).letter;

/** Opens the desk's letters page with the browser-test operator signed in. */
async function openLetters(page: Page, request: Parameters<typeof openSignedInDeskTab>[1]) {
  // The desk tab stores the operator's session for the site; the walk runs on the page itself.
  const { desk } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin');
  await expect(desk.getByTestId('desk-operator')).toBeVisible();
  await desk.close();
  await useLanguage(page, locale);
  await page.goto('/admin/letters');
}

const letterComposeAdapter: Adapter = {
  machine: letterComposeMachine,
  events: [
    { type: 'form.submit', letter: { audience: 'player', userId: playerPlaceholder, texts: { 'ja-JP': japanese } } },
    { type: 'form.submit', letter: { audience: 'player', userId: unknownId, texts: { 'ja-JP': japanese } } },
    { type: 'form.submit', letter: { audience: 'allAgents', texts: { 'ja-JP': japanese } } },
    { type: 'edit' },
    { type: 'send' },
    { type: 'compose.new' },
    { type: 'xstate.done.actor.sendLetter', output: { letterId: 1 } },
    { type: 'xstate.error.actor.sendLetter', error: Object.assign(new Error(userNotFound), { code: 404 }) },
    { type: 'xstate.error.actor.sendLetter', error: offline },
  ] as EventObject[],
  // The key is random per letter: everything else decides what the page shows.
  serializeState: (snapshot) => {
    const { idempotencyKey: _key, ...rest } = snapshot.context;
    return JSON.stringify([snapshot.value, rest]);
  },
  unsupported(step, previous) {
    const letter = sentLetter(previous);
    const userId = userIdOf(letter);
    if (step.event.type === 'send' && letter?.audience !== 'player')
      return 'a letter to every agent would reach the agents of other tests';
    if (step.event.type === 'xstate.done.actor.sendLetter' && userId === unknownId)
      return 'the server refuses an ID no player has';
    if (errorCode(step) === 404 && userId !== unknownId) return 'the server sends a letter to a player who exists';
    return null;
  },
  inFlight: ['sending'],
  calls: { sendLetter: '/v2/admin/station/send' },
  networkFailures: ['sendLetter'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request }) {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    const { userId } = await call<{ userId: number }>('/v2/app/user/info', {}, player);
    playerIds.set(page, String(userId));
    await openLetters(page, request);
  },
  async perform({ page }, step) {
    const main = page.getByRole('main');
    const { event } = step;
    switch (event.type) {
      case 'form.submit': {
        const letter = event.letter as LetterSend;
        await main.getByText(say(audienceLabel[letter.audience]), { exact: true }).click();
        if (letter.audience === 'player')
          await main.getByRole('textbox', { name: say('desk.userId') }).fill(shownId(page, letter.userId));
        const text = letter.texts['ja-JP'] ?? japanese;
        await main.getByRole('textbox', { name: new RegExp(`^${say('desk.subject')} \\(`) }).fill(text.title);
        await main.getByRole('textbox', { name: new RegExp(`^${say('desk.body')} \\(`) }).fill(text.body);
        await main.getByRole('button', { name: say('desk.preview') }).click();
        return;
      }
      case 'edit':
        await main.getByRole('button', { name: say('desk.edit') }).click();
        return;
      case 'send':
        await main.getByRole('button', { name: say('desk.send') }).click();
        return;
      case 'compose.new':
        await main.getByRole('button', { name: say('desk.title') }).click();
        return;
      default:
    }
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('sending')) return;
    const main = page.getByRole('main');
    const model = snapshot as unknown as LetterComposeSnapshot;
    const { context } = model;
    const preview = main.getByRole('region', { name: say('desk.previewTitle') });
    if (snapshot.matches('sent')) {
      await expect(main.getByText(say('desk.sent'))).toBeVisible();
      await expect(preview).toHaveCount(0);
    } else if (snapshot.matches('previewing')) {
      const letter = context.letter as LetterSend;
      const audience = say(audienceLabel[letter.audience]);
      const recipients = letter.audience === 'player' ? `${audience} (ID ${shownId(page, letter.userId)})` : audience;
      await expect(preview.getByText(say('desk.previewTo', { audience: recipients }), { exact: true })).toBeVisible();
      // Only the Japanese is written: the warning names the six languages left empty.
      await expect(preview.getByTestId('letter-empty-languages')).toContainText(say('desk.emptyTitle', { count: 6 }));
      if (context.sendError === null) await expect(preview.getByRole('alert')).toHaveCount(0);
      else if (context.sendError === userNotFound) await expect(preview.getByRole('alert')).toHaveText(userNotFound);
      else await expect(preview.getByRole('alert')).toBeVisible();
    } else {
      await expect(preview).toHaveCount(0);
      await expect(main.getByRole('button', { name: say('desk.preview') })).toBeVisible();
    }
  },
};

/** The form's own checks, which no longer pass through the machine, and a draft kept through the preview. */
test('letters: the form refuses an incomplete letter field by field, and keeps it through the preview', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openLetters(page, request);
  const main = page.getByRole('main');
  const subject = main.getByRole('textbox', { name: new RegExp(`^${say('desk.subject')} \\(`) });
  const body = main.getByRole('textbox', { name: new RegExp(`^${say('desk.body')} \\(`) });
  await main.getByRole('button', { name: say('desk.preview') }).click();
  await expect(main.getByText(say('validation.userId'), { exact: true })).toBeVisible();
  await expect(main.getByText(say('validation.japaneseRequired'), { exact: true })).toHaveCount(2);
  await main.getByText(say('desk.audienceAllPlayers'), { exact: true }).click();
  await expect(main.getByRole('textbox', { name: say('desk.userId') })).toHaveCount(0);
  await subject.fill(japanese.title);
  await body.fill(japanese.body);
  await main.getByRole('tab', { name: 'English' }).click();
  await subject.fill('Notice');
  await main.getByRole('button', { name: say('desk.preview') }).click();
  await expect(main.getByText(say('validation.bothOrNeither'), { exact: true })).toBeVisible();
  await body.fill('The text');
  await main.getByRole('button', { name: say('desk.preview') }).click();
  const preview = main.getByRole('region', { name: say('desk.previewTitle') });
  await expect(preview.getByText('The text')).toBeVisible();
  await preview.getByRole('button', { name: say('desk.edit') }).click();
  await main.getByRole('tab', { name: '日本語' }).click();
  await expect(subject).toHaveValue(japanese.title);
  await expect(main.getByRole('radio', { name: say('desk.audienceAllPlayers') })).toBeChecked();
});

replayMachinePaths({ letterCompose: letterComposeAdapter }, runId, 90_000);
