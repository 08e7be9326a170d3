import type { DepositOrder } from '@contract/deposit';
import { maxDateRangeDays } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastSelectableDay } from '@/components/filter-form';
import { cryptoAssetsQueryOptions } from '@/features/crypto/queries';
import { depositRecordsQueryOptions, movementRecordsQueryOptions } from '@/features/record/queries';
import {
  defaultPeriod,
  periodProblem,
  type RecordSearch,
  recordQueryOf,
  recordSearchOf,
} from '@/features/record/record-filters';
import { RecordPage } from '@/features/record/record-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const deposit = (orderSn: string, status: 'paymentSuccessful' | 'pendingPayment'): DepositOrder => ({
  orderSn,
  channelId: 'online-bank',
  channelName: 'Online payment',
  amount: 5_000,
  fee: 0,
  createdAt: '2026-11-21T03:00:00.000Z',
  paidAt: null,
  failureReason: null,
  mode: 'automatic',
  currency: 'JPY',
  status,
});

describe('record filters', () => {
  it(`allow a period of at most ${maxDateRangeDays} days, as the contract does`, () => {
    expect(periodProblem('2026-01-01', '2026-03-31')).toBeNull();
    expect(periodProblem('2026-01-01', '2026-04-01')).toEqual({
      key: 'filters.periodTooLong',
      values: { days: maxDateRangeDays },
    });
    expect(periodProblem('2026-03-01', '2026-02-01')?.key).toBe('filters.periodTooLong');
    expect(periodProblem('2026-03-01', null)?.key).toBe('filters.periodIncomplete');
  });

  describe('count today in Japan time, whatever zone the browser is in', () => {
    afterEach(() => vi.useRealTimers());
    it.each([
      ['2026-11-24T14:59:59Z', '2026-11-24'],
      ['2026-11-24T15:00:00Z', '2026-11-25'],
      ['2026-11-24T23:40:00Z', '2026-11-25'],
    ])('at %s today is %s', (instant, day) => {
      vi.useFakeTimers({ now: new Date(instant), toFake: ['Date'] });
      expect(defaultPeriod().to).toBe(day);
      expect(lastSelectableDay(null)).toBe(day);
    });
  });

  it('the picker offers no day past the limit once the first day is chosen, nor past today', () => {
    const today = dayjs('2026-11-22');
    expect(lastSelectableDay('2026-01-01', today)).toBe('2026-03-31');
    expect(lastSelectableDay('2026-11-01', today)).toBe('2026-11-22');
    expect(lastSelectableDay(null, today)).toBe('2026-11-22');
  });

  it('keep only what the URL may say, and fill in the last 30 days', () => {
    expect(
      recordSearchOf({ tab: 'nope', from: '2026-01-01', to: '2026-12-31', status: 'paymentSuccessful', page: '0' }),
    ).toEqual({
      status: 'paymentSuccessful',
    });
    expect(recordSearchOf({ tab: 'withdrawals', status: 'paymentSuccessful', type: 'bank', page: '3' })).toEqual({
      tab: 'withdrawals',
      type: 'bank',
      page: 3,
    });
    expect(recordQueryOf({}, dayjs('2026-11-22'))).toMatchObject({
      tab: 'deposits',
      period: { from: '2026-10-24', to: '2026-11-22' },
      pageNum: 1,
    });
  });
});

describe('record page', () => {
  function renderRecords(search: RecordSearch, seed: (queryClient: QueryClient) => void) {
    const changes: RecordSearch[] = [];
    const view = renderPlayerView(<RecordPage search={search} onSearchChange={(next) => changes.push(next)} />, {
      seed,
    });
    return { ...view, changes };
  }

  it('lists deposits with their status, totalling completed money apart from pending and failed', async () => {
    await startI18nIn('en-US');
    const search: RecordSearch = {};
    const { changes } = renderRecords(search, (queryClient) =>
      queryClient.setQueryData(depositRecordsQueryOptions('en-US', recordQueryOf(search)).queryKey, {
        list: [deposit('D1', 'paymentSuccessful'), deposit('D2', 'pendingPayment')],
        total: 2,
        totals: {
          completed: { count: 1, amount: 5_000 },
          pending: { count: 1, amount: 3_000 },
          refunded: { count: 0, amount: 0 },
          failed: { count: 0, amount: 0 },
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Payment successful')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Pending payment')).toBeInTheDocument();
    // An order still waiting for its payment leads back to how to pay it.
    expect(within(rows[2]!).getByRole('link', { name: 'How to pay' })).toHaveAttribute(
      'href',
      '/user/finance/deposit?orderSn=D2',
    );
    expect(within(rows[1]!).queryByRole('link', { name: 'How to pay' })).not.toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByRole('group', { name: 'Deposited' })).toHaveTextContent('5,000 coins');
    expect(within(totals).getByRole('group', { name: 'Pending' })).toHaveTextContent('3,000 coins');
    expect(within(totals).getByRole('group', { name: 'Failed' })).toHaveTextContent('0 coins');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Withdrawals' }));
    expect(changes.at(-1)).toMatchObject({ tab: 'withdrawals' });
  });

  it('lists a crypto deposit in the one deposits list, with its pair and the coins received, and filters by its status', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const search: RecordSearch = {};
    const credited: DepositOrder = {
      orderSn: 'C1',
      channelId: 'USDT:TRC20',
      channelName: 'USDT · TRC20',
      amount: 3_000,
      fee: 0,
      createdAt: '2026-11-21T04:00:00.000Z',
      paidAt: '2026-11-21T04:01:00.000Z',
      failureReason: null,
      mode: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      cryptoAmount: '20000000',
      depositAddress: 'TXYZ',
      txHash: 'ab'.repeat(32),
      damageRateBasisPoints: 0,
      status: 'credited',
    };
    const { changes } = renderRecords(search, (queryClient) => {
      queryClient.setQueryData(cryptoAssetsQueryOptions().queryKey, [
        {
          coin: 'USDT',
          network: 'TRC20',
          name: 'Tether USD',
          decimals: 6,
          depositEnabled: true,
          withdrawalEnabled: true,
          minDeposit: '10000000',
          minWithdrawal: '20000000',
          maxWithdrawal: '10000000000',
          withdrawalFee: '1000000',
          damageRateBasisPoints: 0,
          confirmations: 19,
          gameCoinsPerCoin: '150',
        },
      ]);
      queryClient.setQueryData(depositRecordsQueryOptions('en-US', recordQueryOf(search)).queryKey, {
        list: [credited, deposit('D1', 'paymentSuccessful')],
        total: 2,
        totals: {
          completed: { count: 2, amount: 8_000 },
          pending: { count: 0, amount: 0 },
          refunded: { count: 0, amount: 0 },
          failed: { count: 0, amount: 0 },
        },
      });
    });
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('USDT · TRC20')).toBeInTheDocument();
    expect(within(row).getByText('20 USDT')).toBeInTheDocument();
    expect(within(row).getByText('Credited')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Totals' })).getByRole('group', { name: 'Deposited' }),
    ).toHaveTextContent('8,000 coins');
    // The crypto deposits are rows of the one list, not a table of their own below it.
    expect(screen.queryByRole('table', { name: 'Your crypto deposits' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Credited' }));
    expect(changes.at(-1)).toMatchObject({ status: 'credited' });
  });

  it("shows a failed deposit's reason, as a failed withdrawal's", async () => {
    await startI18nIn('en-US');
    const search: RecordSearch = {};
    const failed: DepositOrder = {
      orderSn: 'D3',
      channelId: 'bank-transfer',
      channelName: 'Bank transfer',
      amount: 5_000,
      fee: 0,
      createdAt: '2026-11-21T03:00:00.000Z',
      paidAt: null,
      failureReason: 'Nothing received in three days',
      mode: 'manual',
      currency: 'JPY',
      status: 'failed',
    };
    renderRecords(search, (queryClient) =>
      queryClient.setQueryData(depositRecordsQueryOptions('en-US', recordQueryOf(search)).queryKey, {
        list: [failed],
        total: 1,
        totals: {
          completed: { count: 0, amount: 0 },
          pending: { count: 0, amount: 0 },
          refunded: { count: 0, amount: 0 },
          failed: { count: 1, amount: 5_000 },
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Nothing received in three days')).toBeInTheDocument();
  });

  it('writes the period in the reader’s own date format', async () => {
    const search: RecordSearch = { from: '2026-10-27', to: '2026-11-02' };
    const shown: [Locale, string][] = [
      ['ja-JP', '2026年10月27日 – 2026年11月2日'],
      ['en-US', 'Oct 27, 2026 – Nov 2, 2026'],
      ['vi-VN', '27/10/2026 – 02/11/2026'],
    ];
    for (const [lng, period] of shown) {
      await startI18nIn(lng);
      const view = renderRecords(search, () => {});
      expect(await screen.findByText(period)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('filters deposits by status', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const search: RecordSearch = {};
    const { changes } = renderRecords(search, (queryClient) =>
      queryClient.setQueryData(depositRecordsQueryOptions('en-US', recordQueryOf(search)).queryKey, {
        list: [],
        total: 0,
        totals: {
          completed: { count: 0, amount: 0 },
          pending: { count: 0, amount: 0 },
          refunded: { count: 0, amount: 0 },
          failed: { count: 0, amount: 0 },
        },
      }),
    );
    expect(await screen.findByText('Nothing in this period.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Refund in process' }));
    expect(changes.at(-1)).toMatchObject({ status: 'refundInProcess' });
  });

  it('shows balance movements with the running balance, in Japanese', async () => {
    await startI18nIn('ja-JP');
    const search: RecordSearch = { tab: 'movements' };
    renderRecords(search, (queryClient) =>
      queryClient.setQueryData(movementRecordsQueryOptions('ja-JP', recordQueryOf(search)).queryKey, {
        list: [
          {
            id: 'h2',
            kind: 'withdrawal',
            amount: -8_000,
            balanceAfter: 2_000,
            reference: 'W1',
            createdAt: '2026-11-21T04:00:00.000Z',
            status: null,
            channel: null,
            fee: null,
            failureReason: null,
          },
          {
            id: 'e1',
            kind: 'deposit',
            amount: 10_000,
            balanceAfter: 10_000,
            reference: 'D1',
            createdAt: '2026-11-21T03:00:00.000Z',
            status: null,
            channel: null,
            fee: null,
            failureReason: null,
          },
        ],
        total: 2,
        credited: 10_000,
        debited: 8_000,
      }),
    );
    const table = await screen.findByRole('table', { name: '残高の動き' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('出金')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-8,000')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+10,000')).toBeInTheDocument();
    expect(within(screen.getByLabelText('合計')).getByText('8,000 コイン')).toBeInTheDocument();
  });

  it('opens a movement’s detail from the keyboard: reference to copy, balance after, status, channel, fee (§5.12)', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const search: RecordSearch = { tab: 'movements' };
    renderRecords(search, (queryClient) =>
      queryClient.setQueryData(movementRecordsQueryOptions('en-US', recordQueryOf(search)).queryKey, {
        list: [
          {
            id: 'r7',
            kind: 'withdrawalHoldReleased',
            amount: 10_000,
            balanceAfter: 30_000,
            reference: 'W20261121ABCDEFGHJK',
            createdAt: '2026-11-21T05:00:00.000Z',
            status: 'withdrawalFailed',
            channel: 'Mizuho Bank ****5678',
            fee: 0,
            failureReason: 'Name does not match',
          },
          {
            id: 'h7',
            kind: 'withdrawalHold',
            amount: -10_000,
            balanceAfter: 20_000,
            reference: 'W20261121ABCDEFGHJK',
            createdAt: '2026-11-21T04:00:00.000Z',
            status: 'withdrawalFailed',
            channel: 'Mizuho Bank ****5678',
            fee: 0,
            failureReason: 'Name does not match',
          },
        ],
        total: 2,
        credited: 10_000,
        debited: 10_000,
      }),
    );
    const hold = await screen.findByRole('button', { name: 'Coins held for withdrawal' });
    hold.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Balance movement details' });
    expect(within(dialog).getByTestId('movement-reference')).toHaveTextContent('W20261121ABCDEFGHJK');
    expect(within(dialog).getByTestId('movement-balance-after')).toHaveTextContent('20,000 coins');
    expect(within(dialog).getByText('-10,000 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('Withdrawal failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Mizuho Bank ****5678')).toBeInTheDocument();
    expect(within(dialog).getByText('Name does not match')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The whole row opens its detail by pointer too.
    await user.click(screen.getByText('+10,000'));
    const released = await screen.findByRole('dialog', { name: 'Balance movement details' });
    expect(within(released).getByText('Withdrawal hold released')).toBeInTheDocument();
    expect(within(released).getByTestId('movement-balance-after')).toHaveTextContent('30,000 coins');
  });

  it.each([
    ['ja-JP', 'エージェント振替（受取）', 'エージェント振替（送出）'],
    ['en-US', 'Agent transfer in', 'Agent transfer out'],
    ['ko-KR', '에이전트 이체 (입금)', '에이전트 이체 (출금)'],
    ['zh-CN', '代理转账（转入）', '代理转账（转出）'],
    ['zh-TW', '代理轉帳（轉入）', '代理轉帳（轉出）'],
    ['fil-PH', 'Paglipat ng agent (pumasok)', 'Paglipat ng agent (lumabas)'],
    ['vi-VN', 'Chuyển khoản đại lý (nhận vào)', 'Chuyển khoản đại lý (chuyển ra)'],
  ] as const)(
    'names agent moves by their direction with their transfer number, in %s (§12.4)',
    async (lng, inLabel, outLabel) => {
      await startI18nIn(lng);
      const search: RecordSearch = { tab: 'movements' };
      renderRecords(search, (queryClient) =>
        queryClient.setQueryData(movementRecordsQueryOptions(lng, recordQueryOf(search)).queryKey, {
          list: [
            {
              id: 'e6',
              kind: 'agentTransferIn',
              amount: 300,
              balanceAfter: 3_300,
              reference: '41',
              createdAt: '2026-11-21T05:00:00.000Z',
              status: null,
              channel: null,
              fee: null,
              failureReason: null,
            },
            {
              id: 'e5',
              kind: 'agentTransferOut',
              amount: -2_000,
              balanceAfter: 3_000,
              reference: '40',
              createdAt: '2026-11-21T04:00:00.000Z',
              status: null,
              channel: null,
              fee: null,
              failureReason: null,
            },
          ],
          total: 2,
          credited: 300,
          debited: 2_000,
        }),
      );
      const rows = within(await screen.findByRole('table')).getAllByRole('row');
      expect(within(rows[1]!).getByText(inLabel)).toBeInTheDocument();
      expect(within(rows[1]!).getByText('+300')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('41')).toBeInTheDocument();
      expect(within(rows[2]!).getByText(outLabel)).toBeInTheDocument();
      expect(within(rows[2]!).getByText(new Intl.NumberFormat(lng).format(-2_000))).toBeInTheDocument();
      expect(within(rows[2]!).getByText('40')).toBeInTheDocument();
      expect(screen.queryByText(/agentTransfer/)).toBeNull();
    },
  );
});
