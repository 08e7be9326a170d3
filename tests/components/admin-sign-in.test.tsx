import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaText,
  type DeskServer,
  openPagesOn,
  renderApp,
  startDeskServer,
  storeDeskSession,
} from './admin-desk-harness';
import { startI18nIn } from './render';

let server: DeskServer;

beforeAll(async () => {
  server = await startDeskServer();
  openPagesOn(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const storedDeskSession = () =>
  JSON.parse(localStorage.getItem('operatorSession') ?? 'null') as { token: string; account: string } | null;

describe('desk sign-in', () => {
  it('sends an operator without a session to the sign-in page, keeping the page they asked for', async () => {
    await startI18nIn('en-US');
    const { router } = renderApp('/admin/withdrawals?status=withdrawing');
    expect(await screen.findByRole('heading', { name: 'Review desk sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/admin/withdrawals?status=withdrawing' });
  });

  it('refuses empty fields and a code that is not six digits without asking the server', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    renderApp('/admin/sign-in');
    const form = await screen.findByRole('form', { name: 'Review desk sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your operator account')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the image code')).toBeInTheDocument();
    expect(screen.getByText('Enter the six digits of your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Authenticator code/ }), '12345');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the six digits of your authenticator app')).toBeInTheDocument();
    expect(storedDeskSession()).toBeNull();
  });

  it('clears a refused code, then signs in with the next one and opens the page that was asked for; the player keeps their own session', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('bystander');
    localStorage.setItem('token', player.token);
    const { router } = renderApp(`/admin/sign-in?redirect=${encodeURIComponent('/admin/users')}`);

    await user.type(await screen.findByRole('textbox', { name: /Operator account/ }), server.operator.account);
    await user.type(screen.getByLabelText(/^Password/), server.operator.password);
    const wrongCode = server.operator.wrongCode();
    await screen.findByTestId('captcha-image');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), captchaText);
    await user.type(screen.getByRole('textbox', { name: /Authenticator code/ }), wrongCode);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The account, password or authenticator code is not correct.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Authenticator code/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Image code' })).toHaveValue('');
    expect(storedDeskSession()).toBeNull();

    // The refused try spent its captcha: a new one is drawn for the next.
    await screen.findByTestId('captcha-image');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), captchaText);
    await user.type(screen.getByRole('textbox', { name: /Authenticator code/ }), await server.operator.nextCode());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Players', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(screen.getByTestId('desk-operator')).toHaveTextContent(`Signed in as ${server.operator.account}`);
    expect(storedDeskSession()?.account).toBe(server.operator.account);
    expect(localStorage.getItem('token')).toBe(player.token);
    // The stored session is the operator's, and the player's token is still the player's.
    expect((await server.call('/v2/admin/user/search', {}, { token: storedDeskSession()!.token })).code).toBe(200);
    expect((await server.call('/v2/admin/user/search', {}, { token: player.token })).code).toBe(403);
  });

  it('sign-out ends the session on the server and returns to the sign-in page', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const session = await server.operatorSession();
    storeDeskSession(session);
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Review desk sign-in' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(storedDeskSession()).toBeNull();
    expect((await server.call('/v2/admin/user/search', {}, { token: session.token })).code).toBe(401);
  });

  it('a session the server no longer knows ends on the first desk call, keeping the page and the player signed in', async () => {
    await startI18nIn('en-US');
    const player = await server.newPlayer('neighbour');
    localStorage.setItem('token', player.token);
    const session = await server.operatorSession();
    await server.ok('/v2/admin/auth/logout', {}, { token: session.token });
    storeDeskSession(session);
    const { router } = renderApp('/admin/kyc');
    expect(await screen.findByRole('heading', { name: 'Review desk sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: '/admin/kyc' }));
    expect(storedDeskSession()).toBeNull();
    expect(localStorage.getItem('token')).toBe(player.token);
  });

  it('speaks Japanese', async () => {
    await startI18nIn('ja-JP');
    renderApp('/admin/sign-in');
    expect(await screen.findByRole('heading', { name: '審査デスクにサインイン' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^認証アプリのコード/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '画像認証コード' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'サインイン' })).toBeInTheDocument();
  });
});
