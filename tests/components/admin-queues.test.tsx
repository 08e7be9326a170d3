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

async function kycStateOf(token: string) {
  return server.ok<{ status: string; rejectReason: string | null }>('/v2/app/user/get/kyc', {}, { token });
}

async function balanceOf(token: string) {
  return (await server.ok<{ balance: number }>('/v2/app/user/info', {}, { token })).balance;
}

async function withdrawalsOf(token: string) {
  return (
    await server.ok<{ list: { orderSn: string; status: string; failureReason: string | null }[] }>(
      '/v2/app/draw/list',
      {},
      { token },
    )
  ).list;
}

async function depositsOf(token: string) {
  return (await server.ok<{ list: { orderSn: string; status: string }[] }>('/v2/app/pay/list', {}, { token })).list;
}

describe('identity checks', () => {
  it('shows the photos and the identity on record; a rejection needs a reason, which the player reads; a new submission is approved', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('kyc');
    await server.withProfileAndCard(player);
    const submissionId = await server.submitKyc(player);
    storeDeskSession(desk);
    renderApp(`/admin/kyc?keyword=${player.account}`);

    const card = await screen.findByRole('article', { name: `Identity submission of ${player.account}` });
    expect(within(card).getByText('佐藤 花子')).toBeInTheDocument();
    expect(within(card).getByText('サトウ ハナコ')).toBeInTheDocument();
    expect(within(card).getByText(/^HN\d+X\d+$/)).toBeInTheDocument();
    const front = within(card).getByRole('img', { name: `Front of the ID card of ${player.account}` });
    expect(front.getAttribute('src')).toMatch(
      new RegExp(`^/v2/files/kyc/${submissionId}/front\\?viewer=${desk.userId}&`),
    );
    const photo = await server.fetchPhoto(front.getAttribute('src')!);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(within(card).getByRole('img', { name: `${player.account} holding the ID card` })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: `Reject the identity of ${player.account}` });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please write the reason')).toBeInTheDocument();
    expect((await kycStateOf(player.token)).status).toBe('pendingReview');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The photo of the front is blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(`The identity of ${player.account} is rejected`)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: `Identity submission of ${player.account}` }),
      ).not.toBeInTheDocument(),
    );
    expect(await kycStateOf(player.token)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The photo of the front is blurred',
    });

    await server.submitKyc(player);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const again = await screen.findByRole('article', { name: `Identity submission of ${player.account}` });
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: `Approve the identity of ${player.account}` });
    await user.type(within(confirm).getByRole('textbox', { name: /Remark/ }), 'Sharp photos, names match');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`The identity of ${player.account} is approved`)).toBeInTheDocument();
    expect((await kycStateOf(player.token)).status).toBe('approved');
    const audit = await server.ok<{
      list: { action: string; reason: string | null; actor: { account: string } | null }[];
    }>('/v2/admin/audit/list', { action: 'kyc.approve', actorUserId: desk.userId }, { token: desk.token });
    expect(audit.list[0]).toMatchObject({ reason: 'Sharp photos, names match', actor: { account: desk.account } });
  }, 120_000);
});

describe('withdrawals', () => {
  it('a rejection returns the held coins and tells the player why; an approval posts them and starts the payout', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('payout', 20_000, desk.token);
    const first = await server.withdraw(player, 8_000);
    const second = await server.withdraw(player, 5_000);
    expect(await balanceOf(player.token)).toBe(7_000);
    storeDeskSession(desk);
    renderApp(`/admin/withdrawals?keyword=${player.account}`);

    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const firstRow = (await within(table).findByText(first)).closest('tr')!;
    expect(within(firstRow).getByText('8,000')).toBeInTheDocument();
    await user.click(within(firstRow).getByRole('button', { name: 'Reject' }));
    const rejection = await screen.findByRole('dialog', { name: `Reject withdrawal ${first}` });
    await user.type(within(rejection).getByRole('textbox', { name: /Reason/ }), 'The account name does not match');
    await user.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText(`Withdrawal ${first} is rejected; the coins are back with the player`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Withdrawals' })).queryByText(first)).not.toBeInTheDocument(),
    );
    expect(await balanceOf(player.token)).toBe(15_000);
    expect((await withdrawalsOf(player.token)).find((withdrawal) => withdrawal.orderSn === first)).toMatchObject({
      status: 'withdrawalFailed',
      failureReason: 'The account name does not match',
    });

    const secondRow = (await within(screen.getByRole('table', { name: 'Withdrawals' })).findByText(second)).closest(
      'tr',
    )!;
    await user.click(within(secondRow).getByRole('button', { name: 'Approve' }));
    const approval = await screen.findByRole('dialog', { name: `Approve withdrawal ${second}` });
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`Withdrawal ${second} is approved; the payout has started`)).toBeInTheDocument();
    const paid = (await withdrawalsOf(player.token)).find((withdrawal) => withdrawal.orderSn === second);
    expect(['withdrawing', 'withdrawalSuccessful']).toContain(paid?.status);
    expect(await balanceOf(player.token)).toBe(15_000);
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal failed' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Withdrawals' })).findByText(
        'The account name does not match',
      ),
    ).toBeInTheDocument();
  }, 120_000);

  it('a decision the server refuses lands in a failure with the reason; retry sends it again, cancel closes it', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('late', 3_000, desk.token);
    const orderSn = await server.withdraw(player, 2_000);
    storeDeskSession(desk);
    renderApp(`/admin/withdrawals?keyword=${player.account}`);
    const row = (await within(await screen.findByRole('table', { name: 'Withdrawals' })).findByText(orderSn)).closest(
      'tr',
    )!;
    // Another operator decides first.
    await server.ok(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Decided at the other desk' },
      { token: desk.token },
    );

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve withdrawal ${orderSn}` });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This withdrawal has already been reviewed.')).toBeInTheDocument();
    expect(within(dialog).getByText('The decision was not recorded')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('This withdrawal has already been reviewed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
    expect(await balanceOf(player.token)).toBe(3_000);
  }, 120_000);
});

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
