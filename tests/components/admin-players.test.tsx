import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;

beforeAll(async () => {
  server = await startDeskServer();
  openPagesOn(server);
  desk = await server.operatorSession();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const rowOf = async (account: string) =>
  (await within(await screen.findByRole('table', { name: 'Players' })).findByText(account)).closest('tr')!;

describe('players', () => {
  it('a freeze ends the player’s session at their next call and stops sign-in; unfreezing lets them back in; both are in the audit log', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('suspect');
    storeDeskSession(desk);
    renderApp('/admin/users');

    const keyword = await screen.findByRole('textbox', { name: 'Account, e-mail, nickname or ID' });
    await user.type(keyword, `${player.account}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('list-total')).toHaveTextContent('1 item'));
    let row = await rowOf(player.account);
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText(`${player.email} · #${player.userId}`)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Freeze' }));
    const freeze = await screen.findByRole('dialog', { name: `Freeze ${player.account}` });
    await user.click(within(freeze).getByRole('button', { name: 'Freeze' }));
    expect(within(freeze).getByText('Please write the reason')).toBeInTheDocument();
    expect((await server.call('/v2/app/user/info', {}, { token: player.token })).code).toBe(200);
    await user.type(within(freeze).getByRole('textbox', { name: /Reason/ }), 'Card chargebacks under investigation');
    await user.click(within(freeze).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText(`${player.account} is frozen`)).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf(player.account)).getByText('Frozen')).toBeInTheDocument());

    const nextCall = await server.call('/v2/app/user/info', {}, { token: player.token });
    expect(nextCall).toMatchObject({
      status: 402,
      code: 402,
      msg: 'This account is frozen. Please contact customer support.',
    });
    expect((await server.signIn(player)).code).toBe(402);

    row = await rowOf(player.account);
    await user.click(within(row).getByRole('button', { name: 'Unfreeze' }));
    const unfreeze = await screen.findByRole('dialog', { name: `Unfreeze ${player.account}` });
    await user.type(within(unfreeze).getByRole('textbox', { name: /Reason/ }), 'Chargebacks withdrawn by the bank');
    await user.click(within(unfreeze).getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByText(`${player.account} is unfrozen`)).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf(player.account)).getByText('Active')).toBeInTheDocument());
    expect((await server.signIn(player)).code).toBe(200);

    const audit = await server.ok<{ list: { action: string; reason: string }[] }>(
      '/v2/admin/audit/list',
      { subjectType: 'user', subjectId: String(player.userId) },
      { token: desk.token },
    );
    expect(
      audit.list.filter((entry) => entry.action.startsWith('user.')).map(({ action, reason }) => [action, reason]),
    ).toEqual([
      ['user.unfreeze', 'Chargebacks withdrawn by the bank'],
      ['user.freeze', 'Card chargebacks under investigation'],
    ]);
  }, 120_000);
});

describe('audit log', () => {
  it('shows the decisions with the operator and the reason, filtered by action', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('audited', 5_000, desk.token);
    const orderSn = await server.withdraw(player, 1_000);
    await server.ok(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Payout bank under maintenance' },
      { token: desk.token },
    );
    storeDeskSession(desk);
    renderApp('/admin/audit');

    const action = await screen.findByRole('textbox', { name: 'Action' });
    await user.type(action, 'withdrawal.reject{Enter}');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = (await within(table).findByText(`withdrawal:${orderSn}`)).closest('tr')!;
    expect(within(row).getByText('Withdrawal rejected')).toBeInTheDocument();
    expect(within(row).getByText(`${desk.account} · #${desk.userId}`)).toBeInTheDocument();
    expect(within(row).getByText('Payout bank under maintenance')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Audit log' })).queryAllByText('withdrawal.reject').length).toBe(
        within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row').length - 1,
      ),
    );
  }, 120_000);

  it('speaks Korean', async () => {
    await startI18nIn('ko-KR');
    storeDeskSession(desk);
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { name: '감사 로그', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '심사 대기열' })).toBeInTheDocument();
  });
});
