import { LOTTERY_KINDS } from '@kismat/contracts/house-games';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIssueVerify } from '../api/get-issue-verify';
import type { LotteryKind } from '../utils/house-games-types';
import { type LotteryVerifyInput, type LotteryVerifyOutcome, matchesRecordedDraw, verifyLotteryDraw } from '../utils/verify-lottery-draw';
import lotteryStyles from './lottery.module.css';
import { headlineOf } from './lottery-results';
import styles from './slot-panels.module.css';

const EMPTY: LotteryVerifyInput = { kind: 'ELOTT', serverSeedHex: '', commitmentHex: '', clientSeed: '', nonce: '0' };

/** Redraws a lottery issue in the browser from its revealed seed, and compares it with the recorded draw. */
export function LotteryVerify({ issueId }: { issueId: string | null }) {
  const { t } = useTranslation();
  const record = useIssueVerify(issueId);
  const [form, setForm] = useState<LotteryVerifyInput>(EMPTY);
  const [outcome, setOutcome] = useState<LotteryVerifyOutcome | null>(null);

  useEffect(() => {
    const data = record.data;
    if (!data) return;
    setForm({
      kind: data.kind,
      serverSeedHex: data.serverSeed ?? '',
      commitmentHex: data.commitment,
      clientSeed: data.clientSeed,
      nonce: String(data.nonce),
    });
    setOutcome(null);
  }, [record.data]);

  const update = (field: keyof LotteryVerifyInput) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(verifyLotteryDraw(form));
  };
  const isRecordForm = record.data !== undefined && form.clientSeed === record.data.clientSeed && form.kind === record.data.kind;
  const field = (name: 'serverSeedHex' | 'commitmentHex' | 'clientSeed' | 'nonce', label: string, inputName: string) => (
    <label className={styles.seedForm}>
      <span className={styles.statLabel}>{label}</span>
      <input
        className={styles.input}
        name={inputName}
        value={form[name]}
        onChange={update(name)}
        spellCheck={false}
        autoComplete="off"
        inputMode={name === 'nonce' ? 'numeric' : undefined}
      />
    </label>
  );

  return (
    <div className={styles.slotLayout}>
      <form className={styles.panel} onSubmit={submit} aria-label={t('houseGames.verify.lotteryFormLabel')}>
        {record.error ? (
          <p className={styles.error} role="alert">
            {record.error.message}
          </p>
        ) : null}
        {record.data && !record.data.serverSeed ? <p className={styles.muted}>{t('houseGames.verify.notDrawn')}</p> : null}
        <label className={styles.seedForm}>
          <span className={styles.statLabel}>{t('houseGames.verify.lotteryKind')}</span>
          <select className={styles.input} name="kind" value={form.kind} onChange={update('kind')}>
            {LOTTERY_KINDS.map((kind: LotteryKind) => (
              <option key={kind} value={kind}>
                {t(`houseGames.verify.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        {field('serverSeedHex', t('houseGames.verify.serverSeed'), 'serverSeed')}
        {field('commitmentHex', t('houseGames.verify.commitment'), 'commitment')}
        {field('clientSeed', t('houseGames.verify.lotteryClientSeed'), 'clientSeed')}
        {field('nonce', t('houseGames.verify.nonce'), 'nonce')}
        <Button type="submit" variant="gold">
          {t('houseGames.verify.run')}
        </Button>
      </form>
      <section className={styles.panel} aria-live="polite" aria-labelledby="verify-draw-result">
        <h2 id="verify-draw-result" className={styles.panelTitle}>
          {t('houseGames.verify.result')}
        </h2>
        {outcome === null ? <p className={styles.muted}>{t('houseGames.verify.hint')}</p> : null}
        {outcome && !outcome.ok ? (
          <p className={styles.error} role="alert">
            {t(`houseGames.verify.errors.${outcome.error}`)}
          </p>
        ) : null}
        {outcome?.ok ? (
          <>
            <p className={outcome.isCommitmentValid ? styles.win : styles.error} data-testid="commitment-check">
              {outcome.isCommitmentValid ? t('houseGames.verify.commitmentOk') : t('houseGames.verify.commitmentBad')}
            </p>
            <p className={styles.statLabel}>{t('houseGames.verify.drawn')}</p>
            <div className={lotteryStyles.openedBalls} data-testid="verified-draw">
              {headlineOf(outcome.draw).map((number, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn numbers are positional.
                <span key={index} className={lotteryStyles.openedBall} data-kind={form.kind} data-static="true">
                  {number}
                </span>
              ))}
            </div>
            {record.data?.result && isRecordForm ? (
              <p className={matchesRecordedDraw(outcome.draw, record.data.result) ? styles.win : styles.error} data-testid="draw-check">
                {matchesRecordedDraw(outcome.draw, record.data.result) ? t('houseGames.verify.drawOk') : t('houseGames.verify.drawBad')}
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
