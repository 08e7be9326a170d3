import type { Profile } from '@contract/auth';
import type { CryptoAssetTerms, CryptoDeposit } from '@contract/crypto';
import type { SessionEvent } from '@machines/session.machine';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CryptoDeposits } from '@/features/crypto/crypto-records';
import { cryptoAssetsQueryOptions, cryptoDepositsQueryKey } from '@/features/crypto/queries';
import { lettersQueryKey } from '@/features/letters/letter-queries';
import { applyPushEvent } from '@/features/push/push-flow';
import { profileQueryOptions } from '@/features/user/queries';
import { UserCenterPage } from '@/features/user/user-center-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

/** The push channel's events in the page's data, and a deposit's confirmation bar: docs/requirements.md §19, §5.14. */

const profile: Profile = {
  userId: 3,
  username: 'taro2026',
  email: 'taro@example.jp',
  nickname: 'Taro',
  phone: null,
  firstName: '太郎',
  lastName: '山田',
  pinyinName: 'ヤマダ タロウ',
  balance: 12_345,
  lastLoginAt: null,
  registeredAt: '2026-11-01T00:00:00.000Z',
  isAgent: false,
  hasPassword: true,
  hasPayPassword: true,
  kycStatus: 'approved',
};

const usdtTron: CryptoAssetTerms = {
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
};

const confirming: CryptoDeposit = {
  orderSn: 'D20261201000001',
  coin: 'USDT',
  network: 'TRC20',
  address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  txHash: 'ab'.repeat(32),
  outputIndex: 0,
  cryptoAmount: '20000000',
  confirmations: 1,
  requiredConfirmations: 19,
  secondsLeft: 54,
  status: 'confirming',
  gameCoinsPerCoin: '150',
  coins: 3000,
  createdAt: '2026-12-01T00:00:00.000Z',
  creditedAt: null,
};

describe('push events', () => {
  it('a pushed balance shows in the user centre at once and goes to the session for the header', async () => {
    await startI18nIn('en-US');
    const view = renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('12,345 coins');
    const sent: SessionEvent[] = [];
    const session = { send: (event: SessionEvent) => void sent.push(event) };
    const fetchBalance = () => Promise.reject(new Error('not asked'));
    act(() =>
      applyPushEvent({ queryClient: view.queryClient, session, fetchBalance }, { kind: 'balance', balance: 98_650 }),
    );
    expect(await screen.findByTestId('balance')).toHaveTextContent('98,650 coins');
    expect(sent).toEqual([{ type: 'balance.changed', balance: 98_650 }]);
  });

  it('letters and crypto deposits are fetched again; after a gap everything, the balance too', async () => {
    await startI18nIn('en-US');
    const view = renderPlayerView(<div />, {
      seed: (queryClient) => {
        queryClient.setQueryData([...lettersQueryKey, 'en-US', 3, 'unread'], { list: [], total: 0, unreadCount: 0 });
        queryClient.setQueryData(cryptoDepositsQueryKey, { list: [], total: 0 });
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      },
    });
    const sent: SessionEvent[] = [];
    const deps = {
      queryClient: view.queryClient,
      session: { send: (event: SessionEvent) => void sent.push(event) },
      fetchBalance: () => Promise.resolve(4_321),
    };
    const stale = (key: readonly unknown[]) => view.queryClient.getQueryState(key)?.isInvalidated;
    applyPushEvent(deps, { kind: 'letters' });
    expect(stale([...lettersQueryKey, 'en-US', 3, 'unread'])).toBe(true);
    expect(stale(cryptoDepositsQueryKey)).toBe(false);
    applyPushEvent(deps, { kind: 'cryptoDeposits' });
    expect(stale(cryptoDepositsQueryKey)).toBe(true);
    expect(sent).toEqual([]);
    view.queryClient.setQueryData(lettersQueryKey, { list: [], total: 0, unreadCount: 0 });
    applyPushEvent(deps, { kind: 'refetch' });
    expect(stale(lettersQueryKey)).toBe(true);
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'balance.changed', balance: 4_321 }]));
    expect(view.queryClient.getQueryData<Profile>(profileQueryOptions().queryKey)?.balance).toBe(4_321);
  });
});

describe('a crypto deposit while it confirms', () => {
  it('shows its confirmations as a bar with the time left, in Japanese too', async () => {
    for (const [lng, done, left] of [
      ['en-US', 'Confirmations: 1 of 19', 'About 54 s left'],
      ['ja-JP', '承認の進み具合：1 / 19', '残り約54秒'],
    ] as const) {
      await startI18nIn(lng);
      const view = renderPlayerView(<CryptoDeposits />, {
        seed: (queryClient) => {
          queryClient.setQueryData(cryptoAssetsQueryOptions().queryKey, [usdtTron]);
          queryClient.setQueryData(cryptoDepositsQueryKey, { list: [confirming], total: 1 });
        },
      });
      expect(await screen.findByRole('progressbar', { name: done })).toHaveAttribute(
        'aria-valuenow',
        String((1 / 19) * 100),
      );
      expect(screen.getByTestId('crypto-deposit-time-left')).toHaveTextContent(left);
      view.unmount();
    }
  });
});
