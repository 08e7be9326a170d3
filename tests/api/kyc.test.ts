import { type KycState, type KycSubmission, maxPhotoBytes } from '@contract/kyc';
import type { KycReviewItem } from '@contract/kyc-desk';
import { auditLog } from '@server/db/schema/auth';
import { kycSubmissions } from '@server/db/schema/kyc';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  completeProfile,
  kycPhotos,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  photoDataUrl,
  refusal,
  type TestPlayer,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const clock = createTestClock();

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
  });
  operator = await newOperator(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function readyPlayer(): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  return player;
}

const stateOf = async (player: TestPlayer) =>
  (await server.call<KycState>('/v2/app/user/get/kyc', {}, { token: player.token })).body.data as KycState;
const submit = (player: TestPlayer, photos: Record<string, string>, lang = 'en-US') =>
  server.call<KycSubmission>('/v2/app/user/kyc/add', photos, { token: player.token, lang });
const fetchPhoto = (link: string) => fetch(`${server.url}${link}`);

describe('identity verification', () => {
  it('goes notSubmitted → pendingReview → rejected with reason → pendingReview → approved, as the player sees it', async () => {
    const player = await readyPlayer();
    expect(await stateOf(player)).toMatchObject({
      status: 'notSubmitted',
      rejectReason: null,
      firstName: '太郎',
      lastName: '山田',
    });
    expect((await server.call('/v2/app/user/kyc/latest', {}, { token: player.token })).body).toMatchObject({
      code: 200,
      data: null,
    });

    const first = await submit(player, await kycPhotos());
    expect(first.body).toMatchObject({
      code: 200,
      data: { status: 'pendingReview', reviewedAt: null, rejectReason: null },
    });
    expect(await stateOf(player)).toMatchObject({ status: 'pendingReview' });
    const profile = await server.call<{ kycStatus: string }>('/v2/app/user/info', {}, { token: player.token });
    expect(profile.body.data?.kycStatus).toBe('pendingReview');
    refusal(
      await submit(player, await kycPhotos()),
      409,
      'Your identity documents are being reviewed. Please wait for the result.',
    );

    const rejected = await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: first.body.data?.id, reason: 'The handheld photo is blurred\nPlease retake it' },
      { token: operator.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });
    expect(await stateOf(player)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The handheld photo is blurred\nPlease retake it',
    });
    expect(
      (await server.call<KycSubmission>('/v2/app/user/kyc/latest', {}, { token: player.token })).body.data,
    ).toMatchObject({
      id: first.body.data?.id,
      status: 'rejected',
      rejectReason: 'The handheld photo is blurred\nPlease retake it',
    });

    const second = await submit(player, await kycPhotos());
    expect(second.body.data).toMatchObject({ status: 'pendingReview' });
    expect(second.body.data?.id).not.toBe(first.body.data?.id);
    expect(await stateOf(player)).toMatchObject({ status: 'pendingReview', rejectReason: null });

    expect(
      (
        await server.call(
          '/v2/admin/kyc/approve',
          { submissionId: second.body.data?.id, remark: 'matches' },
          { token: operator.token },
        )
      ).status,
    ).toBe(200);
    expect(await stateOf(player)).toMatchObject({ status: 'approved' });
    refusal(await submit(player, await kycPhotos(), 'ja-JP'), 409, '本人確認はすでに完了しています。');
    refusal(
      await server.call('/v2/app/user/update', { firstName: '花子' }, { token: player.token }),
      422,
      'Your name cannot be changed while your identity is being verified or after it has been verified.',
    );

    const actions = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `kycSubmission:${second.body.data?.id}`));
    expect(actions.map((row) => [row.action, row.actor, row.reason])).toEqual([
      ['kyc.submit', `user:${player.userId}`, 'front, back and handheld photos sent for review'],
      ['kyc.approve', `user:${operator.userId}`, 'matches'],
    ]);
  });

  it('asks for names and the ID number first', async () => {
    const player = await newPlayer(server, smtp);
    await server.call(
      '/v2/app/user/update',
      { firstName: '太郎', lastName: '山田', pinyinName: 'ヤマダ タロウ' },
      { token: player.token },
    );
    refusal(
      await submit(player, await kycPhotos()),
      422,
      'Please complete your personal information (name, name reading and ID number) before verifying your identity.',
    );
    expect(await stateOf(player)).toMatchObject({ status: 'notSubmitted' });
  });

  it('judges photos by content: a PNG sent as JPEG is kept as PNG, text sent as JPEG is refused on its field', async () => {
    const player = await readyPlayer();
    const png = (await photoDataUrl('png')).replace('data:image/png', 'data:image/jpeg');
    const notAnImage = `data:image/jpeg;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const refused = await submit(player, { ...(await kycPhotos()), back: notAnImage }, 'ko-KR');
    refusal(refused, 400, 'JPEG, PNG 또는 WebP 이미지를 올려 주세요.');
    expect(refused.body.fields).toEqual({ back: 'JPEG, PNG 또는 WebP 이미지를 올려 주세요.' });
    expect(await stateOf(player)).toMatchObject({ status: 'notSubmitted' });

    const accepted = await submit(player, { ...(await kycPhotos()), front: png });
    expect(accepted.status).toBe(200);
    const photo = await fetchPhoto(accepted.body.data?.photos.front as string);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('refuses an image that claims to be one but cannot be decoded', async () => {
    const player = await readyPlayer();
    const jpeg = Buffer.from((await photoDataUrl('jpeg')).split(',')[1] as string, 'base64');
    const truncated = `data:image/jpeg;base64,${jpeg.subarray(0, 120).toString('base64')}`;
    const response = await submit(player, { ...(await kycPhotos()), handheld: truncated });
    refusal(response, 400, 'This image could not be read. Please try another photo.');
    expect(response.body.fields).toEqual({ handheld: 'This image could not be read. Please try another photo.' });
  });

  it('strips metadata (EXIF) from the stored photos', async () => {
    const player = await readyPlayer();
    const withExif = await photoDataUrl('jpeg', { exifCopyright: 'GPS 35.6 139.7 camera SN 12345' });
    expect((await sharp(Buffer.from(withExif.split(',')[1] as string, 'base64')).metadata()).exif).toBeDefined();
    const accepted = await submit(player, { ...(await kycPhotos()), front: withExif });
    const stored = Buffer.from(await (await fetchPhoto(accepted.body.data?.photos.front as string)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('camera SN'))).toBe(false);
  });

  it('takes three photos of nearly 10 MB each through the larger body limit, and refuses one byte over', async () => {
    const player = await readyPlayer();
    // Noise does not compress: a 1800 × 1800 PNG of it is about 9.7 MB.
    const big = await sharp({
      create: {
        width: 1800,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 90 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(9_000_000);
    expect(big.length).toBeLessThanOrEqual(maxPhotoBytes);
    const bigUrl = `data:image/png;base64,${big.toString('base64')}`;
    const accepted = await submit(player, { front: bigUrl, back: bigUrl, handheld: bigUrl });
    expect(accepted.body, accepted.body.msg).toMatchObject({ code: 200, data: { status: 'pendingReview' } });

    const other = await readyPlayer();
    const overSize = Buffer.concat([big, Buffer.alloc(maxPhotoBytes + 1 - big.length)]);
    const response = await submit(
      other,
      { ...(await kycPhotos()), front: `data:image/png;base64,${overSize.toString('base64')}` },
      'ja-JP',
    );
    refusal(response, 400, '画像は10MB以下にしてください。');
  }, 120_000);

  it('serves photos through signed links to their owner and operators only', async () => {
    const owner = await readyPlayer();
    const other = await readyPlayer();
    const submitted = await submit(owner, await kycPhotos());
    const link = submitted.body.data?.photos.handheld as string;
    expect(link).toMatch(
      new RegExp(`^/v2/files/kyc/${submitted.body.data?.id}/handheld\\?viewer=${owner.userId}&expires=\\d+&signature=`),
    );
    const ok = await fetchPhoto(link);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/webp');
    expect(ok.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);

    // Another player names themselves as the viewer: the signature no longer matches.
    const forged = link.replace(`viewer=${owner.userId}`, `viewer=${other.userId}`);
    const refused = await fetchPhoto(forged);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403 });
    // Another side of the same submission needs its own signature.
    expect((await fetchPhoto(link.replace('/handheld?', '/front?'))).status).toBe(403);
    // The other player's own latest submission is not the owner's.
    expect((await server.call('/v2/app/user/kyc/latest', {}, { token: other.token })).body.data).toBeNull();

    const queue = await server.call<{ list: KycReviewItem[]; total: number }>(
      '/v2/admin/kyc/list',
      { keyword: owner.account },
      { token: operator.token },
    );
    expect(queue.body.data?.total).toBe(1);
    const item = queue.body.data?.list[0] as KycReviewItem;
    expect(item).toMatchObject({
      id: submitted.body.data?.id,
      user: { userId: owner.userId, account: owner.account, email: owner.email },
      firstName: '太郎',
    });
    expect(item.idNumber).toMatch(/^AB[0-9A-F]{8}$/);
    expect(item.photos.front).toContain(`viewer=${operator.userId}`);
    expect((await fetchPhoto(item.photos.front)).status).toBe(200);
  });

  it('lets a photo link expire', async () => {
    const owner = await readyPlayer();
    const submitted = await submit(owner, await kycPhotos());
    clock.advance(16 * 60 * 1000);
    try {
      expect((await fetchPhoto(submitted.body.data?.photos.front as string)).status).toBe(403);
    } finally {
      clock.advance(-16 * 60 * 1000);
    }
  });
});

describe('the KYC review desk', () => {
  it('lists waiting submissions oldest first, and by status', async () => {
    const first = await readyPlayer();
    const second = await readyPlayer();
    const a = await submit(first, await kycPhotos());
    const b = await submit(second, await kycPhotos());
    const waiting = await server.call<{ list: KycReviewItem[] }>(
      '/v2/admin/kyc/list',
      { pageSize: 100 },
      { token: operator.token },
    );
    const ids = waiting.body.data?.list.map((item) => item.id) ?? [];
    expect(ids.indexOf(a.body.data?.id as number)).toBeLessThan(ids.indexOf(b.body.data?.id as number));
    expect(waiting.body.data?.list.every((item) => item.status === 'pendingReview')).toBe(true);
    await server.call('/v2/admin/kyc/approve', { submissionId: a.body.data?.id }, { token: operator.token });
    const approved = await server.call<{ list: KycReviewItem[] }>(
      '/v2/admin/kyc/list',
      { status: 'approved', pageSize: 100 },
      { token: operator.token },
    );
    expect(approved.body.data?.list.map((item) => item.id)).toContain(a.body.data?.id);
  });

  it('settles a submission once: a second review, or a review of a missing one, is refused', async () => {
    const player = await readyPlayer();
    const submitted = await submit(player, await kycPhotos());
    const id = submitted.body.data?.id;
    expect((await server.call('/v2/admin/kyc/approve', { submissionId: id }, { token: operator.token })).status).toBe(
      200,
    );
    refusal(
      await server.call('/v2/admin/kyc/reject', { submissionId: id, reason: 'late' }, { token: operator.token }),
      409,
      'This submission has already been reviewed.',
    );
    refusal(
      await server.call('/v2/admin/kyc/approve', { submissionId: 999_999 }, { token: operator.token }),
      404,
      'The identity submission was not found.',
    );
    const [row] = await server.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, id as number));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: operator.userId, rejectReason: null });
  });

  it('needs a reason to reject, and is closed to players; an operator session submits none', async () => {
    const player = await readyPlayer();
    const submitted = await submit(player, await kycPhotos());
    const id = submitted.body.data?.id;
    const noReason = await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: id, reason: '  ' },
      { token: operator.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: 'please input reason' });
    const nul = await server.call(
      '/v2/admin/kyc/reject',
      { submissionId: id, reason: 'bad\u0000' },
      { token: operator.token },
    );
    expect(nul.body.fields).toEqual({ reason: 'reason is not valid' });
    refusal(
      await server.call('/v2/admin/kyc/approve', { submissionId: id }, { token: player.token }),
      403,
      'You are not allowed to do this',
    );
    refusal(
      await server.call('/v2/admin/kyc/list', {}, { token: player.token }),
      403,
      'You are not allowed to do this',
    );

    // Operators are not players: their session submits nothing of its own to review.
    refusal(await submit(operator, await kycPhotos()), 403, 'You are not allowed to do this');
    expect(await stateOf(player)).toMatchObject({ status: 'pendingReview' });
  });

  it('keeps two concurrent submissions of one player to one', async () => {
    const player = await readyPlayer();
    const photos = await kycPhotos();
    const answers = await Promise.all([submit(player, photos), submit(player, photos), submit(player, photos)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const rows = await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, player.userId));
    expect(rows).toHaveLength(1);
  });
});
