import type { StationLetter } from '@contract/letters';
import { auditLog } from '@server/db/schema/auth';
import { stationLetters } from '@server/db/schema/letters';
import { writeEventLetter } from '@server/modules/letters/event-letters';
import type { EventLetter } from '@server/shared/event-letters';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  bindCard,
  completeProfile,
  fundPlayer,
  idempotencyKey,
  kycPhotos,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

/** In-site letters: docs/requirements.md §13. */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const payPassword = '246810';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  operator = await newOperator(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

interface LetterPage {
  list: StationLetter[];
  total: number;
  unreadCount: number;
}

const lettersOf = async (player: TestPlayer | null, body: Record<string, unknown> = {}, lang = 'en-US') => {
  const response = await server.call<LetterPage>('/v2/app/station/query', body, {
    lang,
    ...(player ? { token: player.token } : {}),
  });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as LetterPage;
};

/** Letters are written by a job: waits until the player has `total` of them. */
async function waitForLetters(player: TestPlayer, total: number, lang = 'en-US'): Promise<LetterPage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await lettersOf(player, {}, lang);
    if (page.total >= total || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ownLetters = async (player: TestPlayer) =>
  (await server.db.select({ n: count() }).from(stationLetters).where(eq(stationLetters.userId, player.userId)))[0]?.n ??
  0;

/** The jobs sent for a player's letters, as the queue holds them. */
async function letterJobsOf(player: TestPlayer): Promise<EventLetter[]> {
  const result = (await server.db.execute(
    sql`select data from pgboss.job where name = 'station-letter' and (data->>'userId')::int = ${player.userId}`,
  )) as unknown as { rows: { data: EventLetter }[] };
  return result.rows.map((row) => row.data);
}

/** Runs every letter job of the player again, as a retry or a second process would. */
async function rerunLetterJobs(player: TestPlayer) {
  for (const letter of await letterJobsOf(player)) await writeEventLetter(server.db, server.deps.clock, letter);
}

const send = (body: Record<string, unknown>, key = idempotencyKey(), lang = 'en-US') =>
  server.call<{ letterId: number }>('/v2/admin/station/send', body, { ...withKey(operator.token, key), lang });

const japanese = (title: string, body = `${title}の本文`) => ({ 'ja-JP': { title, body } });

describe('letters on events', () => {
  it('KYC rejected then approved: one letter each, with the reason, in the reader’s language; a rerun writes none', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    const first = await server.call<{ id: number }>('/v2/app/user/kyc/add', await kycPhotos(), { token: player.token });
    const rejected = await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: first.body.data?.id, reason: 'The photo is blurred' },
      { token: operator.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });
    const afterReject = await waitForLetters(player, 1);
    expect(afterReject).toMatchObject({
      total: 1,
      unreadCount: 1,
      list: [
        {
          kind: 'kycRejected',
          audience: 'player',
          read: false,
          title: 'Identity verification not approved',
          content: expect.stringContaining('Reason: The photo is blurred'),
        },
      ],
    });
    // The same letter read in Japanese, and in Korean: rendered from the locales at each reading.
    expect((await lettersOf(player, {}, 'ja-JP')).list[0]).toMatchObject({
      title: '本人確認が承認されませんでした',
      content: expect.stringContaining('理由：The photo is blurred'),
    });
    expect((await lettersOf(player, {}, 'ko-KR')).list[0]?.title).toBe('본인 인증이 승인되지 않았습니다');

    const second = await server.call<{ id: number }>('/v2/app/user/kyc/add', await kycPhotos(), {
      token: player.token,
    });
    await server.call('/v2/admin/kyc/approve', { submissionId: second.body.data?.id }, { token: operator.token });
    const afterApprove = await waitForLetters(player, 2);
    expect(afterApprove.list.map((letter) => letter.kind)).toEqual(['kycApproved', 'kycRejected']);

    expect(await letterJobsOf(player)).toHaveLength(2);
    await rerunLetterJobs(player);
    await rerunLetterJobs(player);
    expect(await ownLetters(player)).toBe(2);
  });

  it('a refused review sends no letter: the job is sent in the transaction of the event', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    const submitted = await server.call<{ id: number }>('/v2/app/user/kyc/add', await kycPhotos(), {
      token: player.token,
    });
    const id = submitted.body.data?.id;
    await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: id, reason: 'Expired document' },
      { token: operator.token },
    );
    refusal(await server.call('/v2/admin/kyc/approve', { submissionId: id }, { token: operator.token }), 409, /./);
    await waitForLetters(player, 1);
    expect(await letterJobsOf(player)).toHaveLength(1);
    expect(await ownLetters(player)).toBe(1);
  });

  it('deposits credited or failed, withdrawals paid or rejected: one letter each with order number and amount or reason', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    const card = await bindCard(server, player);
    const orderOf = async () => {
      const answer = await server.call<{ order: { orderSn: string } }>(
        '/v2/app/pay/order',
        { channelId: 'bank-transfer', amount: 10_000, bankCardId: card.id },
        withKey(player.token),
      );
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
      return answer.body.data?.order.orderSn as string;
    };
    const credited = await orderOf();
    await server.call(
      '/v2/admin/deposit/manual/confirm',
      { orderSn: credited, receivedAmount: 12_345 },
      { token: operator.token },
    );
    const failed = await orderOf();
    await server.call(
      '/v2/admin/deposit/manual/fail',
      { orderSn: failed, reason: 'Never arrived' },
      { token: operator.token },
    );

    await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
      { token: player.token },
    );
    await verifiedIdentity(server, player, operator);
    await fundPlayer(server, player, 50_000);
    const withdraw = async () => {
      const answer = await server.call<{ orderSn: string }>(
        '/v2/app/draw/withdraw',
        { amount: 10_000, bankCardId: card.id, payPassword },
        withKey(player.token),
      );
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
      return answer.body.data?.orderSn as string;
    };
    const paid = await withdraw();
    await server.call('/v2/admin/withdrawal/approve', { orderSn: paid }, { token: operator.token });
    const rejected = await withdraw();
    await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn: rejected, reason: 'Card holder differs' },
      { token: operator.token },
    );

    // Two deposits, the KYC approval and two withdrawals.
    const page = await waitForLetters(player, 5);
    const byKind = Object.fromEntries(page.list.map((letter) => [letter.kind, letter]));
    expect(Object.keys(byKind).sort()).toEqual([
      'depositCredited',
      'depositFailed',
      'kycApproved',
      'withdrawalFailed',
      'withdrawalPaid',
    ]);
    expect(byKind.depositCredited?.content).toBe(
      `We received the payment for order ${credited} and added 12,345 coins to your balance.`,
    );
    expect(byKind.depositFailed?.content).toContain(`${failed} was not completed. Reason: Never arrived`);
    expect(byKind.withdrawalPaid?.content).toContain(`${paid} has been paid: 10,000 yen`);
    expect(byKind.withdrawalFailed?.content).toContain(`${rejected} was not completed. Reason: Card holder differs`);

    await rerunLetterJobs(player);
    expect(await ownLetters(player)).toBe(5);
  });

  it('an agent application decided: one letter, approved or rejected with the reason', async () => {
    const rejectedPlayer = await newPlayer(server, smtp);
    const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: rejectedPlayer.token });
    await server.call(
      '/v2/admin/agent/application/reject',
      { applicationId: applied.body.data?.id, reason: 'Too new' },
      { token: operator.token },
    );
    const rejection = await waitForLetters(rejectedPlayer, 1, 'zh-CN');
    expect(rejection.list[0]).toMatchObject({ kind: 'agentRejected', title: '代理申请未通过' });
    expect(rejection.list[0]?.content).toContain('原因：Too new');

    const approvedPlayer = await newPlayer(server, smtp);
    const second = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: approvedPlayer.token });
    await server.call(
      '/v2/admin/agent/application/approve',
      { applicationId: second.body.data?.id },
      { token: operator.token },
    );
    expect((await waitForLetters(approvedPlayer, 1)).list[0]).toMatchObject({ kind: 'agentApproved' });
    await rerunLetterJobs(approvedPlayer);
    expect(await ownLetters(approvedPlayer)).toBe(1);
  });
});

describe('reading letters', () => {
  it('pages newest first, counts unread, marks one and then all read', async () => {
    const player = await newPlayer(server, smtp);
    for (let index = 1; index <= 5; index += 1) {
      expect(
        (await send({ audience: 'player', userId: player.userId, texts: japanese(`お知らせ${index}`) })).body,
      ).toMatchObject({ code: 200 });
    }
    const first = await lettersOf(player, { pageNum: 1, pageSize: 2 }, 'ja-JP');
    expect(first).toMatchObject({ total: 5, unreadCount: 5 });
    expect(first.list.map((letter) => letter.title)).toEqual(['お知らせ5', 'お知らせ4']);
    const last = await lettersOf(player, { pageNum: 3, pageSize: 2 }, 'ja-JP');
    expect(last.list.map((letter) => letter.title)).toEqual(['お知らせ1']);
    // A language the operator did not write reads the Japanese text.
    expect((await lettersOf(player, { pageSize: 1 }, 'vi-VN')).list[0]?.content).toBe('お知らせ5の本文');

    const opened = first.list[0] as StationLetter;
    const read = await server.call('/v2/app/station/read', { letterId: opened.id }, { token: player.token });
    expect(read.body).toMatchObject({ code: 200, data: { unreadCount: 4 } });
    // Reading it again changes nothing.
    expect(
      (await server.call('/v2/app/station/read', { letterId: opened.id }, { token: player.token })).body,
    ).toMatchObject({ data: { unreadCount: 4 } });
    const unread = await lettersOf(player, { unreadOnly: true });
    expect(unread).toMatchObject({ total: 4, unreadCount: 4 });
    expect(unread.list.map((letter) => letter.id)).not.toContain(opened.id);
    expect((await lettersOf(player)).list[0]).toMatchObject({ id: opened.id, read: true });

    const all = await server.call('/v2/app/station/read/all', {}, { token: player.token });
    expect(all.body).toMatchObject({ code: 200, data: { unreadCount: 0 } });
    expect((await lettersOf(player)).list.every((letter) => letter.read)).toBe(true);
  });

  it('a visitor sees the letters to everyone only; agents’ letters reach agents only', async () => {
    const player = await newPlayer(server, smtp);
    const agent = await newPlayer(server, smtp, 'agent');
    const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
    await server.call(
      '/v2/admin/agent/application/approve',
      { applicationId: applied.body.data?.id },
      { token: operator.token },
    );
    await waitForLetters(agent, 1);
    const marker = idempotencyKey();
    await send({ audience: 'allPlayers', texts: japanese(`全員へ ${marker}`) });
    await send({ audience: 'allAgents', texts: japanese(`エージェントへ ${marker}`) });
    await send({ audience: 'player', userId: player.userId, texts: japanese(`あなたへ ${marker}`) });

    const titles = (page: LetterPage) =>
      page.list.map((letter) => letter.title).filter((title) => title.includes(marker));
    const visitor = await lettersOf(null, { pageSize: 100 });
    expect(titles(visitor)).toEqual([`全員へ ${marker}`]);
    expect(visitor.unreadCount).toBe(0);
    expect(visitor.list.every((letter) => letter.audience === 'allPlayers' && !letter.read)).toBe(true);
    expect(titles(await lettersOf(player, { pageSize: 100 }))).toEqual([`あなたへ ${marker}`, `全員へ ${marker}`]);
    expect(titles(await lettersOf(agent, { pageSize: 100 }))).toEqual([`エージェントへ ${marker}`, `全員へ ${marker}`]);

    // A broadcast sent before a player registered does not greet them as unread.
    const newcomer = await newPlayer(server, smtp);
    const seen = await lettersOf(newcomer, { pageSize: 100 });
    expect(titles(seen)).toEqual([`全員へ ${marker}`]);
    expect(seen.unreadCount).toBe(0);
  });
});

describe('desk sending', () => {
  it('sends once per idempotency key, with one audit row, and lists what was sent', async () => {
    const player = await newPlayer(server, smtp);
    const key = idempotencyKey();
    const body = {
      audience: 'player',
      userId: player.userId,
      texts: { ...japanese('一度だけ'), 'en-US': { title: 'Only once', body: 'Sent once' } },
    };
    const answers = await Promise.all([send(body, key), send(body, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body.data?.letterId).toBe(answers[1]?.body.data?.letterId);
    expect(await ownLetters(player)).toBe(1);
    expect((await lettersOf(player)).list[0]).toMatchObject({ title: 'Only once', content: 'Sent once' });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `stationLetter:${answers[0]?.body.data?.letterId}`));
    expect(audits).toMatchObject([{ action: 'stationLetter.send', actor: `user:${operator.userId}` }]);

    const sent = await server.call<{ list: { id: number; account: string | null; title: string }[] }>(
      '/v2/admin/station/list',
      {},
      { token: operator.token, lang: 'en-US' },
    );
    expect(sent.body.data?.list[0]).toMatchObject({ account: player.account, title: 'Only once' });
  });

  it('refuses bad input with a localised message and sends nothing', async () => {
    const player = await newPlayer(server, smtp);
    const before = (await server.db.select({ n: count() }).from(stationLetters))[0]?.n;

    const noJapanese = await send(
      { audience: 'allPlayers', texts: { 'en-US': { title: 'Hello', body: 'World' } } },
      undefined,
      'ja-JP',
    );
    refusal(noJapanese, 400, /./);
    expect(noJapanese.body.fields?.['texts.ja-JP.title']).toBe('件名（日本語）を入力してください');
    const titleOnly = await send({
      audience: 'allPlayers',
      texts: { ...japanese('件名'), 'en-US': { title: 'Title only', body: '' } },
    });
    refusal(titleOnly, 400, /./);
    expect(titleOnly.body.fields?.['texts.en-US.title']).toBe('Title (English) is not valid');
    refusal(await send({ audience: 'player', userId: 2_000_000_000, texts: japanese('誰へ') }), 404, /player/i);
    refusal(await send({ audience: 'player', userId: operator.userId, texts: japanese('自分へ') }), 403, /./);
    refusal(await send({ audience: 'everyone', texts: japanese('どこへ') }), 400, /./);
    // Only an operator sends; a player's session does not reach the desk.
    refusal(
      await server.call(
        '/v2/admin/station/send',
        { audience: 'allPlayers', texts: japanese('x') },
        withKey(player.token),
      ),
      403,
      /./,
    );
    expect((await server.db.select({ n: count() }).from(stationLetters))[0]?.n).toBe(before);

    // Another player's letter is no letter at all.
    const other = await newPlayer(server, smtp);
    const letter = await send({ audience: 'player', userId: other.userId, texts: japanese('他人宛') });
    refusal(
      await server.call(
        '/v2/app/station/read',
        { letterId: letter.body.data?.letterId },
        { token: player.token, lang: 'ja-JP' },
      ),
      404,
      '該当するメッセージが見つかりません。',
    );
    const badId = await server.call(
      '/v2/app/station/read',
      { letterId: 'one' },
      { token: player.token, lang: 'zh-CN' },
    );
    refusal(badId, 400, /./);
    expect(badId.body.fields?.letterId).toContain('站内信');
    refusal(await server.call('/v2/app/station/read/all', {}, {}), 401, /./);
    expect((await lettersOf(other)).unreadCount).toBe(1);
  });
});
