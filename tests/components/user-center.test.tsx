import type { AgentApplication } from '@contract/agent';
import type { Profile } from '@contract/auth';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentApplicationQueryOptions } from '@/features/agent/application-queries';
import { userCenterMenu } from '@/features/layout/menus';
import { aliasAccountQueryOptions, profileQueryOptions } from '@/features/user/queries';
import { UserCenterPage } from '@/features/user/user-center-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

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
  lastLoginAt: '2026-11-21T12:00:00.000Z',
  registeredAt: '2026-11-01T00:00:00.000Z',
  isAgent: false,
  hasPassword: true,
  hasPayPassword: true,
  kycStatus: 'pendingReview',
};

const rejected: AgentApplication = {
  id: 4,
  status: 'rejected',
  remark: null,
  submittedAt: '2026-11-20T00:00:00.000Z',
  reviewedAt: '2026-11-21T00:00:00.000Z',
  rejectReason: 'Too few players yet',
};

describe('user center', () => {
  it('shows balance, names, times, KYC and agent state, and links into every user page', async () => {
    await startI18nIn('en-US');
    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(aliasAccountQueryOptions().queryKey, {
          aliasAccount: 'gh-7f3k2',
          createdAt: '2026-11-01T00:00:00.000Z',
        });
      },
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('12,345 coins');
    for (const text of ['taro2026', 'Taro', 'gh-7f3k2', 'Under review', 'Not an agent'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Nov 21, 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify now' })).toHaveAttribute(
      'href',
      '/user/account-setting#identity-verification',
    );
    const shortcuts = screen.getByRole('navigation', { name: 'Your pages' });
    const links = within(shortcuts)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(userCenterMenu.filter((item) => item.to !== '/user/user-center').map((item) => item.to));
  });

  it('reads in Japanese', async () => {
    await startI18nIn('ja-JP');
    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) =>
        queryClient.setQueryData(profileQueryOptions().queryKey, { ...profile, isAgent: true, kycStatus: 'approved' }),
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('12,345 コイン');
    expect(screen.getByText('確認済み')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'エージェントセンター' })).toHaveAttribute('href', '/agent/agent-center');
  });

  it('shows where a player’s agent application stands, with a link to the agent centre (§12.2)', async () => {
    await startI18nIn('en-US');
    const { unmount } = renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(agentApplicationQueryOptions().queryKey, rejected);
      },
    });
    expect(await screen.findByTestId('agent-application-status')).toHaveTextContent('Rejected');
    expect(screen.getByRole('link', { name: 'Apply again' })).toHaveAttribute('href', '/agent/agent-center');
    unmount();

    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(agentApplicationQueryOptions().queryKey, null);
      },
    });
    expect(await screen.findByTestId('agent-application-status')).toHaveTextContent('Not applied');
    expect(screen.getByRole('link', { name: 'Apply to become an agent' })).toHaveAttribute(
      'href',
      '/agent/agent-center',
    );
  });
});
