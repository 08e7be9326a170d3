import { auditLog, users } from '@server/db/schema/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  completeProfile,
  kycPhotos,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

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
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

interface Profile {
  nickname: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  pinyinName: string | null;
  kycStatus: string;
}

const profileOf = async (player: TestPlayer) =>
  (await server.call<Profile>('/v2/app/user/get/info', {}, { token: player.token })).body.data as Profile;

describe('/v2/app/user/update', () => {
  it('changes the given fields only, trims them, and records who changed what', async () => {
    const player = await newPlayer(server, smtp);
    const first = await server.call(
      '/v2/app/user/update',
      { nickname: '  Taro ', phone: '+819011112222' },
      { token: player.token },
    );
    expect(first.body).toEqual({ code: 200, msg: 'success', data: null });
    const second = await server.call(
      '/v2/app/user/update',
      { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダ タロウ' },
      { token: player.token },
    );
    expect(second.status).toBe(200);
    expect(await profileOf(player)).toMatchObject({
      nickname: 'Taro',
      phone: '+819011112222',
      firstName: '太郎',
      lastName: '山田',
      pinyinName: 'ヤマダ タロウ',
    });
    const audits = await server.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${player.userId}`), eq(auditLog.action, 'profile.update')));
    expect(audits.map((row) => row.reason)).toEqual([
      'changed nickname, phone',
      'changed firstName, lastName, pinyinName',
    ]);
  });

  it('refuses a malformed phone or an empty name with a message on the field, and changes nothing', async () => {
    const player = await newPlayer(server, smtp);
    const phone = await server.call(
      '/v2/app/user/update',
      { phone: '090-1234-5678', nickname: 'ok' },
      { token: player.token, lang: 'ja-JP' },
    );
    expect(phone.status).toBe(400);
    expect(phone.body.fields).toEqual({ phone: '電話番号の形式が正しくありません' });
    const name = await server.call('/v2/app/user/update', { firstName: '   ' }, { token: player.token });
    expect(name.status).toBe(400);
    expect(name.body.fields).toEqual({ firstName: 'please input first name' });
    expect(await profileOf(player)).toMatchObject({ nickname: null, phone: null, firstName: null });
  });

  it('refuses control characters in names (PostgreSQL text cannot hold NUL)', async () => {
    const player = await newPlayer(server, smtp);
    const nul = await server.call(
      '/v2/app/user/update',
      { nickname: 'a\u0000b', lastName: 'x\ny' },
      { token: player.token },
    );
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ nickname: 'nickname is not valid', lastName: 'last name is not valid' });
  });

  it('asks visitors to sign in', async () => {
    refusal(await server.call('/v2/app/user/update', { nickname: 'x' }), 401, 'Please sign in first');
  });

  it('locks the names and the ID number while identity is under review, and frees them after a rejection', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    const submitted = await server.call<{ id: number }>('/v2/app/user/kyc/add', await kycPhotos(), {
      token: player.token,
    });
    expect(submitted.status).toBe(200);

    refusal(
      await server.call('/v2/app/user/update', { lastName: '佐藤' }, { token: player.token, lang: 'ja-JP' }),
      422,
      '本人確認の審査中または完了後は、氏名を変更できません。',
    );
    refusal(
      await server.call('/v2/app/user/update/idNumber', { idNumber: 'ZZ999999' }, { token: player.token }),
      422,
      'The ID number cannot be changed while your identity is being verified or after it has been verified.',
    );
    // Nickname and phone are not part of the identity and stay free.
    expect((await server.call('/v2/app/user/update', { nickname: 'still free' }, { token: player.token })).status).toBe(
      200,
    );
    // Sending the same names again changes nothing and is not refused.
    expect((await server.call('/v2/app/user/update', { lastName: '山田' }, { token: player.token })).status).toBe(200);

    await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: submitted.body.data?.id, reason: 'Photo is blurred' },
      { token: operator.token },
    );
    expect((await server.call('/v2/app/user/update', { lastName: '佐藤' }, { token: player.token })).status).toBe(200);
    expect((await profileOf(player)).lastName).toBe('佐藤');
  });
});

describe('/v2/app/user/update/idNumber', () => {
  it('records the number in capitals and shows it masked', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call(
      '/v2/app/user/update/idNumber',
      { idNumber: ' ab12-3456789 ' },
      { token: player.token },
    );
    expect(response.body).toMatchObject({ code: 200 });
    const [row] = await server.db.select({ idNumber: users.idNumber }).from(users).where(eq(users.id, player.userId));
    expect(row?.idNumber).toBe('AB12-3456789');
    const state = await server.call<{ maskedIdNumber: string }>('/v2/app/user/get/kyc', {}, { token: player.token });
    expect(state.body.data?.maskedIdNumber).toBe('********6789');
  });

  it('refuses a number with other characters', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call(
      '/v2/app/user/update/idNumber',
      { idNumber: 'AB 12/34' },
      { token: player.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ idNumber: 'ID number is not valid' });
  });
});
