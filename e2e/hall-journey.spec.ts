import type { HallGame } from '@contract/hall';
import type { Page } from '@playwright/test';
import {
  apiCaller,
  expect,
  expectHeaderBalance,
  fundedPlayer,
  openSignedInDeskTab,
  pathOf,
  runClockUntilVisible,
  test,
  text,
  useLanguage,
} from './fixtures';

/**
 * A new player's evening in the game hall, in Japanese on the slot and in English on the pachinko
 * (docs/requirements.md §10 and §11): a sandbox deposit, the hall, a machine taken through the
 * springboard, twenty rounds auto-spun in the studio's page inside it, the server seed rotated, then
 * the records, the header's balance and the operator desk all telling the same story, and one
 * round verified from the records. While the rounds are auto-spun, the page's clock is moved on, so
 * the reels' animation and the pause between rounds take no real time (studio-round.spec.ts plays
 * rounds in real time).
 */

const password = 'Evening-Play-8q2';

interface GameTotals {
  totalBet: number;
  totalWin: number;
  totalProfitLoss: number;
  recordCount: number;
}

const plays = [
  { locale: 'ja-JP', kind: 'slot' },
  { locale: 'en-US', kind: 'pachinko' },
] as const;

/** The value shown under a label of the records' totals. */
function totalOf(page: Page, totals: string, label: string) {
  return page
    .getByRole('group', { name: totals, exact: true })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');
}

for (const { locale, kind } of plays) {
  test(`a new player deposits, plays twenty rounds of ${kind}, and records and desk agree (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const say = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
    const coins = (amount: number) => new Intl.NumberFormat(locale).format(amount);
    const call = apiCaller(request, locale);
    const { token, account } = await fundedPlayer(request, call, password);
    const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token });
    const game = hall.find((entry) => entry.kind === kind && entry.machines.some((m) => m.state === 'free'));
    // The last free machine: the other game specs take the first ones, so the two workers rarely meet.
    const machine = game?.machines.findLast((entry) => entry.state === 'free');
    if (!game || !machine) throw new Error(`the hall has no free ${kind} machine`);

    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    // The clock of the page and its frame runs as a real one until the auto-spins move it on.
    await page.clock.install();
    await page.goto(`/amigo?game=${game.code}`);
    await page
      .getByRole('region', { name: game.name })
      .getByRole('link', { name: say('hall:machine.playName', { game: game.name, number: machine.number }) })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/amigo-springboard');

    // The studio's page, framed by the springboard, plays twenty rounds in two auto-spins of ten.
    const studio = page.frameLocator('iframe');
    await expect(studio.getByTestId('balance')).toHaveText(coins(5_000), { timeout: 20_000 });
    for (let run = 0; run < 2; run += 1) {
      await studio.getByRole('button', { name: say('studio:auto.open') }).click();
      // The dialog speaks of the kind's own action: spins, or rounds of balls.
      const ofKind = (key: string) => (kind === 'slot' ? key : `${key}_${kind}`);
      const dialog = studio.getByRole('dialog', { name: say(ofKind('studio:auto.title')) });
      await dialog.getByRole('button', { name: '10', exact: true }).click();
      await dialog.getByRole('button', { name: say(ofKind('studio:auto.start')) }).click();
      const played = say(ofKind('studio:auto.played'), { count: 10 });
      await runClockUntilVisible(page, studio.getByText(say('studio:auto.stopped.count', { played })), 120_000);
    }
    if (kind === 'pachinko') {
      // The display shows the last round's held spin (or blanks when no ball reached the start pocket) and its mode.
      const display = studio.getByRole('region', { name: say('studio:pachinko.display') });
      await expect(display.getByTestId('lottery-digits')).toHaveText(/^([1-9]{3}|–{3})$/);
      const modes = ['normal', 'kakuhen', 'jitan', 'st'].map((mode) => say(`studio:pachinko.mode.${mode}`));
      await expect(display.getByTestId('lottery-mode')).toHaveText(new RegExp(`^(${modes.join('|')})`));
    }
    // Retiring the server seed reveals it, so every round of the visit can be recomputed.
    await studio.getByText(say('studio:fairness.title')).click();
    await studio.getByRole('button', { name: say('studio:fairness.rotate') }).click();
    await expect(studio.getByTestId('revealed-seed')).toContainText(say('studio:fairness.revealed', { rounds: 20 }));

    const totals = await call<GameTotals>('/v2/app/record/game/record/count', {}, { token });
    expect(totals.recordCount).toBe(20);
    expect(totals.totalProfitLoss).toBe(totals.totalWin - totals.totalBet);
    const balance = 5_000 + totals.totalProfitLoss;
    await expect(studio.getByTestId('balance')).toHaveText(coins(balance));
    await page.getByRole('button', { name: say('hall:springboard.leave') }).click();
    await expect.poll(() => pathOf(page)).toBe('/amigo');
    await expectHeaderBalance(page, locale, coins(balance));

    // The records: twenty rounds with the same totals, and one of them verified.
    await page.goto('/user/record?tab=games');
    const totalsLabel = say('record:totals.title');
    await expect(totalOf(page, totalsLabel, say('record:totals.rounds'))).toHaveText(coins(20));
    await expect(totalOf(page, totalsLabel, say('record:totals.bet'))).toHaveText(coins(totals.totalBet));
    await expect(totalOf(page, totalsLabel, say('record:totals.win'))).toHaveText(coins(totals.totalWin));
    await expect(totalOf(page, totalsLabel, say('record:totals.profitLoss'))).toHaveText(coins(totals.totalProfitLoss));
    const verifyOpens = page.waitForEvent('popup');
    await page
      .getByRole('table', { name: say('record:tabs.games') })
      .getByRole('link', { name: say('record:verifyRound') })
      .first()
      .click();
    const verify = await verifyOpens;
    await expect(verify.getByTestId('commitmentCheck')).toHaveText(`✓ ${say('studio:verify.commitmentCheck.pass')}`);
    await expect(verify.getByTestId('outcomeCheck')).toHaveText(`✓ ${say('studio:verify.outcomeCheck.pass')}`);

    // The desk sees the same rounds: the house won what the player lost.
    const { desk, deskErrors } = await openSignedInDeskTab(page, request, locale);
    await desk.goto(`/admin/rounds?keyword=${account}`);
    await expect(desk.getByTestId('round-sums')).toHaveText(
      say('admin:rounds.sums', {
        bet: coins(totals.totalBet),
        win: coins(totals.totalWin),
        profit: coins(totals.totalBet - totals.totalWin),
      }),
    );
    expect(deskErrors).toEqual([]);
  });
}
