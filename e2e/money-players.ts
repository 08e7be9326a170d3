import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCaller, type Call, expect, operatorApiToken, registeredPlayer } from './fixtures';

/**
 * Players for the money pages' machine paths, set up through the API as far as a path needs: names
 * on record, a bound card, an open deposit order paid on the sandbox checkout.
 */

export const names = { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダ ハナコ' };
/** A reading that no longer matches the card's holder: the server refuses money moved from that card. */
const otherReading = 'ヤマダ ハナ';

export interface MoneyPlayer {
  token: string;
  account: string;
  call: Call;
  cardId: number | null;
}

export type Readiness = 'new' | 'named' | 'withCard';

/** How far a player got towards withdrawing: each step needs the ones before it. */
export type WithdrawReadiness = Readiness | 'identitySent' | 'identityVerified' | 'ready';

/** A new player, with the names used for currency exchange and a bound card as far as asked. */
export async function moneyPlayer(
  request: APIRequestContext,
  locale: Locale,
  password: string,
  readiness: Readiness,
): Promise<MoneyPlayer> {
  const call = apiCaller(request, locale);
  const player = await registeredPlayer(request, call, password);
  let cardId: number | null = null;
  if (readiness !== 'new') await call('/v2/app/user/update', names, { token: player.token });
  if (readiness === 'withCard') {
    const card = await call<{ id: number }>(
      '/v2/app/user/bank/save',
      {
        bankCode: '0005',
        cardNumber: `${100_000 + Math.floor(Math.random() * 900_000)}7`,
        branchCode: '123',
        branchName: '渋谷支店',
        holderFirstName: names.firstName,
        holderLastName: names.lastName,
        holderPinyinName: names.pinyinName,
      },
      { token: player.token },
    );
    cardId = card.id;
  }
  return { ...player, call, cardId };
}

/** The reading on record: the card's holder's, or one that differs from it. */
export async function setReading(player: MoneyPlayer, matchesCard: boolean): Promise<void> {
  await player.call(
    '/v2/app/user/update',
    { ...names, pinyinName: matchesCard ? names.pinyinName : otherReading },
    { token: player.token },
  );
}

export interface OpenOrder {
  orderSn: string;
  checkoutUrl: string;
}

/** A deposit order on the online (sandbox) channel, opened through the API and not paid yet. */
export async function openOnlineOrder(player: MoneyPlayer, amount: number): Promise<OpenOrder> {
  const { token, call } = player;
  const { order, instructions } = await call<{
    order: { orderSn: string };
    instructions: { kind: string; url?: string };
  }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount, bankCardId: player.cardId },
    { token, idempotencyKey: crypto.randomUUID() },
  );
  expect(instructions.kind).toBe('redirect');
  return { orderSn: order.orderSn, checkoutUrl: instructions.url ?? '' };
}

/** The payer's click on the sandbox checkout page, waiting until the server has the order paid. */
export async function payOnSandbox(request: APIRequestContext, player: MoneyPlayer, order: OpenOrder): Promise<void> {
  const paid = await request.post(`${new URL(order.checkoutUrl).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () =>
        (
          await player.call<{ status: string }>(
            '/v2/app/pay/order/get',
            { orderSn: order.orderSn },
            { token: player.token },
          )
        ).status,
      { timeout: 15_000 },
    )
    .toBe('paymentSuccessful');
}

/** Opens a money page signed in as the player; checkout tabs the page opens are closed at once. */
export async function openMoneyPage(page: Page, locale: Locale, player: MoneyPlayer, pagePath: string): Promise<void> {
  page.context().on('page', (opened) => {
    if (opened !== page) void opened.close();
  });
  await page.addInitScript(
    ([token, lng]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('lang', lng);
    },
    [player.token, locale] as const,
  );
  await page.goto(pagePath);
}

/** A tiny identity photo, as the identity form sends it (a data URL). */
async function photo(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 120, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/**
 * A new player as far towards withdrawing as asked: identity photos sent, then verified by the
 * browser-test operator through the desk's API, then a payment password and `coins` paid on the
 * sandbox checkout.
 */
export async function withdrawingPlayer(
  request: APIRequestContext,
  locale: Locale,
  password: string,
  readiness: WithdrawReadiness,
  payPassword: string,
  coins: number,
): Promise<MoneyPlayer> {
  const early = readiness === 'new' || readiness === 'named' || readiness === 'withCard';
  const player = await moneyPlayer(request, locale, password, early ? readiness : 'withCard');
  if (early) return player;
  const { token, call } = player;
  await call('/v2/app/user/update/idNumber', { idNumber: `HN${player.account}`.slice(0, 20) }, { token });
  await call('/v2/app/user/kyc/add', { front: await photo(), back: await photo(), handheld: await photo() }, { token });
  if (readiness === 'identitySent') return player;
  const operator = await operatorApiToken(request, locale);
  const { list } = await call<{ list: { id: number }[] }>(
    '/v2/admin/kyc/list',
    { keyword: player.account },
    { token: operator },
  );
  await call('/v2/admin/kyc/approve', { submissionId: list[0]?.id }, { token: operator });
  if (readiness === 'identityVerified') return player;
  await call('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, { token });
  await payOnSandbox(request, player, await openOnlineOrder(player, coins));
  return player;
}

/** The operator rejects the player's withdrawal under review, through the desk's API. */
export async function rejectWithdrawal(
  request: APIRequestContext,
  locale: Locale,
  player: MoneyPlayer,
  reason: string,
): Promise<void> {
  const operator = await operatorApiToken(request, locale);
  const { list } = await player.call<{ list: { orderSn: string }[] }>(
    '/v2/admin/withdrawal/list',
    { keyword: player.account },
    { token: operator },
  );
  await player.call('/v2/admin/withdrawal/reject', { orderSn: list[0]?.orderSn, reason }, { token: operator });
}
