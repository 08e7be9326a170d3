import { type PayPasswordChange, type PayPasswordInput, payPasswordMachine } from '@machines/pay-password.machine';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PayPasswordView } from '@/features/user/pay-password-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

function startPayPassword(input: PayPasswordInput) {
  const changes: PayPasswordChange[] = [];
  const flow = createActor(
    payPasswordMachine.provide({
      actors: { savePayPassword: fromPromise(async ({ input: change }) => void changes.push(change)) },
    }),
    { input },
  ).start();
  return { flow, changes };
}

describe('pay password pages', () => {
  it('sets the first payment password, confirmed with the login password', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { flow, changes } = startPayPassword({ intent: 'set', hasPayPassword: false });
    renderPlayerView(<PayPasswordView flow={flow} />);
    await user.type(await screen.findByLabelText('Login password'), 'Sakura-2024!x');
    await user.type(screen.getByLabelText('New payment password'), '24680a');
    await user.type(screen.getByLabelText('Confirm payment password'), '246801');
    await user.click(screen.getByRole('button', { name: 'Save payment password' }));
    expect(screen.getByText('The payment password must be 6 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New payment password'));
    await user.type(screen.getByLabelText('New payment password'), '246801');
    await user.click(screen.getByRole('button', { name: 'Save payment password' }));
    expect(await screen.findByText('Payment password saved')).toBeInTheDocument();
    expect(changes).toEqual([{ newPayPassword: '246801', password: 'Sakura-2024!x' }]);
  });

  it('each page points to the other when it does not apply', async () => {
    await startI18nIn('ja-JP');
    const setPage = renderPlayerView(
      <PayPasswordView flow={startPayPassword({ intent: 'set', hasPayPassword: true }).flow} />,
    );
    expect(await screen.findByRole('link', { name: '支払いパスワードを変更' })).toHaveAttribute(
      'href',
      '/user/update-pay-password',
    );
    setPage.unmount();
    renderPlayerView(<PayPasswordView flow={startPayPassword({ intent: 'change', hasPayPassword: false }).flow} />);
    expect(await screen.findByRole('link', { name: '支払いパスワードを設定' })).toHaveAttribute(
      'href',
      '/user/pay-password',
    );
  });

  it('labels each password field’s show-or-hide button in the page’s language', async () => {
    await startI18nIn('ja-JP');
    renderPlayerView(<PayPasswordView flow={startPayPassword({ intent: 'set', hasPayPassword: false }).flow} />);
    expect(await screen.findAllByRole('button', { name: 'パスワードの表示を切り替える' })).toHaveLength(3);
  });

  it('changing asks for the current payment password', async () => {
    await startI18nIn('en-US');
    const { flow } = startPayPassword({ intent: 'change', hasPayPassword: true });
    renderPlayerView(<PayPasswordView flow={flow} />);
    expect(await screen.findByLabelText('Current payment password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();
  });
});
