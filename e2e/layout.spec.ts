import { type Locale, locales } from '@contract/locales';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { apiCaller, expect, fundedPlayer, mailedCode, openSignedInDeskTab, test, text, useLanguage } from './fixtures';

/**
 * Nothing clipped (docs/requirements.md §2.9): the main pages at 1280 × 800 and 390 × 844, in every
 * language, with no horizontal page overflow, no button, badge, tab, table header or navigation
 * link whose text is cut or broken one character a line, no lettering cropped out of the sign-in
 * dialog's artwork, a records list whose status shows on a phone, and a desk sidebar lighting
 * exactly one item. A page found wrong has its full-page screenshot attached to the report for a
 * person to look at; nothing compares pixels. One test per language and size keeps the run short:
 * the player and the operator session are made once per worker.
 */

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const password = 'Layout-2024!';

/** One funded player per worker, with one paid deposit and one awaiting payment, signed in once. */
let player: Promise<string> | null = null;
function layoutPlayerToken(request: APIRequestContext): Promise<string> {
  player ??= (async () => {
    const call = apiCaller(request, 'ja-JP');
    const funded = await fundedPlayer(request, call, password, 3_000);
    const card = await call<{ id: number }>('/v2/app/user/get/bank', {}, { token: funded.token });
    const channels = await call<{ id: string; mode: string }[]>('/v2/app/pay/query', {}, { token: funded.token });
    const automatic = channels.find((channel) => channel.mode === 'automatic');
    await call(
      '/v2/app/pay/order',
      { channelId: automatic?.id, amount: 2_000, bankCardId: card.id },
      { token: funded.token, idempotencyKey: crypto.randomUUID() },
    );
    return funded.token;
  })();
  player.catch(() => {
    player = null;
  });
  return player;
}

/** What is wrong with the page's layout as the browser laid it out, one line per problem. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const nameOf = (element: Element) =>
    `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/)[0]}` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > window.innerWidth)
    problems.push(`the page scrolls sideways: ${page.scrollWidth} px wide in a ${window.innerWidth} px window`);

  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // Visually hidden text (1 px, clipped on purpose) is for screen readers, not cut.
    return box.width > 2 && box.height > 2 && style.visibility !== 'hidden' && style.clip === 'auto';
  };
  const controls = document.querySelectorAll(
    'button, [role="button"], [role="tab"], a.mantine-Button-root, .mantine-Badge-root, th, nav a, .mantine-NavLink-root',
  );
  for (const control of controls) {
    if (!shown(control) || (control.textContent ?? '').trim() === '') continue;
    // A frame that hides what overflows it (not one that scrolls) and shows only part of the control.
    const box = control.getBoundingClientRect();
    for (let frame = control.parentElement; frame; frame = frame.parentElement) {
      const style = getComputedStyle(frame);
      // Inside a region that scrolls, the rest of the control is a swipe away.
      if (/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) break;
      if (!['hidden', 'clip'].includes(style.overflowX) && !['hidden', 'clip'].includes(style.overflowY)) continue;
      const edge = frame.getBoundingClientRect();
      const overlaps = box.right > edge.left && box.left < edge.right && box.bottom > edge.top && box.top < edge.bottom;
      const inside =
        box.left >= edge.left - 1 &&
        box.right <= edge.right + 1 &&
        box.top >= edge.top - 1 &&
        box.bottom <= edge.bottom + 1;
      if (overlaps && !inside) {
        problems.push(`partly hidden by ${nameOf(frame)}: ${nameOf(control)}`);
        break;
      }
    }
    for (const part of [control, ...control.querySelectorAll('*')]) {
      if (!shown(part)) continue;
      const style = getComputedStyle(part);
      const cutsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const cutsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if ((cutsX && part.scrollWidth > part.clientWidth + 1) || (cutsY && part.scrollHeight > part.clientHeight + 1)) {
        problems.push(`text cut: ${nameOf(control)}`);
        break;
      }
    }
  }

  for (const header of document.querySelectorAll('th')) {
    const label = (header.textContent ?? '').trim();
    if (!shown(header) || label === '' || label.length > 16) continue;
    const range = document.createRange();
    range.selectNodeContents(header);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
    if (lines.size > 1) problems.push(`table header broken over ${lines.size} lines: ${nameOf(header)}`);
  }
  return problems;
}

async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  // Fonts and late images settle the layout before it is measured.
  await page.evaluate(() => document.fonts.ready);
  const problems = (await page.evaluate(layoutProblems)).map((problem) => `${name}: ${problem}`);
  if (problems.length > 0) {
    // The page as it was found wrong, for a person to look at (a full-page picture costs Chromium a
    // second, so a page found whole gets none).
    const file = testInfo.outputPath(`${name.replace(/[^\w]+/g, '-')}.jpeg`);
    await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 70 });
    await testInfo.attach(name, { path: file, contentType: 'image/jpeg' });
  }
  return problems;
}

/**
 * Drawings with letters in them (SVG `<text>`) set as a background in the dialog, and how much of
 * each the frame cuts off: `cover` crops a drawing whose proportions differ from its frame's.
 */
async function artworkCut(): Promise<string[]> {
  const problems: string[] = [];
  for (const element of document.querySelectorAll('[role="dialog"] *')) {
    const style = getComputedStyle(element);
    const url = /url\("?([^")]+\.svg)"?\)/.exec(style.backgroundImage)?.[1];
    if (!url) continue;
    // Cropping a drawing without letters cuts no word.
    if (!/<text[\s>]/.test(await (await fetch(url)).text())) continue;
    const image = new Image();
    image.src = url;
    await image.decode();
    const box = element.getBoundingClientRect();
    const scaled = style.backgroundSize === 'cover' ? Math.max : style.backgroundSize === 'contain' ? Math.min : null;
    const scale = scaled ? scaled(box.width / image.naturalWidth, box.height / image.naturalHeight) : 1;
    const [width, height] = [image.naturalWidth * scale, image.naturalHeight * scale];
    if (width > box.width + 1 || height > box.height + 1)
      problems.push(
        `the lettering of ${url} is drawn ${Math.round(width)}×${Math.round(height)} px in a ${Math.round(box.width)}×${Math.round(box.height)} px frame`,
      );
  }
  return problems;
}

/** Registration's second step in the sign-in dialog, reached with a mailed code. */
async function openRegistrationStepTwo(page: Page, request: APIRequestContext, locale: Locale): Promise<void> {
  const email = `layout${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.jp`;
  const auth = (key: string) => text(locale, `auth:${key}`);
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: text(locale, 'auth.register') })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: auth('labels.email'), exact: true }).fill(email);
  await dialog.getByRole('button', { name: auth('sendCode.send') }).click();
  await dialog.getByRole('textbox', { name: auth('labels.code'), exact: true }).fill(await mailedCode(request, email));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: auth('register.next') }).click();
  await expect(dialog.getByRole('form', { name: auth('register.accountStep') })).toBeVisible();
}

/** Where the first status badge of the records sits against the window and what clips it sideways. */
function statusOutOfSight(label: string): string | null {
  const badge = [...document.querySelectorAll('.mantine-Badge-root')].find(
    (element) => (element.textContent ?? '').trim() === label,
  );
  if (!badge) return `no status "${label}" in the records`;
  const box = badge.getBoundingClientRect();
  let left = 0;
  let right = window.innerWidth;
  for (let parent = badge.parentElement; parent; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX === 'visible') continue;
    const frame = parent.getBoundingClientRect();
    left = Math.max(left, frame.left);
    right = Math.min(right, frame.right);
  }
  return box.left >= left - 1 && box.right <= right + 1
    ? null
    : `status "${label}" at ${Math.round(box.left)}–${Math.round(box.right)} px, visible part ${Math.round(left)}–${Math.round(right)} px`;
}

/** The desk sidebar's lit items: Mantine's active mark and the link's aria-current. */
function litDeskItems(): { active: string[]; current: string[] } {
  const nav = document.querySelector('nav');
  const names = (selector: string) =>
    [...(nav?.querySelectorAll(selector) ?? [])].map((element) => (element.textContent ?? '').trim());
  return { active: names('a[data-active]'), current: names('a[aria-current="page"]') };
}

for (const size of sizes) {
  for (const locale of locales) {
    test(`main pages show every text whole at ${size.width} px (${locale})`, async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, locale);
      const problems: string[] = [];
      const check = async (name: string) =>
        problems.push(...(await checkPage(page, testInfo, `${name}, ${size.name}`)));

      await openRegistrationStepTwo(page, request, locale);
      await check('registration step 2');
      problems.push(
        ...(await page.evaluate(artworkCut)).map((problem) => `registration step 2, ${size.name}: ${problem}`),
      );

      const token = await layoutPlayerToken(request);
      await page.evaluate((stored) => localStorage.setItem('token', stored), token);
      const heading = (key: string) => page.getByRole('heading', { level: 1, name: text(locale, key) });
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('button', { name: text(locale, 'auth.register') })).toBeHidden();
      await check('home');
      await page.goto('/user/user-center');
      await expect(page.getByTestId('balance')).toBeVisible();
      await check('user centre');
      await page.goto('/user/finance/deposit');
      await expect(heading('account:deposit.title')).toBeVisible();
      await check('deposit');
      await page.goto('/user/finance/withdraw');
      await expect(heading('account:withdraw.title')).toBeVisible();
      await check('withdraw');
      await page.goto('/user/record');
      const paid = text(locale, 'record:status.paymentSuccessful');
      // The status badge itself: the status filter's options carry the same words before the records load.
      await expect(page.locator('.mantine-Badge-root').getByText(paid, { exact: true }).first()).toBeAttached();
      await check('records');
      const statusProblem = await page.evaluate(statusOutOfSight, paid);
      if (statusProblem) problems.push(`records, ${size.name}: ${statusProblem}`);
      await page.goto('/user/account-setting');
      await expect(heading('account:accountSetting.title')).toBeVisible();
      await check('account settings');
      await page.goto('/agent/agent-center');
      await expect(heading('agent:center.title')).toBeVisible();
      await check('agent centre');

      const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
      await desk.setViewportSize({ width: size.width, height: size.height });
      for (const [name, path, key] of [
        ['desk home', '/admin', 'overview.title'],
        ['desk withdrawals', '/admin/withdrawals', 'withdrawals.title'],
      ] as const) {
        await desk.goto(path);
        await expect(desk.getByRole('heading', { level: 1, name: text(locale, `admin:${key}`) })).toBeVisible();
        problems.push(...(await checkPage(desk, testInfo, `${name}, ${size.name}`)));
        const lit = await desk.evaluate(litDeskItems);
        if (lit.active.length !== 1 || lit.current.length !== 1 || lit.active[0] !== lit.current[0])
          problems.push(`${name}, ${size.name}: the sidebar lights ${JSON.stringify(lit)}`);
      }
      expect(deskErrors).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
}
