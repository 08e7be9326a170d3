import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

// Docs: docs/requirements.md §20 (the overview).

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

describe('the overview', () => {
  it('shows the day’s money and players from the ledger, each period against the one before, and how long queues wait', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.fundedPlayer('overview', 20_000, desk.token);
    const orderSn = await server.withdraw(player, 8_000);
    await server.ok('/v2/admin/withdrawal/approve', { orderSn }, { token: desk.token });
    await server.withdraw(player, 2_000);
    storeDeskSession(desk);
    renderApp('/admin');

    const business = await screen.findByRole('region', { name: 'The business' });
    const figure = (name: string) => within(business).getByRole('region', { name });
    await waitFor(() => expect(within(figure('Deposits')).getByTestId('figure-deposits')).toHaveTextContent('20,000'));
    expect(within(figure('Withdrawals')).getByTestId('figure-withdrawals')).toHaveTextContent('8,000');
    expect(within(figure('Registrations')).getByTestId('figure-registrations')).toHaveTextContent('1');
    expect(within(figure('First deposits')).getByTestId('figure-firstDeposits')).toHaveTextContent('1');
    expect(within(figure('Deposits')).getByText('Span before: 0')).toBeInTheDocument();
    for (const caption of [
      'Deposits and withdrawals by day',
      'Gross gaming revenue and net revenue by day',
      'Registrations, first deposits and active players by day',
    ])
      expect(within(business).getByText(caption)).toBeInTheDocument();

    await user.click(within(business).getByRole('radio', { name: 'Last 30 days' }));
    expect(within(figure('Deposits')).getByTestId('figure-deposits')).toHaveTextContent('20,000');

    const queues = screen.getByRole('region', { name: 'Waiting for a decision' });
    const withdrawals = within(queues).getByRole('region', { name: 'Withdrawals' });
    expect(within(withdrawals).getByTestId('waiting-withdrawals')).toHaveTextContent('1 waiting');
    expect(within(withdrawals).getByText(/^Oldest came in /)).toBeInTheDocument();
  }, 120_000);
});
