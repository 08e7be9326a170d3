import { type Locale, negotiateLocale } from '@contract/locales';
import { studioRoundProof } from '@contract/studio';
import { roundTitle, studioTitles } from '@games/catalogue';
import { isRoundTitle } from '@games/studio-title';

/** The titles a round of can be recomputed from its seeds: a pachislot game also needs its machine's state. */
const roundTitles = studioTitles.filter(isRoundTitle);

import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { useCoins } from '../i18n';
import { pachinkoBallsOf } from '../pachinko-outcome';
import { BallTally, PachinkoBoard } from '../play/pachinko-field';
import { LineWinList, SlotWindow } from '../play/slot-reels';
import { callStudio } from '../studio-api';
import { slotOutcomeOf } from './line-outcome';
import styles from './verify-page.module.css';
import { matchesStored, type Recomputation, recomputeRound, type VerifyValues } from './verify-round';

export type RoundProof = v.InferOutput<typeof studioRoundProof.data>;

/** The studio's proof of a round: its seeds (the server seed once retired) and what it drew. */
export function studioProofLoader(lang: Locale): (roundId: string) => Promise<RoundProof> {
  return (roundId) => callStudio(studioRoundProof, { roundId }, { lang });
}

const emptyValues: VerifyValues = {
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  gameCode: roundTitles[0]?.code ?? '',
  stake: String(roundTitles[0]?.stakes[0] ?? ''),
};

function valuesOf(proof: RoundProof): VerifyValues {
  return {
    serverSeed: proof.serverSeed ?? '',
    clientSeed: proof.clientSeed,
    nonce: String(proof.round.nonce),
    gameCode: roundTitle(proof.gameCode)?.code ?? '',
    stake: String(proof.round.stake),
  };
}

function Check({ passed, label }: { passed: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <p className={passed ? styles.pass : styles.fail} data-testid={label}>
      {passed ? '✓' : '✗'} {t(`verify.${label}.${passed ? 'pass' : 'fail'}`)}
    </p>
  );
}

/** What the seeds draw, as the title's views show it: the reels and their wins, or the balls. */
function Drawn({ stake, outcome }: { stake: number; outcome: RoundProof['round']['outcome'] }) {
  const { t } = useTranslation();
  const slot = slotOutcomeOf({ stake, outcome });
  if (slot)
    return (
      <>
        <p>{t('verify.stops', { stops: slot.stops.join(', ') })}</p>
        <SlotWindow stops={slot.stops} lineWins={slot.lineWins} />
        <LineWinList outcome={slot} />
      </>
    );
  const balls = pachinkoBallsOf({ outcome });
  return balls.length > 0 ? (
    <>
      <PachinkoBoard balls={balls} motion="still" />
      <BallTally balls={balls} />
    </>
  ) : null;
}

function Outcome({ recomputed, stake }: { recomputed: Extract<Recomputation, { ok: true }>; stake: number }) {
  const { t } = useTranslation();
  const coins = useCoins();
  return (
    <section className={styles.card} aria-label={t('verify.recomputed')}>
      <h2>{t('verify.recomputed')}</h2>
      <Drawn stake={stake} outcome={JSON.parse(JSON.stringify(recomputed.outcome))} />
      <p className={styles.win} data-testid="recomputed-win">
        {t('verify.win', { win: coins(recomputed.win) })}
      </p>
      <p>
        {t('verify.commitment')}: <code>{recomputed.commitment}</code>
      </p>
    </section>
  );
}

/**
 * /studio/verify: a round recomputed in the browser from its seeds, under the order the seeds were
 * committed and chosen in. Given `round`, the studio's proof of it fills the form and the result is
 * checked against what was stored and committed; otherwise anyone may paste seeds and see what they
 * draw.
 */
export function VerifyPage({
  roundId,
  loadProof,
}: {
  roundId: string | null;
  loadProof: (roundId: string) => Promise<RoundProof>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<VerifyValues>(emptyValues);
  const { proof, proofState } = useStoredProof(roundId, loadProof, setValues);
  const recomputed = recomputeRound(values);

  return (
    <main className={styles.page}>
      <h1>{t('verify.title')}</h1>
      <p>{t('verify.order')}</p>
      {proofState === 'loading' ? <p role="status">{t('verify.loading')}</p> : null}
      {proofState === 'failed' ? <p role="alert">{t('verify.proofFailed')}</p> : null}
      {proof ? <StoredRound proof={proof} /> : null}
      <SeedForm values={values} onValues={setValues} recomputed={recomputed} />
      {recomputed.ok ? (
        <>
          {proof ? (
            <>
              <Check passed={recomputed.commitment === proof.serverSeedHash} label="commitmentCheck" />
              <Check passed={matchesStored(recomputed.outcome, proof.round)} label="outcomeCheck" />
            </>
          ) : null}
          <Outcome recomputed={recomputed} stake={Number(values.stake)} />
        </>
      ) : (
        <p role="status">{t('verify.fillIn')}</p>
      )}
    </main>
  );
}

/** The studio's proof of the round, when there is one, loaded once; its values fill the form. */
function useStoredProof(
  roundId: string | null,
  loadProof: (roundId: string) => Promise<RoundProof>,
  setValues: (values: VerifyValues) => void,
) {
  const [proof, setProof] = useState<RoundProof | null>(null);
  const [proofState, setProofState] = useState<'none' | 'loading' | 'failed'>(roundId ? 'loading' : 'none');
  useEffect(() => {
    if (!roundId) return;
    let current = true;
    loadProof(roundId).then(
      (loaded) => {
        if (!current) return;
        setProof(loaded);
        setValues(valuesOf(loaded));
        setProofState('none');
      },
      () => current && setProofState('failed'),
    );
    return () => {
      current = false;
    };
  }, [roundId, loadProof, setValues]);
  return { proof, proofState };
}

/** What the studio stored and committed to for the round. */
function StoredRound({ proof }: { proof: RoundProof }) {
  const { t } = useTranslation();
  const coins = useCoins();
  return (
    <section className={styles.card} aria-label={t('verify.stored')}>
      <h2>{t('verify.stored')}</h2>
      <p>
        {t('verify.storedRound', {
          id: proof.round.id,
          nonce: proof.round.nonce,
          stake: coins(proof.round.stake),
          win: coins(proof.round.win),
        })}
      </p>
      <p>
        {t('verify.committed')}: <code>{proof.serverSeedHash}</code>
      </p>
      {proof.serverSeed === null ? <p role="status">{t('verify.notRevealed')}</p> : null}
    </section>
  );
}

/** The seeds, nonce, game and stake the round is recomputed from; a value that cannot be used is marked. */
function SeedForm({
  values,
  onValues,
  recomputed,
}: {
  values: VerifyValues;
  onValues: Dispatch<SetStateAction<VerifyValues>>;
  recomputed: Recomputation;
}) {
  const { t, i18n } = useTranslation();
  const coins = useCoins();
  const game = roundTitle(values.gameCode);
  const locale = negotiateLocale(i18n.language);
  const change = (field: keyof VerifyValues) => (event: { target: { value: string } }) =>
    onValues((previous) => ({ ...previous, [field]: event.target.value }));
  const invalid = (field: keyof VerifyValues) => !recomputed.ok && recomputed.invalid.includes(field);
  return (
    <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
      <label>
        {t('verify.serverSeed')}
        <input
          value={values.serverSeed}
          onChange={change('serverSeed')}
          aria-invalid={invalid('serverSeed')}
          spellCheck={false}
        />
      </label>
      <label>
        {t('verify.clientSeed')}
        <input
          value={values.clientSeed}
          onChange={change('clientSeed')}
          aria-invalid={invalid('clientSeed')}
          spellCheck={false}
        />
      </label>
      <label>
        {t('verify.nonce')}
        <input value={values.nonce} onChange={change('nonce')} inputMode="numeric" aria-invalid={invalid('nonce')} />
      </label>
      <label>
        {t('verify.game')}
        <select value={values.gameCode} onChange={change('gameCode')}>
          {roundTitles.map((option) => (
            <option key={option.code} value={option.code}>
              {option.names[locale]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('verify.stake')}
        <select value={values.stake} onChange={change('stake')} aria-invalid={invalid('stake')}>
          {(game?.stakes ?? []).map((stake) => (
            <option key={stake} value={String(stake)}>
              {coins(stake)}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
