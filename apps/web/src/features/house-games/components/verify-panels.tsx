import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import type { VerifyOutcome } from '../hooks/use-verify-form';
import styles from './slot-panels.module.css';

/** A verify form input's name, value and change handler (useVerifyForm's `bind`). */
interface SeedFieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** One labelled seed input of a verify form (seeds are hex or free text: no spell check, no autofill). */
export function SeedField({
  label,
  name,
  value,
  onChange,
  isNumeric = false,
}: SeedFieldBinding & {
  label: string;
  isNumeric?: boolean;
}) {
  return (
    <label className={styles.seedForm}>
      <span className={`${blocks.statLabel} ${styles.statLabel}`}>{label}</span>
      <input
        className={styles.input}
        name={name}
        value={value}
        onChange={onChange}
        spellCheck={false}
        autoComplete="off"
        inputMode={isNumeric ? 'numeric' : undefined}
      />
    </label>
  );
}

interface SeedInputs {
  serverSeedHex: string;
  commitmentHex: string;
  clientSeed: string;
  nonce: string;
}

/** The four inputs every verify form ends with: server seed, its commitment, client seed, nonce. */
export function SeedFields({
  bind,
  clientSeedLabel,
}: {
  /** The form's useVerifyForm `bind`. */
  bind: (field: keyof SeedInputs, name?: string) => SeedFieldBinding;
  clientSeedLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SeedField label={t('houseGames.verify.serverSeed')} {...bind('serverSeedHex', 'serverSeed')} />
      <SeedField label={t('houseGames.verify.commitment')} {...bind('commitmentHex', 'commitment')} />
      <SeedField label={clientSeedLabel} {...bind('clientSeed')} />
      <SeedField label={t('houseGames.verify.nonce')} {...bind('nonce')} isNumeric />
    </>
  );
}

/** A labelled select of a verify form (game, bet, lottery kind). */
export function VerifySelect({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <label className={styles.seedForm}>
      <span className={`${blocks.statLabel} ${styles.statLabel}`}>{label}</span>
      <select className={styles.input} name={name} value={value} onChange={onChange}>
        {children}
      </select>
    </label>
  );
}

/**
 * The verify screen of a slot round or a lottery draw: the inputs and the run button on one
 * panel, the result on the other (a hint before the first run, the verifier's refusal, or the
 * commitment check followed by what was recomputed).
 */
export function VerifyPanels<Outcome extends VerifyOutcome>({
  formLabel,
  resultId,
  onSubmit,
  fields,
  outcome,
  children,
}: {
  formLabel: string;
  resultId: string;
  onSubmit: (event: FormEvent) => void;
  fields: ReactNode;
  outcome: Outcome | null;
  /** What was recomputed, shown under the commitment check of a successful run. */
  children: (outcome: Extract<Outcome, { ok: true }>) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.slotLayout}>
      <form className={styles.panel} onSubmit={onSubmit} aria-label={formLabel}>
        {fields}
        <Button type="submit" variant="gold">
          {t('houseGames.verify.run')}
        </Button>
      </form>
      <section className={styles.panel} aria-live="polite" aria-labelledby={resultId}>
        <h2 id={resultId} className={styles.panelTitle}>
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
            {children(outcome as Extract<Outcome, { ok: true }>)}
          </>
        ) : null}
      </section>
    </div>
  );
}

/** A check of the recomputed outcome against the server's record: green when they agree. */
export function RecordCheck({ isMatch, testId, children }: { isMatch: boolean; testId: string; children: ReactNode }) {
  return (
    <p className={isMatch ? styles.win : styles.error} data-testid={testId}>
      {children}
    </p>
  );
}

/** A check of the recomputed payout against the payout the server recorded for the round. */
export function PayoutRecordCheck({ isMatch, amount }: { isMatch: boolean; amount: string }) {
  const { t } = useTranslation();
  return (
    <RecordCheck isMatch={isMatch} testId="record-check">
      {isMatch ? t('houseGames.verify.recordOk', { amount }) : t('houseGames.verify.recordBad', { amount })}
    </RecordCheck>
  );
}

/**
 * The member's own rounds to fill the form from ("type by hand" first; no picker while the member
 * has no rounds: rounds undefined), and a note when the picked round's server seed is not revealed yet.
 */
export function RoundPicker({
  rounds,
  pickedId,
  onPick,
  picked,
}: {
  rounds: readonly { id: string; label: string }[] | undefined;
  pickedId: string | null;
  onPick: (roundId: string | null) => void;
  /** The picked round's record, once loaded. */
  picked: { isRevealed: boolean } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {rounds ? (
        <VerifySelect
          label={t('houseGames.verify.pickRound')}
          name="round"
          value={pickedId ?? ''}
          onChange={(event) => onPick(event.target.value || null)}
        >
          <option value="">{t('houseGames.verify.manual')}</option>
          {rounds.map((round) => (
            <option key={round.id} value={round.id}>
              {round.label}
            </option>
          ))}
        </VerifySelect>
      ) : null}
      {picked && !picked.isRevealed ? <p className={styles.muted}>{t('houseGames.verify.notRevealed')}</p> : null}
    </>
  );
}
