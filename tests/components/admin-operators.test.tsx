import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;

beforeAll(async () => {
  server = await startDeskServer();
  openPagesOn(server);
  desk = await server.operatorSession();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const rowOf = async (account: string) =>
  (await within(await screen.findByRole('table', { name: 'Operators' })).findByText(account)).closest('tr')!;

describe('operators', () => {
  it('makes an operator and shows the password and secret once, then changes their roles and disables them', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/operators');

    await user.click(await screen.findByRole('button', { name: 'New operator' }));
    let dialog = await screen.findByRole('dialog', { name: 'New operator' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'desk.writer7');
    await user.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(within(dialog).getByText('Choose at least one role')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Account name/ }), 'deskwriter7');
    await user.type(email, '@example.test');
    await user.click(within(dialog).getByRole('checkbox', { name: /Content/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create operator' }));

    dialog = await screen.findByRole('dialog', { name: 'Sign-in details for deskwriter7' });
    const password = within(dialog).getByLabelText('Password').textContent ?? '';
    const secret = within(dialog).getByLabelText('Authenticator secret').textContent ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(within(dialog).getByRole('img', { name: 'Scan with the authenticator app' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let row = await rowOf('deskwriter7');
    expect(within(row).getByText('Content')).toBeInTheDocument();
    // Neither secret is on the page once the dialog is closed.
    expect(document.body.textContent).not.toContain(secret);

    await user.click(within(row).getByRole('button', { name: 'Change roles: deskwriter7' }));
    dialog = await screen.findByRole('dialog', { name: 'Roles of deskwriter7' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Content/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Finance/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moved to payouts');
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('deskwriter7 now has: Finance')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('deskwriter7')).getByText('Finance')).toBeInTheDocument());

    row = await rowOf('deskwriter7');
    await user.click(within(row).getByRole('button', { name: 'Disable: deskwriter7' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable deskwriter7' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Left the team');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('deskwriter7 is disabled')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('deskwriter7')).getByText('Disabled')).toBeInTheDocument());
  }, 120_000);

  it('says why the last administrator cannot give up the role, and offers no way to disable oneself', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/operators');

    const row = await rowOf(desk.account);
    expect(within(row).getByText('You')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `Disable: ${desk.account}` })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Change roles: ${desk.account}` }));
    const dialog = await screen.findByRole('dialog', { name: `Roles of ${desk.account}` });
    await user.click(within(dialog).getByRole('checkbox', { name: /Administrator/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Auditor/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Stepping down');
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This change would leave no enabled administrator.',
    );
  }, 120_000);
});
