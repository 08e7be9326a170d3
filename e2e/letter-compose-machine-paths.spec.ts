import { type LetterComposeSnapshot, letterComposeMachine, selectLetterErrors } from '@machines/letter-compose.machine';
import type { EventObject } from 'xstate';
import { apiCaller, expect, openSignedInDeskTab, registeredPlayer, text, useLanguage } from './fixtures';
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
const playerPlaceholder = '42';
const unknownId = '999999999';
const userNotFound = text(locale, 'server:admin.userNotFound');
const audienceLabel = {
  player: 'desk.audiencePlayer',
  allPlayers: 'desk.audienceAllPlayers',
  allAgents: 'desk.audienceAllAgents',
} as const;

const playerIds = new WeakMap<object, string>();
const shownId = (page: object, typed: string) => (typed === playerPlaceholder ? playerIds.get(page)! : typed);

const letterComposeAdapter: Adapter = {
  machine: letterComposeMachine,
  events: [
    { type: 'audience.changed', audience: 'allAgents' },
    { type: 'audience.changed', audience: 'player' },
    { type: 'userId.changed', value: playerPlaceholder },
    { type: 'userId.changed', value: unknownId },
    { type: 'text.changed', locale: 'ja-JP', part: 'title', value: 'お知らせ' },
    { type: 'text.changed', locale: 'ja-JP', part: 'body', value: '本文' },
    { type: 'preview' },
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
    const { audience, userId } = previous.context as { audience: string; userId: string };
    if (step.event.type === 'userId.changed' && audience !== 'player')
      return 'the player ID field is shown only for a letter to one player';
    if (step.event.type === 'send' && audience !== 'player')
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
    // The desk tab stores the operator's session for the site; the walk runs on the page itself.
    const { desk } = await openSignedInDeskTab(page, request, locale);
    await desk.goto('/admin');
    await expect(desk.getByTestId('desk-operator')).toBeVisible();
    await desk.close();
    await useLanguage(page, locale);
    await page.goto('/admin/letters');
  },
  async perform({ page }, step) {
    const main = page.getByRole('main');
    const { event } = step;
    switch (event.type) {
      case 'audience.changed':
        await main.getByText(say(audienceLabel[event.audience as keyof typeof audienceLabel]), { exact: true }).click();
        return;
      case 'userId.changed':
        await main.getByRole('textbox', { name: say('desk.userId') }).fill(shownId(page, event.value as string));
        return;
      case 'text.changed': {
        const label = say(event.part === 'title' ? 'desk.subject' : 'desk.body');
        await main.getByRole('textbox', { name: new RegExp(`^${label} \\(`) }).fill(event.value as string);
        return;
      }
      case 'preview':
        await main.getByRole('button', { name: say('desk.preview') }).click();
        return;
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
      const audience = say(audienceLabel[context.audience]);
      const recipients =
        context.audience === 'player' ? `${audience} (ID ${shownId(page, context.userId.trim())})` : audience;
      await expect(preview.getByText(say('desk.previewTo', { audience: recipients }), { exact: true })).toBeVisible();
      if (context.sendError === null) await expect(preview.getByRole('alert')).toHaveCount(0);
      else if (context.sendError === userNotFound) await expect(preview.getByRole('alert')).toHaveText(userNotFound);
      else await expect(preview.getByRole('alert')).toBeVisible();
    } else {
      await expect(preview).toHaveCount(0);
      await expect(main.getByRole('radio', { name: say(audienceLabel[context.audience]) })).toBeChecked();
      const userIdBox = main.getByRole('textbox', { name: say('desk.userId') });
      if (context.audience === 'player') await expect(userIdBox).toHaveValue(shownId(page, context.userId));
      else await expect(userIdBox).toHaveCount(0);
      const japanese = context.draft['ja-JP'];
      await expect(main.getByRole('textbox', { name: new RegExp(`^${say('desk.subject')} \\(`) })).toHaveValue(
        japanese.title,
      );
      await expect(main.getByRole('textbox', { name: new RegExp(`^${say('desk.body')} \\(`) })).toHaveValue(
        japanese.body,
      );
      const errors = selectLetterErrors(model);
      for (const key of ['desk.userIdInvalid', 'desk.japaneseRequired', 'desk.bothOrNeither'])
        await expect(main.getByText(say(key), { exact: true })).toHaveCount(
          Object.values(errors).filter((each) => each === key).length,
        );
    }
  },
};

replayMachinePaths({ letterCompose: letterComposeAdapter }, runId, 90_000);
