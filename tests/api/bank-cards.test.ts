import type { BankCard } from '@contract/bank';
import { auditLog } from '@server/db/schema/auth';
import { bankCards } from '@server/db/schema/bank';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  bindCard,
  cardFor,
  completeProfile,
  manyPlayersLimits,
  newPlayer,
  refusal,
  type TestPlayer,
  taroNames,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    moneySettings: { maxBankCards: 3 },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function playerWithProfile(): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  return player;
}

const cardsOf = async (player: TestPlayer, lang = 'en-US') =>
  (await server.call<BankCard[]>('/v2/app/user/bank', {}, { token: player.token, lang })).body.data as BankCard[];

describe('/v2/app/user/bank/list', () => {
  it('lists the banks, filtered by a code or name fragment, in the reader’s script', async () => {
    const player = await newPlayer(server, smtp);
    const all = await server.call<{ code: string; name: string }[]>(
      '/v2/app/user/bank/list',
      {},
      { token: player.token, lang: 'ja-JP' },
    );
    expect(all.body.data?.length).toBeGreaterThan(10);
    expect(all.body.data).toContainEqual({ code: '0005', name: '三菱UFJ銀行' });
    const english = await server.call<{ code: string; name: string }[]>(
      '/v2/app/user/bank/list',
      { keyword: 'post' },
      { token: player.token },
    );
    expect(english.body.data).toEqual([{ code: '9900', name: 'Japan Post Bank' }]);
    const byCode = await server.call<{ code: string }[]>(
      '/v2/app/user/bank/list',
      { keyword: '000' },
      { token: player.token },
    );
    expect(byCode.body.data?.map((bank) => bank.code)).toEqual(['0001', '0005', '0009']);
    const byJapaneseName = await server.call<{ code: string }[]>(
      '/v2/app/user/bank/list',
      { keyword: 'ゆうちょ' },
      { token: player.token },
    );
    expect(byJapaneseName.body.data?.map((bank) => bank.code)).toEqual(['9900']);
  });
});

describe('/v2/app/user/bank/save', () => {
  it('binds a card in the player’s own name: masked number, default as the first, listed and audited', async () => {
    const player = await playerWithProfile();
    const body = cardFor(taroNames, { cardNumber: '7654321' });
    const response = await server.call<BankCard>('/v2/app/user/bank/save', body, {
      token: player.token,
      lang: 'ja-JP',
    });
    expect(response.body).toMatchObject({
      code: 200,
      data: {
        bankCode: '0005',
        bankName: '三菱UFJ銀行',
        maskedCardNumber: '****4321',
        branchCode: '123',
        branchName: '渋谷支店',
        holderFirstName: '太郎',
        holderLastName: '山田',
        holderPinyinName: 'ヤマダ タロウ',
        isDefault: true,
      },
    });
    expect(JSON.stringify(response.body)).not.toContain('7654321');
    const listed = await cardsOf(player, 'ja-JP');
    expect(listed).toEqual([response.body.data]);
    const defaultCard = await server.call<BankCard>(
      '/v2/app/user/get/bank',
      {},
      { token: player.token, lang: 'ja-JP' },
    );
    expect(defaultCard.body.data).toEqual(response.body.data);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `bankCard:${response.body.data?.id}`));
    expect(audits).toMatchObject([
      { action: 'bankCard.bind', actor: `user:${player.userId}`, reason: 'bank 0005, branch 123, account ****4321' },
    ]);
  });

  it('answers null for the default card and an empty list before any card is bound', async () => {
    const player = await newPlayer(server, smtp);
    expect((await server.call('/v2/app/user/get/bank', {}, { token: player.token })).body).toMatchObject({
      code: 200,
      data: null,
    });
    expect(await cardsOf(player)).toEqual([]);
  });

  it('accepts the reading in hiragana or katakana and names in other widths and spacing', async () => {
    const player = await playerWithProfile();
    const card = await server.call(
      '/v2/app/user/bank/save',
      cardFor(taroNames, { holderPinyinName: 'やまだ　たろう', holderLastName: ' 山田 ' }),
      {
        token: player.token,
      },
    );
    expect(card.body).toMatchObject({ code: 200 });
  });

  it('refuses a holder whose names differ from the profile, naming each field, and binds nothing', async () => {
    const player = await playerWithProfile();
    const response = await server.call(
      '/v2/app/user/bank/save',
      cardFor(taroNames, { holderFirstName: '次郎', holderPinyinName: 'ヤマダ ジロウ' }),
      {
        token: player.token,
      },
    );
    refusal(response, 422, 'The cardholder name must match the name on your profile.');
    expect(response.body.fields).toEqual({
      holderFirstName: 'The cardholder name must match the name on your profile.',
      holderPinyinName: 'The cardholder name must match the name on your profile.',
    });
    expect(await cardsOf(player)).toEqual([]);
  });

  it('asks for the names on the profile before a card can be bound', async () => {
    const player = await newPlayer(server, smtp);
    refusal(
      await server.call('/v2/app/user/bank/save', cardFor(), { token: player.token, lang: 'zh-CN' }),
      422,
      '绑定银行卡前，请先在个人信息中填写姓名和姓名拼音。',
    );
  });

  it.each([
    ['bankCode', { bankCode: '9999' }, 'Please choose a bank from the list.'],
    ['branchCode', { branchCode: '12' }, 'The branch code is 3 digits.'],
    ['cardNumber', { cardNumber: '12345678' }, 'The account number is 7 digits.'],
  ])('checks the format of %s with its own message', async (field, override, message) => {
    const player = await playerWithProfile();
    const response = await server.call('/v2/app/user/bank/save', cardFor(taroNames, override), { token: player.token });
    refusal(response, 400, message);
    expect(response.body.fields).toEqual({ [field]: message });
  });

  it('refuses what the contract does not allow before any rule runs', async () => {
    const player = await playerWithProfile();
    const response = await server.call(
      '/v2/app/user/bank/save',
      { ...cardFor(), cardNumber: '12-34', branchName: '' },
      { token: player.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      cardNumber: 'account number is not valid',
      branchName: 'please input branch name',
    });
  });

  it('moves the default to a card bound as default, keeps one default, and limits the number of cards', async () => {
    const player = await playerWithProfile();
    const first = await bindCard(server, player);
    const second = await bindCard(server, player, { isDefault: true });
    await bindCard(server, player);
    const listed = await cardsOf(player);
    expect(listed.map((card) => [card.id, card.isDefault])).toEqual([
      [second.id, true],
      [listed[1]?.id, false],
      [first.id, false],
    ]);
    refusal(
      await server.call('/v2/app/user/bank/save', cardFor(), { token: player.token }),
      422,
      'You can bind at most 3 bank cards.',
    );
  });

  it('edits a bound card by id, and finds no card of another player', async () => {
    const player = await playerWithProfile();
    const other = await playerWithProfile();
    const card = await bindCard(server, player);
    const edited = await server.call<BankCard>(
      '/v2/app/user/bank/save',
      cardFor(taroNames, { id: card.id, branchName: '新宿支店', cardNumber: '1111222' }),
      {
        token: player.token,
      },
    );
    expect(edited.body.data).toMatchObject({
      id: card.id,
      branchName: '新宿支店',
      maskedCardNumber: '****1222',
      isDefault: true,
    });
    refusal(
      await server.call('/v2/app/user/bank/save', cardFor(taroNames, { id: card.id }), { token: other.token }),
      404,
      'The bank card was not found.',
    );
    const [row] = await server.db.select().from(bankCards).where(eq(bankCards.id, card.id));
    expect(row?.userId).toBe(player.userId);
    expect(row?.branchName).toBe('新宿支店');
  });

  it('binds one account to one player at a time', async () => {
    const player = await playerWithProfile();
    const other = await playerWithProfile();
    await bindCard(server, player, { cardNumber: '5550001' });
    const response = await server.call('/v2/app/user/bank/save', cardFor(taroNames, { cardNumber: '5550001' }), {
      token: other.token,
    });
    refusal(response, 409, 'This account is already bound.');
    expect(response.body.fields).toEqual({ cardNumber: 'This account is already bound.' });
  });

  it('never shows a player the cards of another', async () => {
    const player = await playerWithProfile();
    const other = await playerWithProfile();
    await bindCard(server, player);
    expect(await cardsOf(other)).toEqual([]);
    expect((await server.call('/v2/app/user/get/bank', {}, { token: other.token })).body.data).toBeNull();
  });
});

describe('/v2/app/user/bank/unbind', () => {
  it('unbinds a card, promotes the newest remaining card to default, frees the account and audits it', async () => {
    const player = await playerWithProfile();
    const older = await bindCard(server, player);
    const defaultCard = await bindCard(server, player, { isDefault: true, cardNumber: '8880001' });
    const response = await server.call('/v2/app/user/bank/unbind', { id: defaultCard.id }, { token: player.token });
    expect(response.body).toMatchObject({ code: 200, data: null });
    expect((await cardsOf(player)).map((card) => [card.id, card.isDefault])).toEqual([[older.id, true]]);
    // The account number can be bound again once unbound.
    await bindCard(server, player, { cardNumber: '8880001' });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bankCard.unbind'), like(auditLog.subject, `bankCard:${defaultCard.id}`)));
    expect(audits).toHaveLength(1);
  });

  it('refuses to unbind another player’s card or one already unbound', async () => {
    const player = await playerWithProfile();
    const other = await playerWithProfile();
    const card = await bindCard(server, player);
    refusal(
      await server.call('/v2/app/user/bank/unbind', { id: card.id }, { token: other.token }),
      404,
      'The bank card was not found.',
    );
    expect(await cardsOf(player)).toHaveLength(1);
    await server.call('/v2/app/user/bank/unbind', { id: card.id }, { token: player.token });
    refusal(
      await server.call('/v2/app/user/bank/unbind', { id: card.id }, { token: player.token }),
      404,
      'The bank card was not found.',
    );
  });

  it('refuses an id no row can have as invalid input, not as a server error', async () => {
    const player = await playerWithProfile();
    for (const id of [2 ** 31, 3_427_203_882_381_264]) {
      const response = await server.call('/v2/app/user/bank/unbind', { id }, { token: player.token });
      expect(response.status).toBe(400);
      expect(response.body.fields).toHaveProperty('id');
    }
  });
});
