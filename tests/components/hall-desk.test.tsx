import { randomUUID, sign } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTokenOf, testProvider } from '../support/game-provider';
import {
  type DeskServer,
  openPagesOn,
  renderApp,
  startDeskServer,
  storeDeskSession,
  type TestPlayer,
} from './admin-desk-harness';
import { startI18nIn } from './render';

// The desk's game pages against a server that also has a third-party provider, whose calls the test signs.
const acme = testProvider('acme', 100);
let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;
let player: TestPlayer;
let round: string;
const seedHash = 'ab'.repeat(32);

async function walletCall(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const response = await fetch(`${server.url}/v2/wallet/acme/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub88-signature': sign('sha256', Buffer.from(raw), acme.privateKey).toString('base64'),
    },
    body: raw,
  });
  const answer = (await response.json()) as { status: string; token?: string };
  if (answer.status !== 'RS_OK') throw new Error(`${path} answered ${answer.status}`);
  return answer;
}

beforeAll(async () => {
  server = await startDeskServer({ env: { GAME_PROVIDERS: JSON.stringify([acme.config]) } });
  openPagesOn(server);
  desk = await server.operatorSession();
  player = await server.fundedPlayer('gamer', 1000, desk.token);
  const hall = await server.ok<{ code: string; machines: { id: number }[] }[]>(
    '/v2/app/game/machines',
    {},
    { token: player.token },
  );
  const machine = hall.find((game) => game.code === 'acme-slot')?.machines[0];
  const launched = await server.ok<{ url: string }>(
    '/v2/app/game/launch',
    { machineId: machine?.id },
    { token: player.token },
  );
  const session = await walletCall('user/info', { request_uuid: randomUUID(), token: launchTokenOf(launched.url) });
  round = `r-${randomUUID()}`;
  const common = {
    user: `player-${player.userId}`,
    token: session.token,
    round,
    game_code: 'acme-slot',
    currency: 'COIN',
  };
  const bet = { ...common, request_uuid: randomUUID(), transaction_uuid: randomUUID(), amount: 30 * 100 };
  await walletCall('transaction/bet', { ...bet, meta: { serverSeedHash: seedHash, clientSeed: 'gamer', nonce: 3 } });
  await walletCall('transaction/win', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    amount: 80 * 100,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('game rounds', () => {
  it('from a player to their rounds, then one round with its transactions and proof', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp(`/admin/users?keyword=${player.account}`);
    const players = await screen.findByRole('table', { name: 'Players' });
    await user.click(await within(players).findByRole('link', { name: 'Rounds' }));

    const rounds = await screen.findByRole('table', { name: 'Game rounds' });
    expect(await within(rounds).findByText('Acme Slot')).toBeInTheDocument();
    expect(screen.getByText(`Player #${player.userId}`)).toBeInTheDocument();
    expect(screen.getByTestId('round-sums')).toHaveTextContent('Bets 30 · Wins 80 · House P/L -50');
    await user.click(within(rounds).getByRole('link', { name: `Open round ${round}` }));

    expect(await screen.findByRole('heading', { name: `Round ${round}` })).toBeInTheDocument();
    const transactions = screen.getByRole('table', { name: 'Wallet transactions' });
    expect(within(transactions).getByText('Bet')).toBeInTheDocument();
    expect(within(transactions).getByText('Win')).toBeInTheDocument();
    const proof = screen.getByRole('region', { name: 'Proof' });
    expect(within(proof).getByText(seedHash)).toBeInTheDocument();
    expect(within(proof).getByText('gamer')).toBeInTheDocument();
    // Only the product's own studio has a verify page.
    expect(within(proof).queryByRole('link', { name: 'Open the verify page' })).toBeNull();
  }, 120_000);
});

describe('game P/L', () => {
  it('shows the house result per game per day and the totals', async () => {
    await startI18nIn('en-US');
    storeDeskSession(desk);
    renderApp('/admin/game-profit');
    const table = await screen.findByRole('table', { name: 'Game P/L' });
    const row = (await within(table).findByText('Acme Slot')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'Acme Slot (acme)', '1', '1', '30', '80', '-50']);
    const totals = within(screen.getByTestId('profit-totals')).getAllByRole('cell');
    expect(totals.map((cell) => cell.textContent)).toEqual(['Total', '1', '1', '30', '80', '-50']);
  });
});

describe('games and machines', () => {
  it('disables a machine with a reason: it leaves the hall and the audit log says why', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/games');
    const acmeCard = await screen.findByRole('region', { name: 'Acme Slot (acme)' });
    const machines = within(acmeCard).getByRole('table', { name: 'Machines of Acme Slot (acme)' });
    const second = within(machines).getByText('Machine 2').closest('tr') as HTMLElement;
    await user.click(within(second).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Acme Slot (acme) Machine 2' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Reel motor noise');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Acme Slot (acme) Machine 2 is disabled')).toBeInTheDocument();
    await waitFor(() => {
      const row = within(screen.getByRole('table', { name: 'Machines of Acme Slot (acme)' }))
        .getByText('Machine 2')
        .closest('tr') as HTMLElement;
      expect(within(row).getByText('Disabled')).toBeInTheDocument();
    });

    const hall = await server.ok<{ code: string; machines: { number: number }[] }[]>(
      '/v2/app/game/machines',
      {},
      { token: player.token },
    );
    expect(hall.find((game) => game.code === 'acme-slot')?.machines.map((machine) => machine.number)).not.toContain(2);
    const audit = await server.ok<{ list: { action: string; reason: string }[] }>(
      '/v2/admin/audit/list',
      { subjectType: 'gameMachine' },
      { token: desk.token },
    );
    expect(audit.list.map(({ action, reason }) => [action, reason])).toEqual([
      ['gameMachine.disable', 'Reel motor noise'],
    ]);
  }, 120_000);
});
