import type { CommissionDay, TeamDeposit, TeamMemberReport, TeamStatistics, TeamWithdrawal } from '@contract/agent';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  commissionPeriodOf,
  type TeamSearch,
  teamDepositStatuses,
  teamQueryOf,
  teamSearchOf,
  teamUserIdOf,
  teamWithdrawalStatuses,
} from '@/features/agent/team-filters';
import { TeamRechargePage, TeamWithdrawPage } from '@/features/agent/team-money-pages';
import {
  commissionQueryOptions,
  teamDepositsQueryOptions,
  teamMemberReportsQueryOptions,
  teamStatisticsQueryOptions,
  teamWithdrawalsQueryOptions,
} from '@/features/agent/team-queries';
import { TeamReportPage } from '@/features/agent/team-report-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const statistics = (fields: Partial<TeamStatistics> = {}): TeamStatistics => ({
  teamName: 'hanako',
  path: [],
  teamBalance: 11_200,
  activeUserCount: 2,
  registrationCount: 1,
  rechargeCount: 1,
  betCount: 3,
  rechargeAmount: 10_000,
  betAmount: 600,
  rebateBasisPoints: 150,
  giftAmount: 200,
  transferAmount: 5_000,
  takenBackAmount: 700,
  ...fields,
});

const member = (userId: number, account: string, isAgent: boolean): TeamMemberReport => ({
  userId,
  account,
  isAgent,
  rechargeAmount: 10_000,
  withdrawalAmount: 3_000,
  betAmount: 600,
  winAmount: 450,
  profitLoss: -150,
  rebateAmount: 12,
});

const zero = { count: 0, amount: 0 };

function renderReport(
  userId: number | undefined,
  search: TeamSearch,
  data: { figures: TeamStatistics; members: TeamMemberReport[]; commission?: CommissionDay[] },
  lng: 'en-US' | 'ja-JP',
  agent = true,
) {
  const changes: TeamSearch[] = [];
  const query = teamQueryOf(search, 'today');
  const view = renderPlayerView(
    <TeamReportPage userId={userId} search={search} onSearchChange={(next) => changes.push(next)} />,
    {
      agent,
      seed: (queryClient) => {
        queryClient.setQueryData(teamStatisticsQueryOptions(lng, userId, query).queryKey, data.figures);
        queryClient.setQueryData(teamMemberReportsQueryOptions(lng, userId, query).queryKey, {
          list: data.members,
          total: data.members.length,
        });
        const commission = data.commission ?? [];
        queryClient.setQueryData(commissionQueryOptions(lng, commissionPeriodOf(search, query), 1).queryKey, {
          list: commission,
          total: commission.length,
          paid: commission.reduce((sum, day) => sum + day.amount, 0),
        });
      },
    },
  );
  return { ...view, changes };
}

describe('team filters', () => {
  it('keep only what the URL may say', () => {
    expect(
      teamSearchOf(
        { from: '2026-01-01', to: '2026-12-31', account: '  taro ', status: 'withdrawalFailed', page: '2' },
        teamDepositStatuses,
      ),
    ).toEqual({ account: 'taro', page: 2 });
    expect(
      teamSearchOf({ from: '2026-03-01', to: '2026-03-10', status: 'withdrawalFailed' }, teamWithdrawalStatuses),
    ).toEqual({ from: '2026-03-01', to: '2026-03-10', status: 'withdrawalFailed' });
    expect(teamSearchOf({ status: 'paymentSuccessful', page: '0' })).toEqual({});
  });

  it('open the report on today and the money lists on the last 30 days, in Japan time', () => {
    const lateInTokyo = new Date('2026-11-24T15:30:00Z');
    expect(teamQueryOf({}, 'today', lateInTokyo).period).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(teamQueryOf({ from: '2026-11-01', to: '2026-11-02' }, 'today', lateInTokyo).period).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    const lastDays = teamQueryOf({}, 'lastDays').period;
    expect((Date.parse(lastDays.to) - Date.parse(lastDays.from)) / 86_400_000).toBe(29);
  });

  it('read the sub-agent of the path, and nothing malformed', () => {
    expect(teamUserIdOf('42')).toBe(42);
    expect(teamUserIdOf(undefined)).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'abc', '042', '99999999999']) expect(teamUserIdOf(bad)).toBeUndefined();
  });
});

describe('team report page', () => {
  it('shows the team figures, each member, and opens an agent member’s team', async () => {
    await startI18nIn('en-US');
    const search: TeamSearch = { from: '2026-03-10', to: '2026-03-11' };
    const { changes } = renderReport(
      undefined,
      search,
      {
        figures: statistics(),
        members: [member(21, 'subagent', true), member(22, 'plainmember', false)],
        commission: [
          {
            day: '2026-03-10',
            members: 2,
            validBets: 3_400,
            rateBasisPoints: 150,
            amount: 51,
            settledAt: '2026-03-11T15:10:00.000Z',
          },
        ],
      },
      'en-US',
    );
    const figures = await screen.findByLabelText('Team figures');
    const figure = (name: string) => within(figures).getByText(name).nextElementSibling?.textContent;
    expect(figure('Team balance')).toBe('11,200 coins');
    expect(figure('Bet')).toBe('600 coins');
    expect(figure('Rebate rate')).toBe('1.5%');
    expect(figure('Handed to members')).toBe('5,000 coins');
    expect(figure('Taken back from members')).toBe('700 coins');
    expect(screen.getByText('Team of hanako')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Teams above this one' })).not.toBeInTheDocument();

    const commission = screen.getByRole('region', { name: 'Commission' });
    expect(within(commission).getByTestId('commission-paid')).toHaveTextContent('Paid in this period: 51 coins');
    const paidDay = within(within(commission).getByRole('table', { name: 'Commission' })).getAllByRole('row')[1]!;
    expect(paidDay).toHaveTextContent(/2026-03-10.*2.*3,400 coins.*1\.5%.*51 coins/);

    const rows = within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('10,000')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-150')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Open the team of subagent' })).toHaveAttribute(
      'href',
      '/agent/team-report/21?from=2026-03-10&to=2026-03-11',
    );
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Member account' }), 'sub{Enter}');
    expect(changes.at(-1)).toEqual({ ...search, account: 'sub', page: undefined });
  });

  it('in a sub-agent’s team, leads back up the breadcrumb, in Japanese', async () => {
    await startI18nIn('ja-JP');
    renderReport(
      35,
      {},
      {
        figures: statistics({
          teamName: 'deeper',
          path: [
            { userId: 21, account: 'subagent' },
            { userId: 35, account: 'deeper' },
          ],
          teamBalance: 1_234_567,
        }),
        members: [],
      },
      'ja-JP',
    );
    const path = await screen.findByLabelText('上位のチーム');
    expect(within(path).getByRole('link', { name: '自分のチーム' })).toHaveAttribute('href', '/agent/team-report');
    expect(within(path).getByRole('link', { name: 'subagent' })).toHaveAttribute('href', '/agent/team-report/21');
    expect(within(path).getByText('deeper')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('deeper のチーム')).toBeInTheDocument();
    expect(screen.getByText('1,234,567 コイン')).toBeInTheDocument();
    expect(screen.getByText('この期間のデータはありません。')).toBeInTheDocument();
  });

  it('shows no team data to a player who is not an agent', async () => {
    await startI18nIn('en-US');
    renderReport(undefined, {}, { figures: statistics(), members: [member(21, 'subagent', true)] }, 'en-US', false);
    expect(await screen.findByRole('heading', { name: 'Team report' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Team figures')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('team recharge and withdraw pages', () => {
  const deposit: TeamDeposit = {
    orderSn: 'D20260310001',
    channelId: 'bank-transfer',
    channelName: 'Bank transfer',
    amount: 10_000,
    fee: 0,
    createdAt: '2026-03-10T03:00:00.000Z',
    paidAt: '2026-03-10T03:05:00.000Z',
    failureReason: null,
    mode: 'manual',
    currency: 'JPY',
    status: 'successful',
    userId: 21,
    account: 'subagent',
  };

  it('lists the members’ deposits with completed money apart from the rest, and filters by status', async () => {
    await startI18nIn('en-US');
    const search: TeamSearch = {};
    const changes: TeamSearch[] = [];
    renderPlayerView(<TeamRechargePage search={search} onSearchChange={(next) => changes.push(next)} />, {
      agent: true,
      seed: (queryClient) =>
        queryClient.setQueryData(teamDepositsQueryOptions('en-US', teamQueryOf(search, 'lastDays')).queryKey, {
          list: [deposit, { ...deposit, orderSn: 'D20260310002', status: 'inProgress', amount: 2_000 }],
          total: 45,
          totals: {
            completed: { count: 1, amount: 10_000 },
            pending: { count: 44, amount: 88_000 },
            refunded: zero,
            failed: zero,
          },
        }),
    });
    const totals = await screen.findByLabelText('Totals');
    const total = (name: string) => within(totals).getByText(name).nextElementSibling?.textContent;
    expect(total('Completed')).toBe('10,000 coins · 1 order');
    expect(total('Pending')).toBe('88,000 coins · 44 orders');
    expect(total('Failed')).toBe('0 coins · 0 orders');
    const rows = within(screen.getByRole('table', { name: 'Member deposits' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('subagent')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Successful')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Waiting for the transfer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(changes.at(-1)).toEqual({ page: 2 });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Refund in process' }));
    expect(changes.at(-1)).toEqual({ page: undefined, status: 'refundInProcess' });
  });

  it('lists the members’ withdrawals, in Japanese', async () => {
    await startI18nIn('ja-JP');
    const search: TeamSearch = { status: 'withdrawalFailed' };
    const withdrawal = {
      orderSn: 'W20260310001',
      method: 'bank',
      amount: 1_500,
      status: 'withdrawalFailed',
      createdAt: '2026-03-10T03:00:00.000Z',
      failureReason: null,
      bankCard: { bankName: 'みずほ銀行', maskedCardNumber: '****1234' },
      userId: 21,
      account: 'subagent',
    } as unknown as TeamWithdrawal;
    renderPlayerView(<TeamWithdrawPage search={search} onSearchChange={() => {}} />, {
      agent: true,
      seed: (queryClient) =>
        queryClient.setQueryData(teamWithdrawalsQueryOptions('ja-JP', teamQueryOf(search, 'lastDays')).queryKey, {
          list: [withdrawal],
          total: 1,
          totals: { completed: zero, pending: zero, failed: { count: 1, amount: 1_500 }, cancelled: zero },
        }),
    });
    const totals = await screen.findByLabelText('合計');
    expect(within(totals).getByText('失敗').nextElementSibling?.textContent).toBe('1,500 コイン・1 件');
    const rows = within(screen.getByRole('table', { name: 'メンバーの出金' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('みずほ銀行 ****1234')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('subagent')).toBeInTheDocument();
  });
});
