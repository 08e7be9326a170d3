import { locales } from '@contract/locales';
import { linesExactFigures } from '@games/engine/lines-exact';
import { percentText } from '@games/engine/ratio';
import type { Title } from '@games/engine/title';
import { linePays, sakuraSevensLines, scatterPays } from '@games/titles/sakura-sevens';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initStudioI18n } from '../../studio/page/i18n';
import { PaytableDialog } from '../../studio/page/play/paytable-dialog';
import { TitleContext } from '../../studio/page/play/title-context';
import { cascadeTitle, loaded, sakuraRules, sakuraTitle } from './studio-titles';

/**
 * The paytable and rules dialog, built from a title's rules alone: every paytable row with its art
 * and pays in its unit, the rule paragraphs with the title's numbers filled in, the stated RTP
 * (which for Sakura Sevens is its exact RTP, enumerated here) and the volatility in words.
 */
function openPaytable(title: Title = sakuraTitle, onClose = () => {}) {
  render(
    <TitleContext.Provider value={loaded(title)}>
      <PaytableDialog onClose={onClose} />
    </TitleContext.Provider>,
  );
  return screen.getByRole('dialog');
}

describe('the paytable dialog', () => {
  it('lists every symbol of Sakura Sevens with what 3, 4 and 5 pay, in Japanese', async () => {
    await initStudioI18n('ja-JP');
    const dialog = openPaytable();
    expect(dialog).toHaveAccessibleName('遊び方・配当表');
    expect(within(dialog).getByText('桜セブンズ')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-symbol'))).toEqual(sakuraRules.paytable.map((row) => row.symbol));
    for (const [symbol, pays] of Object.entries(linePays)) {
      const row = rows.find((candidate) => candidate.getAttribute('data-symbol') === symbol)!;
      const texts = within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      const format = new Intl.NumberFormat('ja-JP');
      expect(texts).toEqual(
        [5, 4, 3].map((count) => `${count}個：ライン ベットの${format.format(pays[count - 3]!)}倍`),
      );
      expect(row.querySelector('svg[data-symbol]')).not.toBeNull();
    }
    const scatter = rows.find((row) => row.getAttribute('data-symbol') === 'scatter')!;
    expect(
      within(scatter)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(
      Object.entries(scatterPays)
        .reverse()
        .map(([count, pay]) => `${count}個：総ベットの${pay}倍`),
    );
    expect(scatter).toHaveTextContent('どこに出ても配当があります。');
    expect(within(dialog).getByRole('region', { name: '遊び方' })).toHaveTextContent(
      '5リール・3段・20ラインで、全ラインを常にプレイします。',
    );
  });

  it('states the RTP the exact enumeration gives, and the volatility in words', async () => {
    await initStudioI18n('en-US');
    const { rtp } = linesExactFigures(sakuraSevensLines);
    const dialog = openPaytable();
    expect(within(dialog).getByTestId('stated-rtp')).toHaveTextContent(`${percentText(rtp, 2)}%`);
    expect(sakuraTitle.rtpBasisPoints / 100).toBe(Number(percentText(rtp, 2)));
    expect(within(dialog).getByTestId('volatility')).toHaveTextContent('Low');
  });

  it('speaks every product language, with no key left showing', async () => {
    for (const locale of locales) {
      await initStudioI18n(locale);
      const dialog = openPaytable(cascadeTitle);
      expect(within(dialog).getByText(cascadeTitle.names[locale])).toBeInTheDocument();
      expect(dialog.textContent).not.toMatch(/paytable\.|volatility\.|\{\{/);
      expect(within(dialog).getByTestId('volatility').textContent).not.toBe('');
      const gemRow = within(dialog).getAllByRole('row')[1]!;
      expect(gemRow).toHaveTextContent(cascadeTitle.rules.paytable[0]!.name[locale]);
      expect(gemRow.querySelector('[data-art="gem"]')).not.toBeNull();
      cleanup();
    }
  });

  it('closes on its button and on Escape', async () => {
    await initStudioI18n('ja-JP');
    let closed = 0;
    const dialog = openPaytable(sakuraTitle, () => {
      closed += 1;
    });
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed).toBe(2);
  });
});
