import { screen, within } from '@testing-library/react';
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

async function balanceOf(token: string) {
  return (await server.ok<{ balance: number }>('/v2/app/user/info', {}, { token })).balance;
}

async function depositsOf(token: string) {
  return (await server.ok<{ list: { orderSn: string; status: string }[] }>('/v2/app/pay/list', {}, { token })).list;
}

describe('bank transfer deposits', () => {
  it('confirming asks for the yen that arrived and credits it once; a transfer that never came fails with a reason', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('transfer');
    const cardId = await server.withProfileAndCard(player);
    const arrived = await server.manualDeposit(player, cardId, 5_000);
    const missing = await server.manualDeposit(player, cardId, 3_000);
    storeDeskSession(desk);
    renderApp(`/admin/deposits?keyword=${player.account}`);

    const table = await screen.findByRole('table', { name: 'Bank transfer deposits' });
    const arrivedRow = (await within(table).findByText(arrived)).closest('tr')!;
    expect(within(arrivedRow).getByText('サトウ ハナコ')).toBeInTheDocument();
    await user.click(within(arrivedRow).getByRole('button', { name: 'Confirm receipt' }));
    const confirm = await screen.findByRole('dialog', { name: `Confirm deposit ${arrived}` });
    expect(within(confirm).getByText(/Ordered: 5,000 yen for 5,000 coins/)).toBeInTheDocument();
    const amount = within(confirm).getByRole('textbox', { name: /Yen received/ });
    expect(amount).toHaveValue('');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm receipt' }));
    expect(within(confirm).getByText('Enter the yen received as a whole number of at least 1')).toBeInTheDocument();
    await user.type(amount, '4,800');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText(`Deposit ${arrived} is confirmed and credited`)).toBeInTheDocument();
    expect(await balanceOf(player.token)).toBe(4_800);

    const missingRow = (
      await within(screen.getByRole('table', { name: 'Bank transfer deposits' })).findByText(missing)
    ).closest('tr')!;
    await user.click(within(missingRow).getByRole('button', { name: 'Mark as failed' }));
    const failure = await screen.findByRole('dialog', { name: `Mark deposit ${missing} as failed` });
    await user.type(within(failure).getByRole('textbox', { name: /Reason/ }), 'No transfer arrived within a week');
    await user.click(within(failure).getByRole('button', { name: 'Mark as failed' }));
    expect(await screen.findByText(`Deposit ${missing} is marked as failed`)).toBeInTheDocument();
    expect(await balanceOf(player.token)).toBe(4_800);
    const orders = await depositsOf(player.token);
    expect(orders.find((order) => order.orderSn === arrived)?.status).toBe('successful');
    expect(orders.find((order) => order.orderSn === missing)?.status).toBe('failed');
  }, 120_000);
});
