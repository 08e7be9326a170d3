import type { adminAgentTeam } from '@contract/agent-desk';
import type { DataOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import { apiCaller, expect, mailedCode, operatorApiToken, pathOf, test, text } from './fixtures';

/**
 * An agent's invitation (docs/requirements.md §12.2–§12.3): the agent centre sends an agent on to
 * the team pages; the invitation link opens registration for a visitor with the agent's code filled
 * in, and the newcomer joins the agent's team.
 */

const locale: Locale = 'ja-JP';
const password = 'Maple leaf 2026!';
const t = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);

test('an invitation link registers a newcomer into the agent’s team', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const call = apiCaller(request, locale);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  // An agent, made as the product makes one: an application the desk approves.
  const agentAccount = `inv${stamp}`.slice(0, 20);
  const agentEmail = `${agentAccount}@example.jp`;
  await call('/v2/app/register/send/email/code', { email: agentEmail });
  await call('/v2/app/register/valid', {
    email: agentEmail,
    code: await mailedCode(request, agentEmail),
    acceptTerms: true,
  });
  const { token } = await call<{ token: string }>('/v2/app/register/user', {
    account: agentAccount,
    email: agentEmail,
    password,
  });
  const applied = await call<{ id: number }>('/v2/app/agent/apply', {}, { token });
  const operator = await operatorApiToken(request, locale);
  await call('/v2/admin/agent/application/approve', { applicationId: applied.id }, { token: operator });
  const { agentCode, invitationUrl } = await call<{ agentCode: string; invitationUrl: string }>(
    '/v2/app/agent/code',
    {},
    { token },
  );

  // The agent centre is the team pages for an agent.
  await page.addInitScript(
    ([stored, lng]) => {
      localStorage.setItem('token', stored);
      localStorage.setItem('lang', lng);
    },
    [token, locale] as const,
  );
  await page.goto('/agent/agent-center');
  await expect.poll(() => pathOf(page)).toBe('/agent/subordinate-management');

  // A visitor opens the link in a browser of their own.
  const visitorContext = await browser.newContext({ locale });
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on('console', (message) => message.type() === 'error' && visitorErrors.push(message.text()));
  await visitor.addInitScript((lng) => localStorage.setItem('lang', lng), locale);
  await visitor.goto(`${new URL(invitationUrl).pathname}${new URL(invitationUrl).search}`);
  const dialog = visitor.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: t('auth.register') })).toHaveAttribute('aria-selected', 'true');

  const newcomer = `nc${stamp}`.slice(0, 20);
  const email = `${newcomer}@example.jp`;
  await dialog.getByRole('textbox', { name: t('auth:labels.email'), exact: true }).fill(email);
  await dialog.getByRole('button', { name: t('auth:sendCode.send') }).click();
  await dialog
    .getByRole('textbox', { name: t('auth:labels.code'), exact: true })
    .fill(await mailedCode(request, email));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: t('auth:register.next') }).click();
  const accountStep = dialog.getByRole('form', { name: t('auth:register.accountStep') });
  await expect(accountStep.getByRole('textbox', { name: t('auth:labels.agentCode'), exact: true })).toHaveValue(
    agentCode,
  );
  await accountStep.getByRole('textbox', { name: t('auth:labels.username'), exact: true }).fill(newcomer);
  await accountStep.getByLabel(t('auth:labels.password'), { exact: true }).fill(password);
  await accountStep.getByLabel(t('auth:labels.confirmPassword'), { exact: true }).fill(password);
  await accountStep.getByRole('button', { name: t('auth:register.submit') }).click();
  await expect(dialog).toBeHidden();

  const agentId = (await call<{ userId: number }>('/v2/app/auth/get', {}, { token })).userId;
  const team = await call<DataOf<typeof adminAgentTeam>>(
    '/v2/admin/agent/team',
    { userId: agentId },
    { token: operator },
  );
  expect(team.list.map((member) => member.account)).toEqual([newcomer]);
  expect(visitorErrors).toEqual([]);
  await visitorContext.close();
});
