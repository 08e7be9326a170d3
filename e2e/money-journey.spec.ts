import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { callApi, expect, runClockUntilVisible, test, text, useLanguage } from './fixtures';

/**
 * A new player's money journey through the pages, in Japanese and in English, against the real
 * server and its embedded sandbox payment provider: deposit and withdrawal first ask for personal
 * information and a bank card, the player fills in the profile and ID number, sends identity photos
 * (compressed in the browser), binds a card in their own name, sets a payment password, deposits
 * through the sandbox checkout page, sees the coins arrive in the header and the records, and finds
 * withdrawal waiting for the identity review.
 */

const password = 'Sakura-2024!x';
const payPassword = '246801';

const user = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `user:${key}`, values);
const kyc = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `kyc:${key}`, values);
const finance = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `finance:${key}`, values);
const record = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `record:${key}`, values);

/** The registration code in the newest mail to `email` on the development mailbox. */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get('/dev/mailbox')).text();
      const newest = html.split('<article>').find((part) => part.includes(`To: ${email}`));
      code = newest ? /\b(\d{6})\b/.exec(newest.slice(newest.indexOf('<pre>')))?.[1] : undefined;
      return code;
    })
    .toBeDefined();
  return code!;
}

/** A newcomer registered through the API (the sign-in dialog has its own browser tests); returns the token. */
async function registerPlayer(request: APIRequestContext, locale: Locale, username: string): Promise<string> {
  const email = `${username}@example.jp`;
  await callApi(request, '/v2/app/register/send/email/code', { email }, locale);
  const code = await mailedCode(request, email);
  await callApi(request, '/v2/app/register/valid', { email, code, acceptTerms: true }, locale);
  const session = await callApi<{ token: string }>(
    request,
    '/v2/app/register/user',
    { account: username, email, password },
    locale,
  );
  return session.token;
}

async function photoFile(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The header's balance, in the user menu. */
async function expectHeaderBalance(page: Page, locale: Locale, amount: string): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: text(locale, 'layout.userMenu') })
    .click();
  await expect(page.getByRole('menu').getByText(text(locale, 'layout.balance', { amount }))).toBeVisible();
  await page.keyboard.press('Escape');
}

/** A text whose number is formatted by i18next (`{{min, number}}`), filled as the page shows it. */
function withNumber(message: string, name: string, formatted: string): string {
  return message.replace(new RegExp(`\\{\\{\\s*${name}[^}]*\\}\\}`), formatted);
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a new player completes the profile and identity photos, binds a card and deposits through the sandbox checkout (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const username = `taro${stamp}`.slice(0, 20);
    const token = await registerPlayer(request, locale, username);
    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    // The clock runs as a real one until the deposit page waits for its next check of the order.
    await page.clock.install();

    // Deposit asks for the names used for currency exchange first.
    await page.goto('/user/finance/deposit');
    await expect(page.getByText(user(locale, 'gates.personalInformation.message'))).toBeVisible();
    await page.getByRole('link', { name: user(locale, 'gates.personalInformation.action') }).click();
    await expect(page).toHaveURL(/\/user\/account-setting#personal-information$/);

    const profile = page.getByRole('form', { name: user(locale, 'settings.profile.title') });
    await profile.getByRole('textbox', { name: user(locale, 'fields.lastName') }).fill('山田');
    await profile.getByRole('textbox', { name: user(locale, 'fields.firstName') }).fill('太郎');
    await profile.getByRole('textbox', { name: user(locale, 'fields.pinyinName') }).fill('ヤマダ タロウ');
    await profile.getByRole('combobox', { name: user(locale, 'fields.dialCode') }).click();
    await page.getByRole('option', { name: /^\+81 / }).click();
    await profile.getByRole('textbox', { name: user(locale, 'fields.phone') }).fill('090-1234-5678');
    await profile.getByRole('button', { name: user(locale, 'settings.save') }).click();
    await expect(page.getByText(user(locale, 'settings.profile.saved'))).toBeVisible();

    const idNumber = page.getByRole('form', { name: user(locale, 'settings.idNumber.title') });
    await idNumber.getByRole('textbox', { name: user(locale, 'fields.idNumber') }).fill(`AB${stamp}`.slice(0, 20));
    await idNumber.getByRole('button', { name: user(locale, 'settings.idNumber.record') }).click();
    await expect(page.getByText(user(locale, 'settings.idNumber.saved'))).toBeVisible();

    // Identity photos: chosen, compressed in the browser, sent, then waiting for review.
    const identity = page.locator('#identity-verification');
    await identity.getByRole('button', { name: kyc(locale, 'notSubmitted.start') }).click();
    const slots = [
      ['front', { r: 200, g: 90, b: 40 }],
      ['back', { r: 40, g: 90, b: 200 }],
      ['handheld', { r: 40, g: 160, b: 90 }],
    ] as const;
    for (const [index, [slot, colour]] of slots.entries()) {
      await identity
        .locator('input[type=file]')
        .nth(index)
        .setInputFiles(await photoFile(`${slot}.png`, colour));
      await expect(identity.getByRole('img', { name: kyc(locale, `photos.${slot}`) })).toBeVisible();
    }
    await identity.getByRole('button', { name: kyc(locale, 'form.submit') }).click();
    await expect(identity.getByText(kyc(locale, 'pendingReview.message'))).toBeVisible();

    // Deposit now asks for a bank card; the card is bound in the player's own name.
    await page
      .getByRole('navigation', { name: text(locale, 'layout.sectionMenu') })
      .getByRole('link', { name: text(locale, 'menu.deposit'), exact: true })
      .click();
    await expect(page.getByText(user(locale, 'gates.bankCard.message'))).toBeVisible();
    await page.getByRole('link', { name: user(locale, 'gates.bankCard.action') }).click();
    await page.getByRole('button', { name: finance(locale, 'cards.bind') }).click();
    const dialog = page.getByRole('dialog', { name: finance(locale, 'cards.bindTitle') });
    await dialog.getByRole('combobox', { name: finance(locale, 'cards.fields.bankCode') }).click();
    await page.getByRole('option', { name: /\(0005\)$/ }).click();
    await dialog.getByRole('textbox', { name: finance(locale, 'cards.fields.cardNumber') }).fill('12345');
    await dialog.getByRole('textbox', { name: finance(locale, 'cards.fields.branchCode') }).fill('123');
    await dialog.getByRole('textbox', { name: finance(locale, 'cards.fields.branchName') }).fill('渋谷支店');
    await expect(dialog.getByRole('textbox', { name: finance(locale, 'cards.fields.holderLastName') })).toHaveValue(
      '山田',
    );
    // An account is bound to one player only; each run binds its own (never ending in 0000, which the sandbox bank closes).
    const accountNumber = `${100_000 + Math.floor(Math.random() * 900_000)}1`;
    await dialog.getByRole('textbox', { name: finance(locale, 'cards.fields.cardNumber') }).fill(accountNumber);
    await dialog.getByRole('button', { name: finance(locale, 'cards.submit'), exact: true }).click();
    await expect(page.getByRole('article', { name: new RegExp(`\\*{4}${accountNumber.slice(-4)}$`) })).toBeVisible();
    await expect(page.getByText(finance(locale, 'cards.bound'), { exact: true })).toBeVisible();

    await page.goto('/user/pay-password');
    await page.getByLabel(user(locale, 'fields.password'), { exact: true }).fill(password);
    await page.getByLabel(user(locale, 'fields.newPayPassword')).fill(payPassword);
    await page.getByLabel(user(locale, 'fields.confirmPayPassword')).fill(payPassword);
    await page.getByRole('button', { name: user(locale, 'payPassword.submit') }).click();
    await expect(page.getByText(user(locale, 'payPassword.done.title'), { exact: true })).toBeVisible();
    await expect(page.getByText(user(locale, 'payPassword.saved'), { exact: true })).toBeVisible();

    // The deposit: notices, the coins the amount buys, the checkout in a new tab, the coins arriving.
    await page.goto('/user/finance/deposit');
    const yen = new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY', currencyDisplay: 'name' }).format(
      1,
    );
    await expect(page.getByTestId('exchange-ratio')).toHaveText(
      text(locale, 'home:exchange.ratioOf', { money: yen, count: 1 }),
    );
    await expect(page.getByText(text(locale, 'home:exchange.depositTip'))).toBeVisible();
    const amount = page.getByRole('textbox', { name: finance(locale, 'deposit.fields.amount') });
    await amount.fill('500');
    await page.getByRole('button', { name: finance(locale, 'deposit.submit'), exact: true }).click();
    await expect(page.getByText(withNumber(finance(locale, 'validation.amountMin'), 'min', '1,000'))).toBeVisible();
    await page.getByRole('button', { name: finance(locale, 'units.yenAmount', { amount: '5,000' }) }).click();
    await expect(page.getByTestId('deposit-credited')).toHaveText(
      finance(locale, 'deposit.quote.credited', { coins: '5,000' }),
    );
    const checkoutOpens = page.waitForEvent('popup');
    await page.getByRole('button', { name: finance(locale, 'deposit.submit'), exact: true }).click();
    const checkout = await checkoutOpens;
    await expect(checkout.getByTestId('amount')).toHaveText('¥5,000');
    await expect(page.getByText(finance(locale, 'depositStatus.pendingPayment'))).toBeVisible();
    await expect(page.getByRole('link', { name: finance(locale, 'deposit.pending.openCheckout') })).toHaveAttribute(
      'href',
      checkout.url(),
    );
    await checkout.getByRole('button', { name: /^Pay / }).click();
    // The provider sends the payer back to the deposit page, which follows that order.
    await expect(checkout).toHaveURL(/\/user\/finance\/deposit\?orderSn=/);
    await expect(checkout.getByText(finance(locale, 'depositStatus.paymentSuccessful'))).toBeVisible();
    await checkout.close();
    // The first tab sees the payment without a reload.
    await runClockUntilVisible(
      page,
      page.getByText(finance(locale, 'deposit.outcome.paymentSuccessful', { coins: '5,000' })),
      15_000,
    );
    await expectHeaderBalance(page, locale, '5,000');

    // The records tell the same story.
    await page.getByRole('link', { name: finance(locale, 'deposit.toRecords') }).click();
    const deposits = page.getByRole('table', { name: record(locale, 'tabs.deposits') });
    await expect(deposits.getByText(record(locale, 'status.paymentSuccessful'))).toBeVisible();
    await page.getByRole('tab', { name: record(locale, 'tabs.movements') }).click();
    const movements = page.getByRole('table', { name: record(locale, 'tabs.movements') });
    await expect(movements.getByText('+5,000')).toBeVisible();

    // Withdrawal waits for the identity review.
    await page.goto('/user/finance/withdraw');
    await expect(page.getByText(finance(locale, 'withdraw.kyc.pendingReview'))).toBeVisible();
  });
}
