import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { csvText } from '@/lib/csv-file';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

// Docs: docs/requirements.md §20 (reports and reconciliation).

let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;

beforeAll(async () => {
  server = await startDeskServer();
  openPagesOn(server);
  desk = await server.operatorSession();
  // A yen deposit through the sandbox checkout, and a bank payout of part of it.
  const player = await server.fundedPlayer('reports', 20_000, desk.token);
  const orderSn = await server.withdraw(player, 8_000);
  await server.ok('/v2/admin/withdrawal/approve', { orderSn }, { token: desk.token });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the reports', () => {
  it('shows the day’s money from the ledger, cuts it by channel, and downloads what the table shows as CSV', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/reports');

    const table = await screen.findByRole('table', { name: 'Reports' });
    const totals = await within(table).findByTestId('report-totals');
    expect(within(table).getByRole('columnheader', { name: 'Deposits' })).toBeInTheDocument();
    expect(totals).toHaveTextContent(/Total.*20,000.*8,000/);

    await user.click(screen.getByRole('tab', { name: 'By payment channel' }));
    // The table of the new breakdown replaces the day's once it has loaded.
    const byChannel = await screen.findByRole('columnheader', { name: 'Payment channel' });
    const channels = byChannel.closest('table') as HTMLTableElement;
    expect(within(channels).getByRole('row', { name: /^Bank transfer \(payouts\)/ })).toHaveTextContent('8,000');
    expect(within(channels).queryByRole('columnheader', { name: 'Bets' })).not.toBeInTheDocument();

    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // The browser saves the file; the page under test stays where it is.
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect(downloads).toEqual([expect.stringMatching(/^report-channel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const csv = await (saved[0] as Blob).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Payment channel,Deposits,Withdrawals,Players');
    expect(lines).toContain('Bank transfer (payouts),0,8000,1');
    expect(lines.at(-1)).toBe('Total,20000,8000,1');
  }, 60_000);

  it('sets the ledger beside the wallet and the provider’s statement, and the house accounts balanced', async () => {
    await startI18nIn('ja-JP');
    storeDeskSession(desk);
    renderApp('/admin/reconciliation');

    const payments = await screen.findByRole('region', { name: '決済事業者' });
    await waitFor(() => expect(within(payments).getByTestId('payments-agreement')).toHaveTextContent('一致'));
    const payouts = within(payments).getByRole('row', { name: /^出金/ });
    expect(payouts).toHaveTextContent(/8,000 円.*8,000 円/);
    const wallet = screen.getByRole('region', { name: 'ゲームウォレット' });
    expect(within(wallet).getByTestId('wallet-agreement-studio')).toHaveTextContent('一致');
    const house = screen.getByRole('region', { name: 'ハウス勘定' });
    expect(within(house).getByTestId('balanced-COIN')).toHaveTextContent('COIN：一致');
    expect(within(house).getByRole('row', { name: /^出金処理中/ })).toHaveTextContent('8,000');
  }, 60_000);
});

describe('a report’s CSV', () => {
  it('opens in a spreadsheet as written: a byte-order mark, CRLF, quoting, and no name run as a formula', () => {
    expect(
      csvText([
        ['Name', 'Amount'],
        ['=HYPERLINK("x")', -5],
        ['@SUM(A1)', 0],
        ['a,b', 1],
      ]),
    ).toBe('\uFEFFName,Amount\r\n"\'=HYPERLINK(""x"")",-5\r\n\'@SUM(A1),0\r\n"a,b",1\r\n');
  });
});
