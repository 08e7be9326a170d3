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

interface Application {
  id: number;
  status: string;
  rejectReason: string | null;
}

async function apply(player: TestPlayer, remark?: string): Promise<Application> {
  return server.ok<Application>('/v2/app/agent/apply', remark ? { remark } : {}, { token: player.token });
}

/** What the player's own pages read. */
async function agentStateOf(player: TestPlayer) {
  const isAgent = await server.ok<boolean>('/v2/app/agent/is/agent', {}, { token: player.token });
  const application = await server.ok<Application | null>('/v2/app/agent/apply/status', {}, { token: player.token });
  return { isAgent, application };
}

const queueTable = () => screen.findByRole('table', { name: 'Agent applications' });
const rowOf = async (account: string) => (await within(await queueTable()).findByText(account)).closest('tr')!;

describe('agent applications', () => {
  it('counted on the overview; one approved with a remark makes the player an agent, one rejected with a reason the player reads', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const partner = await server.newPlayer('partner');
    const stranger = await server.newPlayer('stranger');
    const partnerApplication = await apply(partner, 'I run a pachinko fan club of forty players');
    await apply(stranger);
    expect(await agentStateOf(partner)).toMatchObject({ isAgent: false, application: { status: 'pendingReview' } });
    storeDeskSession(desk);
    renderApp('/admin');

    expect(await screen.findByTestId('waiting-agentApplications')).toHaveTextContent('2 waiting');
    const overviewCard = screen.getByRole('region', { name: 'Agent applications' });
    expect(within(overviewCard).getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/admin/agent-applications',
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Queues' })).getByRole('link', { name: 'Agent applications' }),
    );
    expect(await screen.findByRole('heading', { name: 'Agent applications', level: 1 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Queues' })).getByRole('link', { name: 'Agent applications' }),
    ).toHaveAttribute('data-active', 'true');

    let row = await rowOf(partner.account);
    expect(within(row).getByText('I run a pachinko fan club of forty players')).toBeInTheDocument();
    expect(within(row).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(await rowOf(stranger.account)).getByText('No note')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const approval = await screen.findByRole('dialog', { name: `Approve the agent application of ${partner.account}` });
    await user.type(within(approval).getByRole('textbox', { name: /Remark/ }), 'Known partner from the Osaka hall');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`${partner.account} is now an agent`)).toBeInTheDocument();
    await waitFor(async () => expect(within(await queueTable()).queryByText(partner.account)).not.toBeInTheDocument());
    expect(await agentStateOf(partner)).toMatchObject({
      isAgent: true,
      application: { id: partnerApplication.id, status: 'approved', rejectReason: null },
    });
    const code = await server.ok<{ agentCode: string }>('/v2/app/agent/code', {}, { token: partner.token });
    expect(code.agentCode).toMatch(/\S/);

    row = await rowOf(stranger.account);
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const rejection = await screen.findByRole('dialog', {
      name: `Reject the agent application of ${stranger.account}`,
    });
    await user.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(within(rejection).getByText('Please write the reason')).toBeInTheDocument();
    expect((await agentStateOf(stranger)).application?.status).toBe('pendingReview');
    await user.type(
      within(rejection).getByRole('textbox', { name: /Reason/ }),
      'Please play for a month before applying',
    );
    await user.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(`The agent application of ${stranger.account} is rejected`)).toBeInTheDocument();
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
    expect(await agentStateOf(stranger)).toMatchObject({
      isAgent: false,
      application: { status: 'rejected', rejectReason: 'Please play for a month before applying' },
    });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    row = await rowOf(stranger.account);
    expect(within(row).getByText('Reason: Please play for a month before applying')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    const audit = await server.ok<{
      list: { action: string; reason: string | null; actor: { account: string } | null }[];
    }>('/v2/admin/audit/list', { action: 'agentApplication.approve', actorUserId: desk.userId }, { token: desk.token });
    expect(audit.list[0]).toMatchObject({
      reason: 'Known partner from the Osaka hall',
      actor: { account: desk.account },
    });
  }, 120_000);

  it('a decision another operator made first lands in a failure with the reason; the player may apply again after a rejection', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('hopeful');
    const first = await apply(player, 'Second try');
    storeDeskSession(desk);
    renderApp(`/admin/agent-applications?keyword=${player.account}`);
    const row = await rowOf(player.account);
    await server.ok(
      '/v2/admin/agent/application/reject',
      { applicationId: first.id, reason: 'Decided at the other desk' },
      { token: desk.token },
    );

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve the agent application of ${player.account}` });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This agent application has already been reviewed.')).toBeInTheDocument();
    expect(within(dialog).getByText('The decision was not recorded')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await agentStateOf(player)).toMatchObject({
      isAgent: false,
      application: { status: 'rejected', rejectReason: 'Decided at the other desk' },
    });

    const again = await apply(player, 'Third try');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => expect(within(await rowOf(player.account)).getByText('Third try')).toBeInTheDocument());
    expect(await agentStateOf(player)).toMatchObject({
      isAgent: false,
      application: { id: again.id, status: 'pendingReview' },
    });
  }, 120_000);

  it('speaks Japanese', async () => {
    await startI18nIn('ja-JP');
    storeDeskSession(desk);
    renderApp('/admin/agent-applications');
    expect(await screen.findByRole('heading', { name: 'エージェント申請', level: 1 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: '審査キュー' })).getByRole('link', { name: 'エージェント申請' }),
    ).toBeInTheDocument();
  });
});
