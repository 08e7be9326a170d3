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

describe("a player's ledger", () => {
  it('lists the movements newest first with the balance after each, and the amount held for a withdrawal', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('ledger', 20_000, desk.token);
    const paid = await server.withdraw(player, 8_000);
    await server.ok('/v2/admin/withdrawal/approve', { orderSn: paid }, { token: desk.token });
    await server.deposit(player, player.cardId, 15_000);
    const underReview = await server.withdraw(player, 2_000);
    storeDeskSession(desk);
    renderApp(`/admin/users?keyword=${player.account}`);

    await user.click(within(await rowOf(player.account)).getByRole('link', { name: 'Ledger' }));
    expect(await screen.findByRole('heading', { name: `Ledger of ${player.account}`, level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Ledger entries' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.textContent),
      );
    // The withdrawal under review is held: listed with what it takes, the balance unchanged.
    expect(rows).toEqual([
      ['Withdrawal holdHeld', '-2,000', '27,000'],
      ['Deposit', '+15,000', '27,000'],
      ['Withdrawal paid', '-8,000', '12,000'],
      ['Deposit', '+20,000', '20,000'],
    ]);
    expect(screen.getByTestId('ledger-balance')).toHaveTextContent('27,000 coins');
    expect(screen.getByTestId('ledger-held')).toHaveTextContent('2,000 coins');
    // Every line names its order: the two deposits and both withdrawals.
    expect(within(table).getAllByText(/^D\d{8}[A-Z0-9]+$/)).toHaveLength(2);
    expect(within(within(table).getByText(underReview).closest('tr')!).getByText('Held')).toBeInTheDocument();
    expect(within(within(table).getByText(paid).closest('tr')!).getByText('Withdrawal paid')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Entry type' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal paid' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Ledger entries' })).getAllByRole('row')).toHaveLength(2),
    );
    await user.click(screen.getByRole('combobox', { name: 'Entry type' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal hold' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Ledger entries' })).getByText(underReview)).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('table', { name: 'Ledger entries' })).getAllByRole('row')).toHaveLength(2);
  }, 120_000);
});
