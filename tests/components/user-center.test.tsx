import type { AgentApplication } from '@contract/agent';
import type { Profile } from '@contract/auth';
import type { BalanceMovement } from '@contract/record';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentApplicationQueryOptions } from '@/features/agent/application-queries';
import {
  aliasAccountQueryOptions,
  firstStepsQueryOptions,
  profileQueryOptions,
  recentMovementsQueryOptions,
} from '@/features/user/queries';
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
  it('shows balance, names, times, KYC and agent state, and a few key actions', async () => {
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
    // A few key actions, not a copy of the section menu beside the page.
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/amigo', '/user/record', '/user/play-safely']);
  });

  it('lists the first steps still to take, each from the server’s answer, with a link to its page', async () => {
    await startI18nIn('en-US');
    const { unmount } = renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(firstStepsQueryOptions().queryKey, {
          identity: false,
          bankCard: true,
          payPassword: false,
          firstDeposit: false,
        });
      },
    });
    const checklist = await screen.findByRole('list', { name: 'Getting started' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => [item.dataset.step, item.dataset.done])).toEqual([
      ['identity', 'false'],
      ['bankCard', 'true'],
      ['payPassword', 'false'],
      ['firstDeposit', 'false'],
    ]);
    expect(within(items[1] as HTMLElement).getByText('Done')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: 'Go: Verify your identity' })).toHaveAttribute(
      'href',
      '/user/account-setting#identity-verification',
    );
    expect(within(checklist).getByRole('link', { name: 'Go: Set a payment password' })).toHaveAttribute(
      'href',
      '/user/pay-password',
    );
    expect(within(checklist).getByRole('link', { name: 'Go: Make your first deposit' })).toHaveAttribute(
      'href',
      '/user/finance/deposit',
    );
    unmount();

    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(firstStepsQueryOptions().queryKey, {
          identity: true,
          bankCard: true,
          payPassword: true,
          firstDeposit: true,
        });
      },
    });
    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(screen.queryByText('Getting started')).not.toBeInTheDocument();
  });

  it('shows the latest balance movements with a way to every record', async () => {
    await startI18nIn('en-US');
    const movement = (id: string, kind: BalanceMovement['kind'], amount: number): BalanceMovement => ({
      id,
      kind,
      amount,
      balanceAfter: 12_345,
      reference: id,
      createdAt: '2026-11-21T12:00:00.000Z',
      status: null,
      channel: null,
      fee: null,
      failureReason: null,
    });
    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile);
        queryClient.setQueryData(recentMovementsQueryOptions('en-US').queryKey, {
          list: [movement('e2', 'withdrawalHold', -3_000), movement('e1', 'deposit', 5_000)],
          total: 2,
          credited: 5_000,
          debited: 3_000,
        });
      },
    });
    const recent = await screen.findByRole('list', { name: 'Recent activity' });
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/-3,000$/), expect.stringMatching(/\+5,000$/)]);
    expect(screen.getByRole('link', { name: 'All records' })).toHaveAttribute('href', '/user/record');
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
