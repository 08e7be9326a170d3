import type { Locale } from '@contract/locales';
import * as OTPAuth from 'otpauth';
import { apiCaller, captchaText, expect, registeredPlayer, test, text, useLanguage } from './fixtures';

/**
 * The app key and the app sign-in (docs/requirements.md §14): the key is bound with a code the
 * test computes from the secret the page shows, as an authenticator app would.
 */

const password = 'Maple leaf 2026!';

for (const locale of ['ja-JP', 'en-US'] as const satisfies Locale[]) {
  const say = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);

  test(`[${locale}] the app key is bound with a code of the secret shown`, async ({ page, request }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);

    await page.goto('/user/app-key');
    await expect(page.getByRole('heading', { name: say('account:appKey.title') })).toBeVisible();
    await expect(page.getByRole('img', { name: say('app-access:key.qrLabel') })).toBeVisible();
    const secret = await page.getByLabel(say('app-access:key.secret')).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel(say('app-access:key.code')).fill(totp.generate());
    await page.getByRole('button', { name: say('app-access:key.bind') }).click();
    await expect(page.getByTestId('app-key-status')).toHaveText(say('app-access:key.bound'));
    await expect(page.getByLabel(say('app-access:key.secret'))).toBeHidden();
    // Still bound after a reload: it is the server's state.
    await page.reload();
    await expect(page.getByTestId('app-key-status')).toHaveText(say('app-access:key.bound'));

    // The code step of the web sign-in turns on with a newer code, at once, and stays on.
    const webSignIn = page.getByRole('switch', { name: say('app-access:key.webSignIn') });
    await expect(webSignIn).toBeDisabled();
    await page.getByLabel(say('app-access:key.code')).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await webSignIn.check();
    await expect(page.getByText(say('app-access:key.webSignInChanged'))).toBeVisible();
    await expect(page.getByLabel(say('app-access:key.code'))).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('switch', { name: say('app-access:key.webSignIn') })).toBeChecked();
  });

  test(`[${locale}] the app asks with the code shown, the player approves it there, and the page follows it`, async ({
    page,
    request,
  }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);

    await page.goto('/user/app-login');
    await expect(page.getByRole('heading', { name: say('account:appLogin.title') })).toBeVisible();
    await expect(page.getByRole('img', { name: say('app-access:appLogin.qrLabel') })).toBeVisible();
    await expect(page.getByText(say('app-access:appLogin.waiting'))).toBeVisible();
    const loginCode = (await page.getByTestId('app-login-code').textContent()) ?? '';
    expect(loginCode).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The companion app's side: it asks with the code and its name, and waits for the player.
    const device = 'Pixel 8';
    const { requestToken } = await call<{ requestToken: string }>('/v2/app/login/qr/exchange', { loginCode, device });
    const pending = await call<{ status: string; token: string | null }>('/v2/app/login/qr/claim', {
      loginCode,
      requestToken,
    });
    expect(pending).toMatchObject({ status: 'awaitingApproval', token: null });

    const question = page.getByRole('group', { name: say('app-access:appLogin.confirmQuestion', { device }) });
    await expect(question).toBeVisible();
    await expect(page.getByTestId('app-login-code')).toBeHidden();
    await question.getByRole('button', { name: say('app-access:appLogin.approve') }).click();
    await expect(page.getByText(say('app-access:appLogin.approved'))).toBeVisible();

    const { token } = await call<{ token: string }>('/v2/app/login/qr/claim', { loginCode, requestToken });
    const info = await call<{ username: string }>('/v2/app/user/get/info', {}, { token });
    expect(info.username).toBe(player.account);

    await expect(page.getByText(say('app-access:appLogin.signedIn'))).toBeVisible();
    await expect(page.getByTestId('app-login-code')).toBeHidden();
  });

  test(`[${locale}] a refused app sign-in opens no session`, async ({ page, request }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await useLanguage(page, locale);
    await page.addInitScript((token) => localStorage.setItem('token', token), player.token);
    await page.goto('/user/app-login');
    const loginCode = (await page.getByTestId('app-login-code').textContent()) ?? '';
    await call('/v2/app/login/qr/exchange', { loginCode });

    const question = page.getByRole('group', { name: say('app-access:appLogin.confirmQuestionUnnamed') });
    await question.getByRole('button', { name: say('app-access:appLogin.refuse') }).click();
    await expect(page.getByText(say('app-access:appLogin.refused'))).toBeVisible();
    // The app's own answer (refused on its code field) is the browser pair's test in app-access-installable.
    const standing = await call<{ status: string }>(
      '/v2/app/user/login/qr/status',
      { loginCode },
      { token: player.token },
    );
    expect(standing.status).toBe('refused');
  });

  test(`[${locale}] with the code step on, the sign-in asks for a current code`, async ({ page, request }) => {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    const { secret } = await call<{ secret: string }>('/v2/app/user/google/key', {}, { token: player.token });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    // Codes of the step before, this one and the next are all accepted, each newer than the last.
    const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    await call('/v2/app/user/google/key/bind', { totpCode: codeAt(-1) }, { token: player.token });
    await call('/v2/app/user/google/key/web-sign-in', { enabled: true, totpCode: codeAt(0) }, { token: player.token });

    await useLanguage(page, locale);
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: say('auth.login') })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: say('auth:labels.account'), exact: true }).fill(player.account);
    await dialog.getByLabel(say('auth:labels.password'), { exact: true }).fill(password);
    await dialog.getByRole('textbox', { name: say('auth:labels.captcha'), exact: true }).fill(captchaText);
    await dialog.getByRole('button', { name: say('auth:login.submit') }).click();

    const codeStep = dialog.getByRole('form', { name: say('app-access:signIn.codeTitle') });
    await expect(codeStep.getByText(say('app-access:signIn.codeIntro'))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await codeStep.getByLabel(say('app-access:key.code'), { exact: false }).fill(codeAt(1));
    await codeStep.getByRole('button', { name: say('app-access:signIn.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: say('layout.userMenu') })).toBeVisible();
  });
}
