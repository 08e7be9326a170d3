import type { Locale } from '@contract/locales';
import type { Locator, Page } from '@playwright/test';
import { captchaText, expect, pathOf, test, text, useLanguage } from './fixtures';

/**
 * A newcomer in the sign-in dialog, in Japanese and in English: is told where the code went and when
 * another may be asked for, sees a wrong code refused once (on its field, not as a toast as well),
 * registers with the code read from the development mailbox, lands on the first-steps checklist, signs out, fails a sign-in (a new captcha image appears), recovers the
 * password with a code mailed to the same mailbox and signs in with the new password. The test
 * server shows one known captcha text (fixtures' `captchaText`), so both right and wrong answers
 * are the page's own.
 */

const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `auth:${key}`, values);

/** A countdown's text at any number of seconds left, as a pattern. */
const countdown = (locale: Locale, key: string) =>
  new RegExp(
    t(locale, key, { seconds: 999 })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('999', '\\d+'),
  );

const mailboxMessages = (mailbox: Page, recipient: string) =>
  mailbox.locator('article', { hasText: `To: ${recipient}` });

/** How many messages to `recipient` the development mailbox holds. */
async function mailCount(page: Page, recipient: string): Promise<number> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    return await mailboxMessages(mailbox, recipient).count();
  } finally {
    await mailbox.close();
  }
}

/**
 * The code in the newest message to `recipient` on /dev/mailbox, read in a second tab as a newcomer
 * would, once more than `earlier` messages have reached that address.
 */
async function codeFromMailbox(page: Page, recipient: string, earlier: number): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    let code: string | null = null;
    await expect
      .poll(
        async () => {
          await mailbox.goto('/dev/mailbox');
          const messages = mailboxMessages(mailbox, recipient);
          if ((await messages.count()) <= earlier) return null;
          code = /\b(\d{6})\b/.exec((await messages.first().locator('pre').textContent()) ?? '')?.[1] ?? null;
          return code;
        },
        { message: `a code mailed to ${recipient}` },
      )
      .not.toBeNull();
    return code!;
  } finally {
    await mailbox.close();
  }
}

/** Chromium logs every refused call as a console error; this takes one that the journey provoked. */
async function takeExpectedRefusal(pageErrors: string[]) {
  const isRefusal = (entry: string) => entry.includes('the server responded with a status of 400');
  await expect.poll(() => pageErrors.filter(isRefusal).length).toBe(1);
  pageErrors.splice(pageErrors.findIndex(isRefusal), 1);
}

/** The server's sentence for a wrong registration code. */
const wrongCode = (locale: Locale) => text(locale, 'server:auth.codeWrong');

/** A refusal shows in the form, and nowhere else on the page (no toast says it again). */
async function expectSaidOnce(page: Page, form: Locator, sentence: string) {
  await expect(form.getByText(sentence, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: sentence })).toHaveCount(0);
  await expect(page.getByText(sentence, { exact: true })).toHaveCount(1);
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a newcomer registers with a mailed code, signs out, recovers the password by e-mail and signs in with the new one (${locale})`, async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, locale);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const username = `hanako${stamp}`.slice(0, 20);
    const email = `${username}@example.jp`;
    const firstPassword = 'Sakura-2024!';
    const newPassword = 'Momiji-2025?';

    // Registration, step 1: address, code from the mailbox, user agreement.
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(locale, 'auth.register') })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: text(locale, 'auth.register') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const sendCode = dialog.getByRole('button', { name: t(locale, 'sendCode.send') });
    await expect(sendCode).toBeDisabled();
    await dialog.getByRole('textbox', { name: t(locale, 'labels.email'), exact: true }).fill('hanako@');
    await sendCode.click();
    await expect(dialog.getByText(t(locale, 'validation.email'))).toBeVisible();
    await dialog.getByRole('textbox', { name: t(locale, 'labels.email'), exact: true }).fill(email);
    await sendCode.click();
    const sentNotice = dialog.getByRole('status').filter({ hasText: t(locale, 'sendCode.sentTo', { email }) });
    // The wait counts down, however long each step of the test takes on a loaded machine.
    await expect(sentNotice).toContainText(countdown(locale, 'sendCode.nextIn'));
    await expect(dialog.getByRole('button', { name: countdown(locale, 'sendCode.resendIn') })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: t(locale, 'sendCode.resendIn', { seconds: 60 }) })).toHaveCount(0);
    await dialog.getByRole('button', { name: t(locale, 'register.next') }).click();
    await expect(dialog.getByText(t(locale, 'validation.acceptTerms'))).toBeVisible();
    const agreement = dialog.getByRole('link', {
      name: t(locale, 'register.acceptTerms').replace(/.*<agreement>(.*)<\/agreement>.*/, '$1'),
    });
    await expect(agreement).toHaveAttribute('href', '/about/user-agreement');
    await expect(agreement).toHaveAttribute('target', '_blank');
    const mailedCode = await codeFromMailbox(page, email, 0);
    const codeField = dialog.getByRole('textbox', { name: t(locale, 'labels.code'), exact: true });
    await codeField.fill(mailedCode === '000000' ? '111111' : '000000');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: t(locale, 'register.next') }).click();
    await takeExpectedRefusal(pageErrors);
    // The wrong code is said once: on its field, with no toast repeating it.
    await expectSaidOnce(page, dialog.getByRole('form', { name: t(locale, 'register.emailStep') }), wrongCode(locale));
    await codeField.fill(mailedCode);
    await dialog.getByRole('button', { name: t(locale, 'register.next') }).click();

    // Step 2: user name, password twice (with the strength meter), then the account exists.
    const accountStep = dialog.getByRole('form', { name: t(locale, 'register.accountStep') });
    await expect(accountStep).toBeVisible();
    await expect(accountStep.getByRole('textbox', { name: t(locale, 'labels.email'), exact: true })).toHaveValue(email);
    await accountStep.getByRole('textbox', { name: t(locale, 'labels.username'), exact: true }).fill(`${username}_`);
    await accountStep.getByLabel(t(locale, 'labels.password'), { exact: true }).fill('abc');
    await expect(accountStep.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
    await accountStep.getByLabel(t(locale, 'labels.password'), { exact: true }).fill(firstPassword);
    await expect(accountStep.getByRole('meter')).toHaveAttribute('aria-valuenow', '4');
    await accountStep.getByLabel(t(locale, 'labels.confirmPassword'), { exact: true }).fill('Sakura-2024');
    await accountStep.getByRole('button', { name: t(locale, 'register.submit') }).click();
    await expect(accountStep.getByText(t(locale, 'validation.accountFormat'))).toBeVisible();
    await expect(accountStep.getByText(t(locale, 'validation.passwordsMismatch'))).toBeVisible();
    await accountStep.getByRole('textbox', { name: t(locale, 'labels.username'), exact: true }).fill(username);
    await accountStep.getByLabel(t(locale, 'labels.confirmPassword'), { exact: true }).fill(firstPassword);
    await accountStep.getByRole('button', { name: t(locale, 'register.submit') }).click();
    await expect(dialog).toBeHidden();
    const userMenu = page.getByRole('button', { name: text(locale, 'layout.userMenu') });
    await expect(userMenu).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // The newcomer lands on the user centre, the first steps in view, none done yet.
    await expect.poll(() => pathOf(page)).toBe('/user/user-center');
    const firstSteps = page.getByRole('region', { name: text(locale, 'user:center.firstSteps.title') });
    await expect(firstSteps).toBeInViewport();
    await expect(firstSteps.locator('[data-step]')).toHaveCount(4);
    await expect(firstSteps.locator('[data-done="true"]')).toHaveCount(0);
    for (const step of ['identity', 'bankCard', 'payPassword', 'firstDeposit'])
      await expect(firstSteps.getByText(text(locale, `user:center.firstSteps.${step}`), { exact: true })).toBeVisible();

    // Sign out: the token goes, the visitor is at the site root.
    await userMenu.click();
    await page.getByRole('menuitem', { name: text(locale, 'auth.logout') }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: text(locale, 'auth.login') })).toBeVisible();
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A failed sign-in: the captcha is spent and a new image appears.
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(locale, 'auth.login') })
      .click();
    await dialog.getByRole('button', { name: t(locale, 'login.submit') }).click();
    await expect(
      dialog.getByText(t(locale, 'validation.required', { field: t(locale, 'names.account') })),
    ).toBeVisible();
    const captchaImage = dialog.getByRole('img', { name: t(locale, 'captcha.alt') });
    const firstCaptcha = await captchaImage.getAttribute('src');
    await dialog.getByRole('textbox', { name: t(locale, 'labels.account'), exact: true }).fill(username);
    await dialog.getByLabel(t(locale, 'labels.password'), { exact: true }).fill('not-my-password');
    await expect(captchaImage).toBeVisible();
    // Captcha texts never contain 0 (it reads like O), so this answer is always wrong.
    await dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true }).fill('0000');
    await dialog.getByRole('button', { name: t(locale, 'login.submit') }).click();
    await takeExpectedRefusal(pageErrors);
    await expect(captchaImage).not.toHaveAttribute('src', firstCaptcha ?? '');
    await expect(dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true })).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A refused recovery request spends its captcha too: a new image, the answer cleared.
    await dialog.getByRole('button', { name: text(locale, 'authDialog.forgotPassword') }).click();
    await expect(dialog.getByRole('heading', { name: text(locale, 'authDialog.findPassword') })).toBeVisible();
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    await dialog.getByRole('button', { name: t(locale, 'findPassword.sendCode') }).click();
    await expect(
      dialog.getByText(t(locale, 'validation.required', { field: t(locale, 'names.captcha') })),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: t(locale, 'labels.account'), exact: true }).fill(username);
    await expect(captchaImage).toBeVisible();
    const recoveryCaptcha = await captchaImage.getAttribute('src');
    await dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true }).fill('0000');
    await dialog.getByRole('button', { name: t(locale, 'findPassword.sendCode') }).click();
    await takeExpectedRefusal(pageErrors);
    await expect(captchaImage).not.toHaveAttribute('src', recoveryCaptcha ?? '');
    await expect(dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true })).toHaveValue('');
    await expect(dialog.getByRole('form', { name: t(locale, 'findPassword.accountStep') })).toBeVisible();

    // Recovery, step 1: the account and the right captcha answer; the tip says a code is on its way.
    const mailsBeforeRecovery = await mailCount(page, email);
    await dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true }).fill(captchaText);
    await dialog.getByRole('button', { name: t(locale, 'findPassword.sendCode') }).click();
    await expect(page.getByText(t(locale, 'findPassword.codeSent'))).toBeVisible();
    const passwordStep = dialog.getByRole('form', { name: t(locale, 'findPassword.passwordStep') });
    await expect(passwordStep).toBeVisible();
    await expect(passwordStep.getByText(t(locale, 'findPassword.codeIntro', { account: username }))).toBeVisible();

    // Step 2: a wrong code is said once, on its field; then the code from the new mail, the new password twice.
    const resetCode = await codeFromMailbox(page, email, mailsBeforeRecovery);
    const resetCodeField = passwordStep.getByRole('textbox', { name: t(locale, 'labels.code'), exact: true });
    await resetCodeField.fill(resetCode === '000000' ? '111111' : '000000');
    await passwordStep.getByLabel(t(locale, 'labels.newPassword'), { exact: true }).fill(newPassword);
    await passwordStep.getByLabel(t(locale, 'labels.confirmPassword'), { exact: true }).fill(newPassword);
    await passwordStep.getByRole('button', { name: t(locale, 'findPassword.submit') }).click();
    await takeExpectedRefusal(pageErrors);
    await expectSaidOnce(page, passwordStep, text(locale, 'server:auth.codeRefused'));
    await resetCodeField.fill(resetCode);
    await passwordStep.getByLabel(t(locale, 'labels.newPassword'), { exact: true }).fill(newPassword);
    await expect(passwordStep.getByRole('meter')).toHaveAttribute('aria-valuenow', '4');
    await passwordStep.getByLabel(t(locale, 'labels.confirmPassword'), { exact: true }).fill(firstPassword);
    await passwordStep.getByRole('button', { name: t(locale, 'findPassword.submit') }).click();
    await expect(passwordStep.getByText(t(locale, 'validation.passwordsMismatch'))).toBeVisible();
    await passwordStep.getByLabel(t(locale, 'labels.confirmPassword'), { exact: true }).fill(newPassword);
    await passwordStep.getByRole('button', { name: t(locale, 'findPassword.submit') }).click();
    await expect(page.getByText(t(locale, 'findPassword.passwordReset'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The old password no longer opens the account, even with the right captcha answer.
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(locale, 'auth.login') })
      .click();
    await expect(dialog.getByRole('tab', { name: text(locale, 'auth.login') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await dialog.getByRole('textbox', { name: t(locale, 'labels.account'), exact: true }).fill(username);
    await dialog.getByLabel(t(locale, 'labels.password'), { exact: true }).fill(firstPassword);
    await expect(captchaImage).toBeVisible();
    await dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true }).fill(captchaText);
    await dialog.getByRole('button', { name: t(locale, 'login.submit') }).click();
    await takeExpectedRefusal(pageErrors);
    await expect(dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true })).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The new one does: the dialog closes and the header shows the user.
    await dialog.getByLabel(t(locale, 'labels.password'), { exact: true }).fill(newPassword);
    await expect(captchaImage).toBeVisible();
    await dialog.getByRole('textbox', { name: t(locale, 'labels.captcha'), exact: true }).fill(captchaText);
    await dialog.getByRole('button', { name: t(locale, 'login.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(userMenu).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Nothing the dialog stored in the browser holds a password.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const password of [firstPassword, newPassword, 'not-my-password']) expect(stored).not.toContain(password);
  });
}
