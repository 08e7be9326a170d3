import type { Locale } from '@contract/locales';
import { createSubordinateMachine } from '@machines/create-subordinate.machine';
import { type MemberMoveInput, memberMoveMachine } from '@machines/member-move.machine';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  apiCaller,
  expect,
  expectHeaderBalance,
  fundedPlayer,
  operatorApiToken,
  test,
  text,
  useLanguage,
} from './fixtures';
import { type Adapter, outcomeActor, type Replay, replayMachinePaths, type Step } from './machine-replay';

/**
 * The agent's member flows replayed as clicks (see machine-replay.ts): creating a subordinate
 * account, and moving coins to and from a member, on /agent/subordinate-management.
 *
 * Every walk has its own agent: a funded player who applied through the API and whom the browser-test
 * operator approved through the desk's API. Outcomes come from the real server: a name that is taken
 * (the agent's own), a member an operator froze just before the move was confirmed. Only a network
 * failure is made by the test (the request is aborted before it leaves the browser).
 */

const locale: Locale = 'en-US';
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `agent-members:${key}`, values);
const amountText = (amount: number) => new Intl.NumberFormat(locale).format(amount);
const coins = (amount: number) => say('coins', { amount: amountText(amount) });
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const agentPassword = 'Sakura-2024!';
const memberPassword = 'Cedar grove 2026!';
const pagePath = '/agent/subordinate-management';

/* ------------------------------------------------------------------ agents through the API */

interface Agent {
  token: string;
  account: string;
}

/** A player with 5,000 coins who applied to be an agent and whom the operator approved. */
async function newAgent(request: APIRequestContext): Promise<Agent> {
  const call = apiCaller(request, locale);
  const agent = await fundedPlayer(request, call, agentPassword);
  const application = await call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  const operator = await operatorApiToken(request, locale);
  await call('/v2/admin/agent/application/approve', { applicationId: application.id }, { token: operator });
  return agent;
}

async function newMember(request: APIRequestContext, agent: Agent, account: string) {
  const call = apiCaller(request, locale);
  return call<{ userId: number; account: string }>(
    '/v2/app/agent/sub/member/create',
    { account, password: memberPassword },
    { token: agent.token },
  );
}

/** Freezes or lifts the freeze on a member, as an operator would on the desk. */
async function setFrozen(request: APIRequestContext, userId: number, frozen: boolean) {
  const call = apiCaller(request, locale);
  const operator = await operatorApiToken(request, locale);
  await call(
    `/v2/admin/user/${frozen ? 'freeze' : 'unfreeze'}`,
    { userId, reason: 'browser test of a frozen member' },
    { token: operator },
  );
}

async function openPage(page: Page, agent: Agent) {
  await useLanguage(page, locale);
  await page.goto(`${pagePath}?token=${agent.token}`);
  await expect(page.getByRole('heading', { name: text(locale, 'account:subordinateManagement.title') })).toBeVisible();
}

/** The outcome of the call that the step at `index` sets off: the next outcome event of the path. */
function nextOutcome(replay: Replay, index: number): Step | undefined {
  return replay.path.steps.slice(index + 1).find((step) => outcomeActor(step.event.type));
}

/** Every message a field can show: the expected ones visible, the others absent. */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const message of possible)
    if (!shown.includes(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

/* ------------------------------------------------------------------ create a subordinate */

const agents = new Map<string, Agent>();
const takenSentence = text(locale, 'server:auth.accountTaken');
const createFields = ['account', 'password', 'confirmPassword'] as const;
const requiredSentence = (field: string) => say('validation.required', { field: say(`create.${field}`) });

const createAdapter: Adapter = {
  machine: createSubordinateMachine,
  events: [
    { type: 'form.submit', account: 'hanako7', password: memberPassword },
    { type: 'form.again' },
    {
      type: 'xstate.done.actor.createSubordinate',
      output: { userId: 1, account: 'hanako7', createdAt: '2026-04-01T00:00:00.000Z' },
    },
    {
      type: 'xstate.error.actor.createSubordinate',
      error: Object.assign(new Error('taken'), { code: 409, fields: { account: takenSentence } }),
    },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.refusals]),
  unsupported: () => null,
  inFlight: ['creating'],
  calls: { createSubordinate: '/v2/app/agent/sub/member/create' },
  networkFailures: [],
  async start({ page, request, tag }) {
    const agent = await newAgent(request);
    agents.set(tag, agent);
    await openPage(page, agent);
    await page.getByRole('button', { name: say('actions.create') }).click();
  },
  async perform(replay, step, index) {
    const { page, dialog, tag } = replay;
    const form = dialog.getByRole('form', { name: say('create.title') });
    switch (step.event.type) {
      case 'form.submit': {
        // The server decides: the agent's own name is taken, a new one is free.
        const outcome = nextOutcome(replay, index);
        const account = outcome?.event.type.startsWith('xstate.error.')
          ? (agents.get(tag)?.account ?? '')
          : `${tag}s${index}`.replace(/[^A-Za-z0-9]/g, '').slice(-20);
        const values: Record<(typeof createFields)[number], string> = {
          account,
          password: memberPassword,
          confirmPassword: memberPassword,
        };
        for (const field of createFields) {
          await form.getByLabel(say(`create.${field}`), { exact: true }).fill(values[field]);
        }
        await form.getByRole('button', { name: say('create.submit') }).click();
        return;
      }
      case 'form.again':
        await dialog.getByRole('button', { name: say('create.done.again') }).click();
        return;
      default:
        // An outcome: the server has answered; the check sees where the page went.
        await expect(page.getByRole('dialog')).toBeVisible();
    }
  },
  async check({ dialog }, snapshot) {
    if (snapshot.matches('creating')) return;
    if (snapshot.matches('created')) {
      await expect(dialog.getByRole('status')).toContainText(say('create.done.title'));
      return;
    }
    const form = dialog.getByRole('form', { name: say('create.title') });
    await expect(form).toBeVisible();
    await expect(form.getByRole('meter')).toBeVisible();
    const refusals = snapshot.context.refusals as Record<string, string>;
    const shown = createFields.filter((field) => refusals[field]).map(() => takenSentence);
    await expectMessages(form, shown, [takenSentence, ...createFields.map(requiredSentence)]);
  },
};

/** The form's own checks, which no longer pass through the machine: every field asked for, then sent once filled. */
test('create subordinate: an empty form is refused in the browser, field by field', async ({ page, request }) => {
  await openPage(page, await newAgent(request));
  await page.getByRole('button', { name: say('actions.create') }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: say('create.title') });
  await form.getByRole('button', { name: say('create.submit') }).click();
  await expectMessages(form, createFields.map(requiredSentence), []);
  await form.getByLabel(say('create.account'), { exact: true }).fill('hanako7');
  await expect(form.getByText(requiredSentence('account'), { exact: true })).toHaveCount(0);
  await expect(form.getByText(requiredSentence('password'), { exact: true })).toBeVisible();
});

/* ------------------------------------------------------------------ move coins with a member */

interface MoveWalk {
  agent: Agent;
  memberId: number;
  frozen: boolean;
  lastKey: string | null;
}
const moves = new Map<string, MoveWalk>();
const frozenSentence = text(locale, 'server:agent.memberFrozen');

/** A member of the agent's (holding 1,000 coins for a decrease), and the move dialog opened from its row. */
async function openMoveDialog(
  page: Page,
  request: APIRequestContext,
  agent: Agent,
  direction: MemberMoveInput['direction'],
  account: string,
) {
  const member = await newMember(request, agent, account);
  if (direction === 'decrease') {
    await apiCaller(request, locale)(
      '/v2/app/agent/type/member/transfer',
      { memberUserId: member.userId, amount: 1_000 },
      { token: agent.token, idempotencyKey: crypto.randomUUID() },
    );
  }
  await openPage(page, agent);
  const row = page.getByTestId(`member-${member.account}`);
  await expect(row).toContainText(coins(direction === 'decrease' ? 1_000 : 0));
  await row
    .getByRole('button', {
      name: say(direction === 'transfer' ? 'actions.transferTo' : 'actions.decreaseOf', { account: member.account }),
    })
    .click();
  return member;
}

function moveAdapter(direction: MemberMoveInput['direction']): Adapter {
  const input: MemberMoveInput =
    direction === 'transfer'
      ? { direction, member: { userId: 0, account: 'member', balance: 0, takeable: 0 }, agentBalance: 5_000 }
      : { direction, member: { userId: 0, account: 'member', balance: 1_000, takeable: 1_000 }, agentBalance: 4_000 };
  const url =
    direction === 'transfer' ? '/v2/app/agent/type/member/transfer' : '/v2/app/agent/type/member/transfer/decrease';
  const limit = direction === 'transfer' ? input.agentBalance : input.member.takeable;
  const amountLabel = say('move.amount');
  const overSentence = say(
    direction === 'transfer' ? 'validation.amountOverBalance' : 'validation.amountOverTakeable',
    {
      balance: amountText(limit),
    },
  );
  const requiredAmount = say('validation.amountRequired');
  const memberAccount = (tag: string) => `${tag}m`.replace(/[^A-Za-z0-9]/g, '').slice(-20);

  /** Before a call: an operator freezes the member when the path says the server refuses, and lifts it otherwise. */
  async function prepareOutcome(replay: Replay, index: number) {
    const walk = moves.get(replay.tag)!;
    const outcome = nextOutcome(replay, index);
    const refused =
      outcome?.event.type === 'xstate.error.actor.moveCoins' && (outcome.event.error as { code: number }).code === 422;
    if (refused !== walk.frozen) {
      await setFrozen(replay.request, walk.memberId, refused);
      walk.frozen = refused;
    }
  }

  async function sendMove(replay: Replay, index: number, button: string) {
    await prepareOutcome(replay, index);
    const walk = moves.get(replay.tag)!;
    const sent = replay.page.waitForRequest((request) => request.url().endsWith(url));
    await replay.dialog.getByRole('button', { name: button }).click();
    const key = (await sent).headers()['idempotency-key'] ?? null;
    expect(key).toBeTruthy();
    // A retry sends the same move again: the same key; a confirmation is a new move.
    if (button === say('move.interrupted.retry')) expect(key).toBe(walk.lastKey);
    else expect(key).not.toBe(walk.lastKey);
    walk.lastKey = key;
  }

  return {
    machine: memberMoveMachine,
    input,
    events: [
      { type: 'move.review', amount: 300 },
      { type: 'move.review', amount: 500 },
      { type: 'move.back' },
      { type: 'move.confirm' },
      { type: 'move.retry' },
      { type: 'move.edit' },
      {
        type: 'xstate.done.actor.moveCoins',
        output: { transferSn: '1', amount: 300, agentBalance: 0, memberBalance: 0, createdAt: '2026-04-01T00:00:00Z' },
      },
      { type: 'xstate.error.actor.moveCoins', error: Object.assign(new Error(frozenSentence), { code: 422 }) },
      { type: 'xstate.error.actor.moveCoins', error: Object.assign(new Error('Failed to fetch'), { code: 0 }) },
    ] as EventObject[],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.amount]),
    unsupported: () => null,
    inFlight: ['submitting'],
    calls: { moveCoins: url },
    networkFailures: ['moveCoins'],
    isNetworkFailure: (step) => (step.event.error as { code: number }).code === 0,
    async start({ page, request, tag }) {
      const agent = await newAgent(request);
      const member = await openMoveDialog(page, request, agent, direction, memberAccount(tag));
      moves.set(tag, { agent, memberId: member.userId, frozen: false, lastKey: null });
    },
    async perform(replay, step, index) {
      const { dialog } = replay;
      switch (step.event.type) {
        case 'move.review':
          await dialog.getByLabel(amountLabel, { exact: true }).fill(String(step.event.amount));
          await dialog.getByRole('button', { name: say('move.review') }).click();
          return;
        case 'move.back':
          await dialog.getByRole('button', { name: say('move.back') }).click();
          return;
        case 'move.confirm':
          await sendMove(replay, index, say('move.confirm'));
          return;
        case 'move.retry':
          await sendMove(replay, index, say('move.interrupted.retry'));
          return;
        case 'move.edit':
          await dialog.getByRole('button', { name: say('move.edit') }).click();
          return;
        default:
          await expect(dialog).toBeVisible();
      }
    },
    async check(replay, snapshot) {
      const { dialog, page, tag } = replay;
      const reviewed = snapshot.context.amount as number | null;
      const amount = reviewed ?? 0;
      const toMember = direction === 'transfer' ? amount : -amount;
      const after = { agent: input.agentBalance - toMember, member: input.member.balance + toMember };
      const expectBalances = async (withAfter: boolean) => {
        const agentRow = dialog.getByTestId('balance-agent');
        const memberRow = dialog.getByTestId('balance-member');
        await expect(agentRow).toContainText(coins(input.agentBalance));
        await expect(memberRow).toContainText(coins(input.member.balance));
        if (withAfter) {
          await expect(agentRow).toContainText(coins(after.agent));
          await expect(memberRow).toContainText(coins(after.member));
        }
      };
      if (snapshot.matches('submitting')) return;
      if (snapshot.matches('editing')) {
        const form = dialog.getByRole('form', { name: say('move.amountForm') });
        await expect(form).toBeVisible();
        await expectBalances(false);
        // Back from a later step, the form holds the amount last reviewed.
        await expect(form.getByLabel(amountLabel, { exact: true })).toHaveValue(
          reviewed === null ? '' : String(reviewed),
        );
        await expectMessages(form, [], [requiredAmount, overSentence]);
      } else if (snapshot.matches('confirming')) {
        const question = direction === 'transfer' ? 'move.transfer.question' : 'move.decrease.question';
        await expect(
          dialog.getByText(say(question, { amount: amountText(amount), account: memberAccount(tag) })),
        ).toBeVisible();
        await expectBalances(true);
      } else if (snapshot.matches('interrupted')) {
        await expect(dialog.getByRole('alert')).toContainText(say('move.interrupted.title'));
      } else if (snapshot.matches('refused')) {
        await expect(dialog.getByRole('alert')).toContainText(frozenSentence);
      } else {
        await expect(dialog.getByRole('status')).toContainText(say(`move.${direction}.done`));
        await expectBalances(true);
        // The list and the header follow the move without a reload (done is the walk's last step).
        await dialog
          .getByRole('button', { name: say('close'), exact: true })
          .last()
          .click();
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId(`member-${memberAccount(tag)}`)).toContainText(coins(after.member));
        await expectHeaderBalance(page, locale, amountText(after.agent));
      }
    },
  };
}

replayMachinePaths(
  { create: createAdapter, transfer: moveAdapter('transfer'), decrease: moveAdapter('decrease') },
  runId,
  90_000,
);

/** The move form's own checks, which no longer pass through the machine: the amount's messages in the browser. */
test('member move: the form refuses a missing amount and one over what may be taken back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const agent = await newAgent(request);
  const member = await openMoveDialog(page, request, agent, 'decrease', `${runId}v`.slice(-20));
  const form = page.getByRole('dialog').getByRole('form', { name: say('move.amountForm') });
  const review = form.getByRole('button', { name: say('move.review') });
  const required = say('validation.amountRequired');
  const over = say('validation.amountOverTakeable', { balance: amountText(1_000) });
  const notWhole = say('validation.amount');
  await expect(form.getByTestId('move-takeable')).toHaveText(
    say('move.decrease.takeable', { amount: amountText(1_000), account: member.account }),
  );
  await review.click();
  await expectMessages(form, [required], [over, notWhole]);
  await form.getByLabel(say('move.amount'), { exact: true }).fill('1.5');
  await review.click();
  await expectMessages(form, [notWhole], [required, over]);
  await form.getByLabel(say('move.amount'), { exact: true }).fill('1,001');
  await review.click();
  await expectMessages(form, [over], [required, notWhole]);
  await form.getByLabel(say('move.amount'), { exact: true }).fill('1,000');
  await review.click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(say('move.decrease.question', { amount: amountText(1_000), account: member.account })),
  ).toBeVisible();
});

test('the member list fits a 390 px screen, with each member a card showing its state', async ({ page, request }) => {
  test.setTimeout(90_000);
  const agent = await newAgent(request);
  const member = await newMember(request, agent, `${runId}w`.slice(-20));
  await setFrozen(request, member.userId, true);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, agent);
  const card = page.getByRole('listitem').filter({ hasText: member.account });
  await expect(card).toContainText(say('states.frozen'));
  await expect(card).toContainText(coins(0));
  await expect(
    card.getByRole('button', { name: say('actions.transferTo', { account: member.account }) }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('textbox', { name: say('search.account') }).fill('no-such-member');
  await page.getByRole('button', { name: say('search.submit') }).click();
  await expect(page.getByText(say('emptySearch'))).toBeVisible();
});
