import { randomUUID } from 'node:crypto';
import { chainSandboxPath } from '@contract/crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeskServer,
  openPagesOn,
  payPassword,
  renderApp,
  startDeskServer,
  storeDeskSession,
} from './admin-desk-harness';
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

async function withdrawalsOf(token: string) {
  return (
    await server.ok<{ list: { orderSn: string; status: string; failureReason: string | null }[] }>(
      '/v2/app/draw/list',
      {},
      { token },
    )
  ).list;
}

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

  it('a crypto payout’s approval says it goes to the address on its network, not to a bank account', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('chain', 5_000, desk.token);
    const asset = { coin: 'USDT', network: 'TRC20' };
    const { address } = await server.ok<{ address: string }>('/v2/cpp/coins/deposit/address', asset, {
      token: player.token,
    });
    const chain = (action: string, body: unknown) =>
      fetch(`${server.url}${chainSandboxPath}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await chain('send', { ...asset, address, amount: '100000000' })).status).toBe(200);
    expect((await chain('mine', { network: asset.network, blocks: 20 })).status).toBe(200);
    const target = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
    await waitFor(
      async () => {
        const answer = await server.call(
          '/v2/cpp/coins/withdraw',
          { ...asset, address: target, amount: '20000000', payPassword },
          { token: player.token, idempotencyKey: randomUUID() },
        );
        expect(answer.status).toBe(200);
      },
      { timeout: 30_000, interval: 500 },
    );
    storeDeskSession(desk);
    renderApp(`/admin/withdrawals?keyword=${player.account}&method=crypto`);
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const row = (await within(table).findByText(target)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: /^Approve withdrawal / });
    expect(
      within(dialog).getByText(
        `The held coins are posted and the payout of USDT to the address ${target} on the TRC20 network starts.`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/bank/i)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
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
  it('shows the rules that flag a payout with its risk, and over the four-eyes threshold records a first approval', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const fourEyes = (threshold: number) =>
      server.ok(
        '/v2/admin/withdrawal/rules/update',
        { rule: 'fourEyes', enabled: true, threshold, reason: 'Component test of four eyes' },
        { token: desk.token },
      );
    const player = await server.fundedPlayer('risky', 9_000, desk.token);
    const orderSn = await server.withdraw(player, 6_000);
    await fourEyes(5_000);
    try {
      storeDeskSession(desk);
      renderApp(`/admin/withdrawals?keyword=${player.account}`);
      const row = (await within(await screen.findByRole('table', { name: 'Withdrawals' })).findByText(orderSn)).closest(
        'tr',
      )!;
      expect(within(row).getByText('Little play')).toBeInTheDocument();
      expect(within(row).getByText('Two approvals')).toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: `Risk of withdrawal ${orderSn}` }));
      const drawer = await screen.findByRole('dialog', { name: `Risk of withdrawal ${orderSn}` });
      expect(
        await within(drawer).findByText(
          'Bets are 0 % of the deposits since the previous withdrawal (flags under 100 %)',
        ),
      ).toBeInTheDocument();
      expect(within(drawer).getByText('Rule: Little play')).toBeInTheDocument();
      expect(within(drawer).getByText("This is the player's first withdrawal.")).toBeInTheDocument();
      expect(within(drawer).getByText('9,000')).toBeInTheDocument();
      expect(within(drawer).getByRole('table', { name: 'Recent sign-ins' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(row).getByRole('button', { name: 'Approve (1 of 2)' }));
      const approval = await screen.findByRole('dialog', { name: `First approval of withdrawal ${orderSn}` });
      await user.click(within(approval).getByRole('button', { name: 'Approve (1 of 2)' }));
      expect(
        await screen.findByText(
          `First approval of withdrawal ${orderSn} recorded; a different operator gives the second`,
        ),
      ).toBeInTheDocument();
      const waiting = (
        await within(screen.getByRole('table', { name: 'Withdrawals' })).findByText(
          'You approved first; a second operator approves the payout.',
        )
      ).closest('tr')!;
      expect(within(waiting).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
      expect(within(waiting).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
      expect((await withdrawalsOf(player.token)).find((withdrawal) => withdrawal.orderSn === orderSn)?.status).toBe(
        'withdrawalReview',
      );
      expect(await balanceOf(player.token)).toBe(3_000);
    } finally {
      await fourEyes(100_000);
    }
  }, 120_000);
  it('changes a payout rule with a reason, refusing a threshold that is not a whole number', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/payout-rules');
    const table = await screen.findByRole('table', { name: 'Payout rules' });
    const row = within(table).getByText('New bank card').closest('tr')!;
    expect(within(row).getByText('72 hours')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Change New bank card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change rule: New bank card' });
    const hours = within(dialog).getByRole('textbox', { name: /Hours/ });
    await user.clear(hours);
    await user.type(hours, '1.5');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cards settle within two days now');
    await user.click(within(dialog).getByRole('button', { name: 'Save the rule' }));
    expect(await within(dialog).findByText('Enter a whole number of 1 or more')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(within(dialog).getByRole('switch', { name: 'The rule is on' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save the rule' }));
    expect(await screen.findByText('Rule saved: New bank card')).toBeInTheDocument();
    await waitFor(() => {
      const saved = within(screen.getByRole('table', { name: 'Payout rules' }))
        .getByText('New bank card')
        .closest('tr')!;
      expect(within(saved).getByText('48 hours')).toBeInTheDocument();
      expect(within(saved).getByText('Off')).toBeInTheDocument();
      expect(within(saved).getByText(desk.account)).toBeInTheDocument();
    });
    await server.ok(
      '/v2/admin/withdrawal/rules/update',
      { rule: 'newBankCard', enabled: true, threshold: 72, reason: 'Back to the default' },
      { token: desk.token },
    );
  }, 120_000);
});
