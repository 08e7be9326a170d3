import type { AuthenticatorKey } from '@contract/user';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppKeyPage } from '@/features/app-access/app-key-page';
import { appKeyQueryOptions } from '@/features/app-access/queries';
import { aliasAccountQueryOptions, profileQueryOptions } from '@/features/user/queries';
import { UserCenterPage } from '@/features/user/user-center-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const unbound: AuthenticatorKey = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Game%20Hall:taro2026?issuer=Game%20Hall&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  createdAt: '2026-11-01T00:00:00.000Z',
  boundAt: null,
  webSignIn: false,
};

describe('app access pages (docs/requirements.md §14)', () => {
  it('asks before resetting the alias, and a cancel changes nothing', async () => {
    await startI18nIn('en-US');
    renderPlayerView(<UserCenterPage />, {
      seed: (queryClient) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, {
          userId: 3,
          username: 'taro2026',
          email: 'taro@example.jp',
          nickname: 'Taro',
          phone: null,
          firstName: null,
          lastName: null,
          pinyinName: null,
          balance: 0,
          lastLoginAt: null,
          registeredAt: '2026-11-01T00:00:00.000Z',
          isAgent: false,
          hasPassword: true,
          hasPayPassword: false,
          kycStatus: 'notSubmitted',
        });
        queryClient.setQueryData(aliasAccountQueryOptions().queryKey, {
          aliasAccount: 'k7m-q2x-9hdw',
          createdAt: '2026-11-01T00:00:00.000Z',
        });
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByTestId('alias-account')).toHaveTextContent('k7m-q2x-9hdw');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the account alias?' });
    expect(within(dialog).getByText(/no longer accepts the old one/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset alias' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('alias-account')).toHaveTextContent('k7m-q2x-9hdw');
  });

  it('shows an unbound key as a QR code and its secret, bound only with six digits', async () => {
    await startI18nIn('ja-JP');
    renderPlayerView(<AppKeyPage />, {
      seed: (queryClient) => queryClient.setQueryData(appKeyQueryOptions().queryKey, unbound),
    });
    expect(await screen.findByRole('img', { name: '認証キーの QR コード' })).toBeInTheDocument();
    expect(screen.getByLabelText('シークレットキー')).toHaveValue(unbound.secret);
    const user = userEvent.setup();
    const bind = screen.getByRole('button', { name: '連携する' });
    expect(bind).toBeDisabled();
    await user.type(screen.getByLabelText('認証コード', { exact: false }), '12345');
    expect(bind).toBeDisabled();
    await user.type(screen.getByLabelText('認証コード', { exact: false }), '6');
    expect(bind).toBeEnabled();
  });

  it('hides the secret once bound and changes the web sign-in only with a code', async () => {
    await startI18nIn('en-US');
    renderPlayerView(<AppKeyPage />, {
      seed: (queryClient) =>
        queryClient.setQueryData(appKeyQueryOptions().queryKey, {
          ...unbound,
          secret: null,
          otpauthUri: null,
          boundAt: '2026-11-02T00:00:00.000Z',
        }),
    });
    expect(await screen.findByTestId('app-key-status')).toHaveTextContent('Bound');
    expect(screen.queryByLabelText('Secret key')).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Also ask for a code when signing in on the web' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    await userEvent.setup().type(screen.getByLabelText('Authenticator code', { exact: false }), '287082');
    expect(toggle).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Replace key' })).toBeInTheDocument();
  });
});
