import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { useOriginalSession } from '../hooks/use-original-session';
import styles from './originals.module.css';
import { StakeControls } from './stake-controls';

type StakeSession = Pick<
  ReturnType<typeof useOriginalSession>,
  'balance' | 'limits' | 'stakeText' | 'setStakeText' | 'stakeMinor' | 'setStakeMinor' | 'isStakeOk'
>;

/**
 * The foot of the dice, mines and plinko screens: the session's stake field (locked while busy), an
 * optional note under it, the gold play button, and the line that says the stake is out of bounds.
 */
export function StakeAndPlay({
  session,
  isBusy,
  isPlayable,
  onPlay,
  playTestId,
  note,
  children,
}: {
  session: StakeSession;
  isBusy: boolean;
  isPlayable: boolean;
  onPlay: () => void;
  playTestId: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StakeControls
        text={session.stakeText}
        stakeMinor={session.stakeMinor}
        limits={session.limits}
        isDisabled={isBusy}
        onText={session.setStakeText}
        onStake={session.setStakeMinor}
      />
      {note}
      <Button variant="gold" size="large" className={styles.play} disabled={!isPlayable} onClick={onPlay} data-testid={playTestId}>
        {children}
      </Button>
      {session.balance !== null && !session.isStakeOk ? <p className={styles.error}>{t('originals.stakeInvalid')}</p> : null}
    </>
  );
}

/** A labelled select of whole numbers (the mine count, the plinko rows). */
export function CountSelect({
  label,
  counts,
  value,
  isDisabled,
  onChange,
  testId,
}: {
  label: string;
  counts: readonly number[];
  value: number;
  isDisabled?: boolean;
  onChange: (count: number) => void;
  testId: string;
}) {
  return (
    <label>
      <span className={styles.label}>{label}</span>
      <select
        className={styles.select}
        value={value}
        disabled={isDisabled}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
      >
        {counts.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One choice out of a few, as pressed buttons (the dice direction, the plinko risk). */
export function ChoiceButtons<T extends string>({
  label,
  options,
  value,
  isDisabled,
  onChange,
  optionLabel,
}: {
  label: string;
  options: readonly T[];
  value: T;
  isDisabled: boolean;
  onChange: (option: T) => void;
  optionLabel: (option: T) => string;
}) {
  return (
    <fieldset className={styles.choices} aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={styles.choice}
          aria-pressed={value === option}
          disabled={isDisabled}
          onClick={() => onChange(option)}
        >
          {optionLabel(option)}
        </button>
      ))}
    </fieldset>
  );
}
