import { apiCaller, depositThroughSandbox, expect, registeredPlayer, test, text } from './fixtures';

/**
 * A bank transfer's instructions are what the player needs until the money is sent
 * (docs/requirements.md §5.11): they stay on the page, and an open order's record row leads back to
 * them.
 */

const locale = 'en-US';
const say = (key: string) => text(locale, key);

test('an open bank transfer leads from its record back to its instructions, which stay', async ({ page, request }) => {
  const call = apiCaller(request, locale);
  const player = await registeredPlayer(request, call, 'Maple leaf 2026!');
  await depositThroughSandbox(request, call, player.token, 1_000);
  const cards = await call<{ id: number }[]>('/v2/app/user/bank', {}, { token: player.token });
  const { order } = await call<{ order: { orderSn: string } }>(
    '/v2/app/pay/order',
    { channelId: 'bank-transfer', amount: 3_000, bankCardId: cards[0]?.id },
    { token: player.token, idempotencyKey: crypto.randomUUID() },
  );

  // The clock runs as a real one; the page's next checks of the order are brought forward below.
  await page.clock.install();
  await page.addInitScript(
    ([token, lng]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('lang', lng);
    },
    [player.token, locale] as const,
  );
  let orderChecks = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/v2/app/pay/order/get') orderChecks += 1;
  });
  await page.goto('/user/record');
  const row = page.getByRole('table', { name: say('record:tabs.deposits') }).getByRole('row', {
    name: new RegExp(order.orderSn),
  });
  await row.getByRole('link', { name: say('record:howToPay') }).click();
  const instructions = page.getByLabel(say('finance:deposit.transfer.title'));
  await expect(instructions).toContainText(order.orderSn);
  // The yen to send is said, each fact copies with one press, and the page says it waits for the player.
  await expect(page.getByText(say('finance:deposit.transfer.waiting'), { exact: true })).toBeVisible();
  await expect(instructions).toContainText('3,000');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const copyOf = (field: string) =>
    instructions.getByRole('button', { name: text(locale, 'finance:deposit.transfer.copy', { field: say(field) }) });
  await copyOf('finance:deposit.transfer.amount').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('3000');
  await copyOf('finance:deposit.transfer.note').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(order.orderSn);
  // The page goes on following the order (and the profile refreshes): the instructions stay through
  // two more checks of it (the second is asked for only once the first has been taken in).
  const shownAfter = orderChecks;
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return orderChecks;
      },
      { intervals: [100] },
    )
    .toBeGreaterThanOrEqual(shownAfter + 2);
  await expect(instructions).toContainText(order.orderSn);
});
