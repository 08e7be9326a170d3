/**
 * How to play and the paytable (遊び方・配当表), built from the loaded title's rules: each symbol's
 * art, name, pays per count in its row's unit and note, the rule paragraphs with the title's own
 * numbers filled in, and the stated RTP, volatility and largest win.
 */

import { settings } from '@games/engine/pachislot';
import type { PaytableRow } from '@games/engine/title';
import { isRoundTitle } from '@games/studio-title';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './paytable-dialog.module.css';
import { SymbolImage } from './symbol-art';
import { type SymbolArt, useLoadedTitle } from './title-context';
import { fillParagraph, localText, rulesOf, usePageLocale } from './title-rules';

function PaytableRowView({ row, art, format }: { row: PaytableRow; art: SymbolArt; format: (n: number) => string }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const name = localText(row.name, locale);
  return (
    <tr data-symbol={row.symbol}>
      <th scope="row">
        <span className={styles.art} aria-hidden="true">
          <SymbolImage id={row.symbol} art={art} />
        </span>
        {name}
      </th>
      <td>
        <ul className={styles.pays}>
          {[...row.pays]
            .sort((a, b) => b.count - a.count)
            .map((pay) => (
              <li key={pay.count}>{t(`paytable.pays.${row.unit}`, { count: pay.count, pay: format(pay.pay) })}</li>
            ))}
        </ul>
        {row.note ? <p className={styles.note}>{localText(row.note, locale)}</p> : null}
      </td>
    </tr>
  );
}

export function PaytableDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const { title, art } = useLoadedTitle();
  const rules = rulesOf(title);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const rtp = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 });
  return (
    <div className={styles.backdrop}>
      <section
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="paytable-title"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <header className={styles.header}>
          <h2 id="paytable-title">{t('paytable.title')}</h2>
          <button ref={close} type="button" className={styles.close} onClick={onClose}>
            {t('paytable.close')}
          </button>
        </header>
        <p className={styles.name}>{title.names[locale]}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('paytable.rtp')}</dt>
            <dd data-testid="stated-rtp">{rtp.format(title.rtpBasisPoints / 10_000)}</dd>
          </div>
          <div>
            <dt>{t('paytable.volatility.label')}</dt>
            <dd data-testid="volatility">{t(`paytable.volatility.${title.volatility}`)}</dd>
          </div>
          <div>
            <dt>{t('paytable.maxWin')}</dt>
            <dd>{t('paytable.timesStake', { multiplier: number.format(title.maxWinMultiplier) })}</dd>
          </div>
        </dl>
        {title.kind === 'pachislot' && !isRoundTitle(title) ? (
          <table className={styles.table} data-testid="settings">
            <caption>{t('pachislot.settings')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pachislot.setting')}</th>
                <th scope="col">{t('paytable.rtp')}</th>
              </tr>
            </thead>
            <tbody>
              {title.rtpBasisPointsBySetting.map((basisPoints, index) => (
                <tr key={settings[index]} data-setting={settings[index]}>
                  <th scope="row">{t('pachislot.settingNumber', { setting: settings[index] })}</th>
                  <td>{rtp.format(basisPoints / 10_000)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {rules && rules.paytable.length > 0 ? (
          <table className={styles.table}>
            <caption>{t('paytable.paytable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('paytable.symbol')}</th>
                <th scope="col">{t('paytable.pay')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.paytable.map((row) => (
                <PaytableRowView key={row.symbol} row={row} art={art} format={(n) => number.format(n)} />
              ))}
            </tbody>
          </table>
        ) : null}
        {rules && rules.paragraphs.length > 0 ? (
          <section aria-labelledby="rules-title" className={styles.rules}>
            <h3 id="rules-title">{t('paytable.rules')}</h3>
            {rules.paragraphs.map((paragraph) => {
              const text = fillParagraph(localText(paragraph, locale), rules.values, (n) => number.format(n));
              return <p key={text}>{text}</p>;
            })}
          </section>
        ) : null}
        <p className={styles.note}>
          {t('paytable.rtpNote')}
          {title.kind === 'pachislot' ? ` ${t('pachislot.settingsNote')}` : null}
        </p>
      </section>
    </div>
  );
}
