import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format-money';
import { CHIPS } from '../utils/card-slip';
import styles from './cards.module.css';

const chipText = (minor: bigint) => String(minor / 100n);

/** The chip values a tap on a bet spot adds. */
export function ChipRack({ chip, isDisabled, onChip }: { chip: bigint; isDisabled: boolean; onChip: (chip: bigint) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.chips} aria-label={t('originals.cards.chips')} style={{ border: 0, padding: 0, margin: 0 }}>
      {CHIPS.map((value) => (
        <button
          key={value.toString()}
          type="button"
          className={styles.chip}
          aria-pressed={chip === value}
          aria-label={t('originals.cards.chip', { amount: formatMoney(value) })}
          disabled={isDisabled}
          onClick={() => onChip(value)}
        >
          {chipText(value)}
        </button>
      ))}
    </fieldset>
  );
}
