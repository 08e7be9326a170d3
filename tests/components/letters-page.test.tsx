import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StationLetterPage } from '@/features/letters/letters-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const signedInUser = { userId: 3, username: 'taro2026', nickname: 'Taro' };

/** The letters page is public (§13.4): only a visitor is asked to sign in. */
describe('letters page', () => {
  it('does not ask a player whose session is being restored to sign in', async () => {
    await startI18nIn('en-US');
    renderPlayerView(<StationLetterPage />, { sessionView: { status: 'checking' } });
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your letters' })).toBeInTheDocument();
    expect(screen.queryByText('Your own letters')).not.toBeInTheDocument();
    expect(screen.queryAllByText(/log in|sign in/i)).toEqual([]);
  });

  it('does not ask a signed-in player to sign in', async () => {
    await startI18nIn('ja-JP');
    renderPlayerView(<StationLetterPage />, {
      sessionView: { status: 'signedIn', user: signedInUser as never },
    });
    expect(await screen.findByRole('heading', { name: 'メッセージ' })).toBeInTheDocument();
    expect(screen.queryAllByText(/ログイン/)).toEqual([]);
  });

  it('asks a visitor to sign in for their own letters', async () => {
    await startI18nIn('en-US');
    renderPlayerView(<StationLetterPage />);
    expect(await screen.findByText('Your own letters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
