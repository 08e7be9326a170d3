import type { StationLetter } from '@contract/letters';
import type { DeskSupportMessage, DeskSupportMessageDetail, SupportInfo, SupportSettings } from '@contract/support';
import { auditLog, mailOutbox } from '@server/db/schema/auth';
import { supportMessages, supportSettings } from '@server/db/schema/support';
import { supportMessageLimits } from '@server/modules/support/messages';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { manyPlayersLimits, newOperator, newPlayer, refusal, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

/** Download and support: docs/requirements.md §15. */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;

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

const emptyHours = {
  'ja-JP': '',
  'en-US': '',
  'ko-KR': '',
  'zh-CN': '',
  'zh-TW': '',
  'fil-PH': '',
  'vi-VN': '',
};
const settings = (overrides: Partial<SupportSettings> = {}): SupportSettings => ({
  appStoreUrl: '',
  googlePlayUrl: '',
  directDownloadUrl: '',
  email: '',
  lineId: '',
  lineUrl: '',
  hours: emptyHours,
  ...overrides,
});

const info = async (lang = 'en-US') => {
  const response = await server.call<SupportInfo>('/v2/app/support/info', {}, { lang });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as SupportInfo;
};
const audits = async (action: string) =>
  (await server.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0;
const storedMessages = async () => (await server.db.select({ n: count() }).from(supportMessages))[0]?.n ?? 0;

describe('app links and support channels', () => {
  it('nothing set: the public call answers nulls', async () => {
    expect(await info()).toEqual({
      appStoreUrl: null,
      googlePlayUrl: null,
      directDownloadUrl: null,
      email: null,
      lineId: null,
      lineUrl: null,
      hours: null,
    });
  });

  it('only an operator sets them; links must be https; the save is audited and read publicly', async () => {
    const player = await newPlayer(server, smtp);
    const wanted = settings({
      appStoreUrl: 'https://apps.apple.com/app/id123',
      directDownloadUrl: 'https://example.test/game-hall.apk',
      email: 'help@example.test',
      lineId: '@gamehall',
      hours: { ...emptyHours, 'ja-JP': '毎日 10:00〜22:00', 'en-US': 'Every day 10:00–22:00' },
    });
    refusal(await server.call('/v2/admin/support/settings/set', wanted, { token: player.token }), 403, /./);
    refusal(await server.call('/v2/admin/support/settings/set', wanted), 401, /./);

    const bad = await server.call(
      '/v2/admin/support/settings/set',
      settings({ googlePlayUrl: 'http://play.example.test', email: 'not an address' }),
      { token: operator.token, lang: 'ja-JP' },
    );
    refusal(bad, 400, /./);
    expect(bad.body.fields?.googlePlayUrl).toBe('Google Play のリンクの形式が正しくありません');
    expect(bad.body.fields?.email).toBeDefined();
    expect(await server.db.select().from(supportSettings)).toEqual([]);
    expect(await audits('support.settingsSet')).toBe(0);

    const saved = await server.call('/v2/admin/support/settings/set', wanted, { token: operator.token });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
    expect(await audits('support.settingsSet')).toBe(1);

    const desk = await server.call<SupportSettings>('/v2/admin/support/settings', {}, { token: operator.token });
    expect(desk.body.data).toEqual(wanted);
    expect(await info('en-US')).toEqual({
      appStoreUrl: 'https://apps.apple.com/app/id123',
      googlePlayUrl: null,
      directDownloadUrl: 'https://example.test/game-hall.apk',
      email: 'help@example.test',
      lineId: '@gamehall',
      lineUrl: null,
      hours: 'Every day 10:00–22:00',
    });
    // Korean hours were left empty: the Japanese ones are shown.
    expect((await info('ko-KR')).hours).toBe('毎日 10:00〜22:00');
  });
});

const send = (body: Record<string, unknown>, options: { token?: string; lang?: string } = {}) =>
  server.call<{ messageId: number }>('/v2/app/support/message', body, options);

const deskList = async () => {
  const response = await server.call<{ list: DeskSupportMessage[]; total: number }>(
    '/v2/admin/support/messages',
    {},
    { token: operator.token },
  );
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as { list: DeskSupportMessage[]; total: number };
};
const open = (messageId: number) =>
  server.call<DeskSupportMessageDetail>('/v2/admin/support/message', { messageId }, { token: operator.token });
const reply = (messageId: number, text: string, token = operator.token) =>
  server.call('/v2/admin/support/message/reply', { messageId, reply: text }, { token });

describe('contact messages and the desk inbox', () => {
  it('bad input: a localised message per field, nothing stored', async () => {
    const before = await storedMessages();
    const empty = await send({ subject: ' ', message: '' }, { lang: 'ja-JP' });
    refusal(empty, 400, /./);
    expect(empty.body.fields?.subject).toBe('件名を入力してください');
    expect(empty.body.fields?.message).toBeDefined();

    // A visitor must say who they are and where to answer.
    const anonymous = await send({ subject: '質問', message: '教えてください', email: 'nope' }, { lang: 'en-US' });
    refusal(anonymous, 400, /./);
    expect(anonymous.body.fields).toEqual({ name: 'please input name', email: 'e-mail is not valid' });
    expect(await storedMessages()).toBe(before);
  });

  it('a player’s message is answered with a letter in their station letters, once; audited', async () => {
    const player = await newPlayer(server, smtp);
    const sent = await send({ subject: '出金について', message: '出金はいつ届きますか？' }, { token: player.token });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    const messageId = sent.body.data?.messageId as number;

    const listed = (await deskList()).list.find((row) => row.id === messageId);
    expect(listed).toMatchObject({ account: player.account, subject: '出金について', read: false, repliedAt: null });
    const opened = await open(messageId);
    expect(opened.body.data).toMatchObject({ message: '出金はいつ届きますか？', account: player.account, reply: null });
    expect((await deskList()).list.find((row) => row.id === messageId)?.read).toBe(true);

    refusal(await reply(messageId, 'x', player.token), 403, /./);
    const answered = await reply(messageId, '通常30分以内に届きます。');
    expect(answered.body, JSON.stringify(answered.body)).toMatchObject({ code: 200 });
    refusal(await reply(messageId, 'もう一度'), 409, 'This message has already been answered.');

    const letters = await server.call<{ list: StationLetter[] }>(
      '/v2/app/station/query',
      {},
      { token: player.token, lang: 'en-US' },
    );
    const own = letters.body.data?.list.filter((letter) => letter.audience === 'player') ?? [];
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ title: 'Re: 出金について', content: '通常30分以内に届きます。', read: false });
    expect((await open(messageId)).body.data).toMatchObject({
      reply: '通常30分以内に届きます。',
      repliedBy: operator.account,
    });
    expect(await audits('support.reply')).toBe(1);
    refusal(await open(2_000_000), 404, 'No such message.');
  });

  it('a visitor’s message is answered by e-mail in the language it was written in', async () => {
    const email = `visitor${Date.now()}@example.test`;
    const sent = await send(
      { name: '佐藤', email, subject: 'アプリについて', message: 'ダウンロードできません' },
      { lang: 'ja-JP' },
    );
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    const messageId = sent.body.data?.messageId as number;
    expect((await open(messageId)).body.data).toMatchObject({ account: null, name: '佐藤', email });

    const answered = await reply(messageId, '最新版をお試しください。');
    expect(answered.body, JSON.stringify(answered.body)).toMatchObject({ code: 200 });
    const mails = await server.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'supportReply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.locale).toBe('ja-JP');
    expect(mails[0]?.subject).toContain('アプリについて');
    expect(mails[0]?.textBody).toContain('最新版をお試しください。');
  });

  it('visitors are limited per address; the refused message is not stored', async () => {
    const message = { name: 'Flood', email: 'flood@example.test', subject: 'Hi', message: 'Hello' };
    // The visitor above used one of this address's messages.
    for (let sent = 1; sent < supportMessageLimits.perAddress.limit; sent += 1)
      expect((await send(message)).body).toMatchObject({ code: 200 });
    const before = await storedMessages();
    const refused = await send(message);
    refusal(refused, 429, /./);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await storedMessages()).toBe(before);
  });
});
