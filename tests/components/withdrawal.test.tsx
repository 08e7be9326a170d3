import type { Withdrawal } from '@contract/withdrawal';
import {
  type WithdrawalRequest,
  type WithdrawPrerequisites,
  withdrawalFollow,
  withdrawMachine,
  withdrawRequest,
} from '@machines/withdrawal.machine';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { WithdrawView } from '@/features/withdrawal/withdrawal-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const profile: WithdrawPrerequisites['profile'] = {
  firstName: '太郎',
  lastName: '山田',
  pinyinName: 'ヤマダタロウ',
  balance: 12_000,
  kycStatus: 'approved',
  hasPayPassword: true,
};
const card = { id: 4, bankName: 'MUFG Bank', maskedCardNumber: '****4321', isDefault: true };
const limits = { minAmount: 1_000, maxAmount: 100_000, feeRateBasisPoints: 150, coinsPerYen: 1 };
const ready: WithdrawPrerequisites = { profile, cards: [card], limits };
const withdrawal = (status: Withdrawal['status'], failureReason: string | null = null): Withdrawal => ({
  orderSn: 'W2026112200001',
  amount: 8_000,
  fee: 0,
  status,
  createdAt: '2026-11-22T00:00:00.000Z',
  completedAt: null,
  failureReason,
  method: 'bank',
  bankCard: { id: 4, bankName: 'MUFG Bank', maskedCardNumber: '****4321' },
});

function startWithdraw(
  prerequisites: WithdrawPrerequisites,
  request: (input: WithdrawalRequest) => Promise<Withdrawal>,
  later: Withdrawal[] = [],
  cancel: () => Promise<Withdrawal> = async () => withdrawal('withdrawalCancelled'),
) {
  const requests: WithdrawalRequest[] = [];
  const withdraw = createActor(
    withdrawMachine.provide({
      actors: {
        request: withdrawRequest.provide({
          actors: {
            loadPrerequisites: fromPromise(async () => prerequisites),
            sendRequest: fromPromise(async ({ input }) => {
              requests.push(input);
              return request(input);
            }),
          },
        }),
        cancelWithdrawal: fromPromise(() => cancel()),
        followWithdrawal: withdrawalFollow.provide({
          actors: {
            fetchOrder: fromPromise(async () => {
              const next = later.shift();
              if (!next) throw new Error('no news');
              return next;
            }),
          },
          delays: { orderPoll: 10 },
        }),
      },
    }),
  ).start();
  return { withdraw, requests };
}

describe('withdraw page', () => {
  it('asks for verified identity, and says when it is under review', async () => {
    await startI18nIn('en-US');
    const notVerified = startWithdraw({ ...ready, profile: { ...profile, kycStatus: 'notSubmitted' } }, async () =>
      withdrawal('withdrawalReview'),
    );
    const first = renderPlayerView(<WithdrawView withdraw={notVerified.withdraw} />);
    expect(await screen.findByText(/Withdrawals need a verified identity/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute(
      'href',
      '/user/account-setting#identity-verification',
    );
    first.unmount();
    const underReview = startWithdraw({ ...ready, profile: { ...profile, kycStatus: 'pendingReview' } }, async () =>
      withdrawal('withdrawalReview'),
    );
    renderPlayerView(<WithdrawView withdraw={underReview.withdraw} />);
    expect(
      await screen.findByText('Your identity is under review. You can withdraw once it is verified.'),
    ).toBeInTheDocument();
  });

  it('shows the limits and the fee before entry, and an amount outside them on the amount field', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { withdraw, requests } = startWithdraw(ready, async () => withdrawal('withdrawalReview'));
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    expect(
      await screen.findByText(/Each withdrawal is from 1,000 to 100,000 coins\. The fee is 1\.5% of the amount\./),
    ).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount (coins)' });
    const payPassword = screen.getByLabelText('Payment password');
    await user.type(payPassword, '246801');
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(amount).toHaveAccessibleDescription(/Please input an amount from 1,000 to 100,000 coins/);
    expect(payPassword).toHaveValue('246801');
    expect(payPassword).not.toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '10000');
    expect(screen.getByTestId('withdraw-quote')).toHaveTextContent('Fee 150 coins; 9,850 yen paid to your card');
  });

  it('asks for a payment password before anything else can move', async () => {
    await startI18nIn('ja-JP');
    const { withdraw } = startWithdraw({ ...ready, profile: { ...profile, hasPayPassword: false } }, async () =>
      withdrawal('withdrawalReview'),
    );
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    expect(await screen.findByRole('link', { name: '支払いパスワードを設定' })).toHaveAttribute(
      'href',
      '/user/pay-password',
    );
  });

  it('after no answer, retries with the same key and follows the one request', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    let attempt = 0;
    const { withdraw, requests } = startWithdraw(ready, async () => {
      attempt += 1;
      if (attempt === 1) throw Object.assign(new Error('Request Error'), { code: 0, fields: {} });
      return withdrawal('withdrawalReview');
    });
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '8000');
    await user.type(screen.getByLabelText('Payment password'), '246801');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(/We could not tell whether your withdrawal was requested/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Your request is waiting for review. The amount is held from your balance.'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
  });

  it("shows a wrong payment password on its field, then follows the request to a failure with the operator's reason", async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    let attempt = 0;
    const { withdraw, requests } = startWithdraw(ready, async () => {
      attempt += 1;
      if (attempt === 1)
        throw Object.assign(new Error('refused'), {
          code: 422,
          fields: { payPassword: 'The payment password is incorrect.' },
        });
      return withdrawal('withdrawalReview');
    }, [withdrawal('withdrawalFailed', 'The account is closed')]);
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    expect(await screen.findByTestId('withdraw-balance')).toHaveTextContent('12,000 coins');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '13000');
    await user.type(screen.getByLabelText('Payment password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByText('The amount is more than your balance (12,000 coins)')).toBeInTheDocument();
    expect(screen.getByText('The payment password must be 6 digits')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Amount/ }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '8000');
    await user.type(screen.getByLabelText('Payment password'), '9');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The payment password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment password')).toHaveValue('');
    await user.type(screen.getByLabelText('Payment password'), '246801');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await screen.findByText('The withdrawal failed: The account is closed. The amount is back in your balance.'),
    ).toBeInTheDocument();
    expect(requests.map((request) => request.body.payPassword)).toEqual(['123459', '246801']);
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
  });

  it('offers to cancel a request while it waits for its review, and shows it cancelled', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const { withdraw } = startWithdraw(ready, async () => withdrawal('withdrawalReview'));
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    await user.type(await screen.findByRole('textbox', { name: '金額（コイン）' }), '8000');
    await user.type(screen.getByLabelText('支払いパスワード'), '246801');
    await user.click(screen.getByRole('button', { name: '出金を申請' }));
    expect(
      await screen.findByText('審査が始まるまでは取り消せます。保留中の金額は残高に戻ります。'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '出金申請を取り消す' }));
    expect(
      await screen.findByText('出金申請を取り消しました。保留されていた金額は残高に戻りました。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('出金取消');
    expect(screen.queryByRole('button', { name: '出金申請を取り消す' })).not.toBeInTheDocument();
  });

  it("says the server's refusal when the review started first, and offers no cancel once it has", async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const refused = Object.assign(new Error('This withdrawal can no longer be cancelled: its review has started.'), {
      code: 409,
      fields: {},
    });
    const { withdraw } = startWithdraw(
      ready,
      async () => withdrawal('withdrawalReview'),
      [],
      async () => {
        throw refused;
      },
    );
    renderPlayerView(<WithdrawView withdraw={withdraw} />);
    await user.type(await screen.findByRole('textbox', { name: 'Amount (coins)' }), '8000');
    await user.type(screen.getByLabelText('Payment password'), '246801');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel this withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused.message);
  });
});
