import { useTranslation } from 'react-i18next';
import { applyStakePreset, type StakeLimits, type StakePreset } from '../utils/stake';
import styles from './originals.module.css';

const PRESETS: { preset: StakePreset; label: string }[] = [
  { preset: 'HALF', label: '½' },
  { preset: 'DOUBLE', label: '2×' },
  { preset: 'MIN', label: 'min' },
  { preset: 'MAX', label: 'max' },
];

/** The stake field with ½, 2×, min and max: each preset stays inside the limits and the balance. */
export function StakeControls({
  text,
  stakeMinor,
  limits,
  isDisabled,
  onText,
  onStake,
}: {
  text: string;
  stakeMinor: bigint | null;
  limits: StakeLimits;
  isDisabled: boolean;
  onText: (text: string) => void;
  onStake: (stakeMinor: bigint) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.panel} style={{ padding: 0, border: 0, background: 'none' }}>
      <span className={styles.label}>{t('originals.stake')}</span>
      <span className={styles.stakeRow}>
        <input
          className={styles.input}
          name="stake"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={isDisabled}
          onChange={(event) => onText(event.target.value)}
          data-testid="stake-input"
        />
        {PRESETS.map(({ preset, label }) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            disabled={isDisabled}
            aria-label={t(`originals.presets.${preset}`)}
            onClick={() => onStake(applyStakePreset(stakeMinor ?? limits.minMinor, preset, limits))}
          >
            {label}
          </button>
        ))}
      </span>
    </label>
  );
}
