import type { DepositOrder, PayChannel } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import {
  type CreatedOrder,
  type DepositPrerequisites,
  depositMachine,
  depositOrderFollow,
  depositRequest,
  type OrderRequest,
} from '@machines/deposit.machine';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { exchangeRatiosQueryOptions } from '@/components/exchange-ratios';
import { DepositView } from '@/features/deposit/deposit-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const online: PayChannel = {
  id: 'online-bank',
  name: 'Online payment',
  mode: 'automatic',
  currency: 'JPY',
  minAmount: 1_000,
  maxAmount: 500_000,
  presetAmounts: [1_000, 5_000],
  feeRateBasisPoints: 0,
};
const transfer: PayChannel = {
  ...online,
  id: 'bank-transfer',
  name: 'Bank transfer',
  mode: 'manual',
  feeRateBasisPoints: 200,
};
const names = { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダタロウ' };
const card = { id: 4, bankName: 'MUFG Bank', maskedCardNumber: '****4321', isDefault: true };
const ready: DepositPrerequisites = { profile: names, cards: [card], channels: [online, transfer] };
const order = (status: 'pendingPayment' | 'paymentSuccessful'): DepositOrder => ({
  orderSn: 'D2026112200001',
  channelId: 'online-bank',
  channelName: 'Online payment',
  amount: 5_000,
  fee: 0,
  createdAt: '2026-11-22T00:00:00.000Z',
  paidAt: null,
  failureReason: null,
  mode: 'automatic',
  currency: 'JPY',
  status,
});
const bankTransfer: CreatedOrder = {
  order: {
    ...order('pendingPayment'),
    mode: 'manual',
    currency: 'JPY',
    status: 'inProgress',
    channelId: 'bank-transfer',
    fee: 60,
  } as DepositOrder,
  instructions: {
    kind: 'bankTransfer',
    yenAmount: 3_000,
    bankName: 'Sandbox Bank',
    branchName: 'Test branch',
    branchCode: '001',
    accountType: 'Ordinary',
    accountNumber: '1234567',
    accountHolder: 'Game hall',
    transferNote: 'D2026112200002',
  },
  expiresAt: '2026-11-22T00:30:00.000Z',
};
const checkout: CreatedOrder = {
  order: order('pendingPayment'),
  instructions: { kind: 'redirect', url: 'http://127.0.0.1:8181/sandbox-pay/checkout/pay_1' },
  expiresAt: '2026-11-22T00:30:00.000Z',
};

function startDeposit(
  prerequisites: DepositPrerequisites,
  /** What each poll of the order answers, in turn; a promise holds its answer until the test lets it go. */
  orders: (DepositOrder | Promise<DepositOrder>)[] = [],
  created = checkout,
  openOrder: CreatedOrder | null = null,
) {
  const requests: OrderRequest[] = [];
  const cancelled: string[] = [];
  const opened: string[] = [];
  const deposit = createActor(
    depositMachine.provide({
      actors: {
        request: depositRequest.provide({
          actors: {
            loadPrerequisites: fromPromise(async () => prerequisites),
            sendRequest: fromPromise(async ({ input }) => {
              requests.push(input);
              return created;
            }),
          },
        }),
        findOpenOrder: fromPromise(async () => openOrder),
        cancelOpenOrder: fromPromise(async ({ input }) => {
          cancelled.push(input.orderSn);
          return (openOrder as CreatedOrder).order;
        }),
        followOrder: depositOrderFollow.provide({
          actors: {
            fetchOrder: fromPromise(async () => {
              const next = orders.shift();
              if (!next) throw new Error('no news');
              return next;
            }),
          },
          delays: { orderPoll: 10 },
        }),
      },
      actions: { openCheckout: (_, { url }) => void opened.push(url) },
    }),
    { input: {} },
  ).start();
  return { deposit, requests, opened, cancelled };
}

describe('deposit page', () => {
  it("asks for personal information first, with 'Go to edit' leading to the account settings", async () => {
    await startI18nIn('en-US');
    const { deposit } = startDeposit({ ...ready, profile: { ...names, pinyinName: null } });
    renderPlayerView(<DepositView deposit={deposit} />);
    expect(
      await screen.findByText(/Please complete your personal information for currency exchange/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to edit' })).toHaveAttribute(
      'href',
      '/user/account-setting#personal-information',
    );
  });

  it('asks to bind a bank card first', async () => {
    await startI18nIn('ja-JP');
    const { deposit } = startDeposit({ ...ready, cards: [] });
    renderPlayerView(<DepositView deposit={deposit} />);
    expect(await screen.findByText(/先に銀行カードを登録してください/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '銀行カードを登録' })).toHaveAttribute('href', '/user/bankcard-setting');
  });

  const notices: [Locale, string, RegExp][] = [
    ['en-US', '1 Japanese yen = 1 game coin', /within ten minutes/],
    ['ja-JP', '1円 = 1ゲームコイン', /10分以内/],
    ['zh-CN', '1日元 = 1游戏币', /十分钟内/],
  ];
  for (const [lng, ratio, tenMinutes] of notices) {
    it(`shows the exchange ratio and the ten-minute notice (${lng})`, async () => {
      await startI18nIn(lng);
      const { deposit } = startDeposit(ready);
      renderPlayerView(<DepositView deposit={deposit} />, {
        seed: (queryClient) =>
          queryClient.setQueryData(exchangeRatiosQueryOptions().queryKey, [{ currency: 'JPY', coinsPerUnit: 1 }]),
      });
      expect(await screen.findByTestId('exchange-ratio')).toHaveTextContent(ratio);
      expect(screen.getByText(tenMinutes)).toBeInTheDocument();
    });
  }

  it('promises ten minutes only for a channel that credits by itself, not for a bank transfer', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { deposit } = startDeposit(ready);
    renderPlayerView(<DepositView deposit={deposit} />);
    expect(await screen.findByText(/within ten minutes/)).toBeInTheDocument();
    await user.click(screen.getByText('Bank transfer'));
    expect(screen.queryByText(/within ten minutes/)).not.toBeInTheDocument();
    await user.click(screen.getByText('Online payment'));
    expect(screen.getByText(/within ten minutes/)).toBeInTheDocument();
  });

  it('shows the coins an amount buys, checks the limits, and opens the checkout with one key per deposit', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    // The payment lands only once the test has seen the checkout link, however slowly the page renders.
    let pay = () => {};
    const paid = new Promise<DepositOrder>((resolve) => {
      pay = () => resolve(order('paymentSuccessful'));
    });
    const { deposit, requests, opened } = startDeposit(ready, [order('pendingPayment'), paid]);
    renderPlayerView(<DepositView deposit={deposit} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '999');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByText('The minimum is 1,000 yen')).toBeInTheDocument();
    // A refused amount promises nothing: no coins credited beside the refusal.
    expect(screen.queryByTestId('deposit-credited')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '5,000 yen' }));
    expect(screen.getByTestId('deposit-credited')).toHaveTextContent('You receive 5,000 coins');
    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    expect(screen.getByText('Fee: 100 coins')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-credited')).toHaveTextContent('You receive 4,900 coins');
    await user.click(screen.getByRole('radio', { name: 'Online payment' }));
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      checkout.instructions.kind === 'redirect' ? checkout.instructions.url : '',
    );
    expect(opened).toEqual(['http://127.0.0.1:8181/sandbox-pay/checkout/pay_1']);
    expect(requests).toEqual([
      {
        body: { channelId: 'online-bank', amount: 5_000, bankCardId: 4 },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    pay();
    expect(await screen.findByText('5,000 game coins have been added to your balance.')).toBeInTheDocument();
  });

  it('tells the yen to send, copies every field of the transfer, and says it waits for the player', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const { deposit } = startDeposit(ready, [], bankTransfer);
    renderPlayerView(<DepositView deposit={deposit} />);
    await user.type(await screen.findByRole('textbox', { name: '金額' }), '3000');
    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    await user.click(screen.getByRole('button', { name: '入金する' }));
    const instructions = await screen.findByLabelText('振込先');
    expect(screen.getByText('お客様のお振込みをお待ちしています')).toBeInTheDocument();
    expect(screen.queryByText('処理中')).not.toBeInTheDocument();
    expect(instructions).toHaveTextContent('振込金額3,000円');
    const copies: [string, string][] = [
      ['振込金額', '3000'],
      ['銀行', 'Sandbox Bank'],
      ['支店', 'Test branch'],
      ['支店番号', '001'],
      ['口座種別', 'Ordinary'],
      ['口座', '1234567'],
      ['口座名義', 'Game hall'],
      ['振込メモ', 'D2026112200002'],
    ];
    for (const [field, value] of copies) {
      await user.click(screen.getByRole('button', { name: `${field}をコピー` }));
      expect(await navigator.clipboard.readText()).toBe(value);
      expect(screen.getByRole('button', { name: `${field}をコピーしました` })).toBeInTheDocument();
    }
  });

  it('offers the order left open on return: continue shows its instructions, cancel starts a new deposit', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const first = startDeposit(ready, [], checkout, bankTransfer);
    const view = renderPlayerView(<DepositView deposit={first.deposit} />);
    expect(await screen.findByText('お支払い前の入金注文があります')).toBeInTheDocument();
    const offer = screen.getByTestId('deposit-open-order');
    expect(offer).toHaveTextContent('D2026112200001');
    expect(offer).toHaveTextContent('振込金額3,000円');
    await user.click(screen.getByRole('button', { name: 'この注文の支払いを続ける' }));
    expect(await screen.findByLabelText('振込先')).toHaveTextContent('D2026112200002');
    view.unmount();

    const second = startDeposit(ready, [], checkout, bankTransfer);
    renderPlayerView(<DepositView deposit={second.deposit} />);
    await user.click(await screen.findByRole('button', { name: 'この注文を取り消す' }));
    expect(await screen.findByRole('textbox', { name: '金額' })).toHaveValue('');
    expect(second.cancelled).toEqual(['D2026112200001']);
  });
});
