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

async function kycStateOf(token: string) {
  return server.ok<{ status: string; rejectReason: string | null }>('/v2/app/user/get/kyc', {}, { token });
}

describe('identity checks', () => {
  it('shows the photos and the identity on record; a rejection needs a reason, which the player reads; a new submission is approved', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const player = await server.newPlayer('kyc');
    await server.withProfileAndCard(player);
    const submissionId = await server.submitKyc(player);
    storeDeskSession(desk);
    renderApp(`/admin/kyc?keyword=${player.account}`);

    const card = await screen.findByRole('article', { name: `Identity submission of ${player.account}` });
    expect(within(card).getByText('佐藤 花子')).toBeInTheDocument();
    expect(within(card).getByText('サトウ ハナコ')).toBeInTheDocument();
    expect(within(card).getByText(/^HN\d+X\d+$/)).toBeInTheDocument();
    const front = within(card).getByRole('img', { name: `Front of the ID card of ${player.account}` });
    expect(front.getAttribute('src')).toMatch(
      new RegExp(`^/v2/files/kyc/${submissionId}/front\\?viewer=${desk.userId}&`),
    );
    const photo = await server.fetchPhoto(front.getAttribute('src')!);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(within(card).getByRole('img', { name: `${player.account} holding the ID card` })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: `Reject the identity of ${player.account}` });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please write the reason')).toBeInTheDocument();
    expect((await kycStateOf(player.token)).status).toBe('pendingReview');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The photo of the front is blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(`The identity of ${player.account} is rejected`)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: `Identity submission of ${player.account}` }),
      ).not.toBeInTheDocument(),
    );
    expect(await kycStateOf(player.token)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The photo of the front is blurred',
    });

    await server.submitKyc(player);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const again = await screen.findByRole('article', { name: `Identity submission of ${player.account}` });
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: `Approve the identity of ${player.account}` });
    await user.type(within(confirm).getByRole('textbox', { name: /Remark/ }), 'Sharp photos, names match');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`The identity of ${player.account} is approved`)).toBeInTheDocument();
    expect((await kycStateOf(player.token)).status).toBe('approved');
    const audit = await server.ok<{
      list: { action: string; reason: string | null; actor: { account: string } | null }[];
    }>('/v2/admin/audit/list', { action: 'kyc.approve', actorUserId: desk.userId }, { token: desk.token });
    expect(audit.list[0]).toMatchObject({ reason: 'Sharp photos, names match', actor: { account: desk.account } });
  }, 120_000);
});
