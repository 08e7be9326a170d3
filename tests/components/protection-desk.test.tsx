import type { ProtectionState } from '@contract/protection';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeskServer,
  openPagesOn,
  renderApp,
  startDeskServer,
  storeDeskSession,
  type TestPlayer,
} from './admin-desk-harness';
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

/** A family member's declaration through the public call, as the form sends it. */
async function declareFor(player: TestPlayer) {
  await server.ok('/v2/app/protection/family-declaration', {
    playerAccount: player.account,
    requesterName: 'Hanako Sato',
    relationship: 'spouse',
    email: 'hanako@example.test',
    phone: '+819012345678',
    depositMonthly: 30_000,
    lossMonthly: null,
    reason: 'He spends the rent on the slots',
  });
}

const protectionOf = (player: TestPlayer) =>
  server.ok<ProtectionState>('/v2/app/protection/state', {}, { token: player.token });

describe('the desk’s player protection', () => {
  it('approves a family declaration, whose limit then shows on the player’s panel', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('family');
    await declareFor(player);
    storeDeskSession(desk);
    renderApp(`/admin/family-declarations?keyword=${player.account}`);

    const card = await screen.findByRole('article', { name: `Family declaration for ${player.account}` });
    expect(within(card).getByText('Hanako Sato')).toBeInTheDocument();
    expect(within(card).getByText('Spouse')).toBeInTheDocument();
    expect(within(card).getByText('¥30,000')).toBeInTheDocument();
    expect(within(card).getByText('Not asked')).toBeInTheDocument();
    expect(within(card).getByText('He spends the rent on the slots')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve the family declaration for ${player.account}` });
    await user.type(within(dialog).getByRole('textbox', { name: /Remark/ }), 'Called the declarant back');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`The family declaration for ${player.account} is approved`)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: `Family declaration for ${player.account}` }),
      ).not.toBeInTheDocument(),
    );
    const state = await protectionOf(player);
    expect(state.limits.find((limit) => limit.kind === 'deposit' && limit.period === 'month')).toMatchObject({
      value: 30_000,
      setBy: 'family',
    });

    await user.click(within(screen.getByRole('main')).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    const approved = await screen.findByRole('article', { name: `Family declaration for ${player.account}` });
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(within(approved).getByRole('link', { name: 'Protection' }));

    const limits = await screen.findByRole('table', { name: 'Limits' });
    const row = within(limits).getByText('Deposit limit per month').closest('tr')!;
    expect(within(row as HTMLElement).getByText('¥30,000')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('a family declaration')).toBeInTheDocument();
    expect(screen.getByTestId('protection-reality-check')).toHaveTextContent('Every 60 minutes');
    const history = screen.getByRole('table', { name: 'History' });
    expect(within(history).getAllByText('Limit changed').length).toBeGreaterThan(0);
  }, 120_000);

  it('imposes a time-out with a reason and offers no way to lift it', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('timeout');
    storeDeskSession(desk);
    renderApp(`/admin/users/${player.userId}/protection`);

    const form = await screen.findByRole('region', { name: 'Impose a time-out or exclusion' });
    expect(screen.getByTestId('protection-block')).toHaveTextContent('None: the player may play and deposit');
    await user.click(within(form).getByRole('button', { name: 'Impose' }));
    expect(await within(form).findByText('Please write the reason')).toBeInTheDocument();
    expect(within(form).getByText('Choose how long the time-out lasts')).toBeInTheDocument();
    expect((await protectionOf(player)).block).toBeNull();

    await user.click(within(form).getByRole('combobox', { name: /Duration/ }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Asked on the phone for a break');
    await user.click(within(form).getByRole('button', { name: 'Impose' }));
    expect(await screen.findByText(`A time-out or exclusion is imposed on ${player.account}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('protection-block')).toHaveTextContent('Set by an operator'));
    expect(screen.getByTestId('protection-block')).not.toHaveTextContent('None: the player may play and deposit');
    expect((await protectionOf(player)).block).toMatchObject({ kind: 'timeOut', setBy: 'operator' });
    expect(screen.queryByRole('button', { name: /lift|end|remove/i })).not.toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'History' });
    expect(await within(history).findByText(/Asked on the phone for a break/)).toBeInTheDocument();
  }, 120_000);
});
