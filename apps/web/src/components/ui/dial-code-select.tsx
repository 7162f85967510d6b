import { useTranslation } from 'react-i18next';
import styles from './dial-code-select.module.css';
import { Icon } from './icon';

export interface DialCodeOption {
  country: string;
  name: string;
  dialingCode: string;
}

interface DialCodeSelectProps {
  options: readonly DialCodeOption[];
  value: string;
  onChange: (dialingCode: string) => void;
  disabled?: boolean;
}

/**
 * The country dialing code before a mobile number: a native select (searchable by typing,
 * accessible everywhere) laid over a compact "+880" label so the number keeps its room.
 */
export function DialCodeSelect({ options, value, onChange, disabled }: DialCodeSelectProps) {
  const { t } = useTranslation();
  const selected = options.find((option) => option.dialingCode === value) ?? options[0];
  return (
    <span className={styles.wrapper}>
      <span className={styles.display} aria-hidden="true">
        {selected?.dialingCode ?? value}
        <Icon name="chevronDown" size={14} />
      </span>
      <select
        className={styles.select}
        value={`${selected?.country ?? ''}`}
        onChange={(event) => {
          const option = options.find((item) => item.country === event.target.value);
          if (option) onChange(option.dialingCode);
        }}
        aria-label={t('common.dialingCode')}
        disabled={disabled || options.length === 0}
      >
        {options.map((option) => (
          <option key={option.country} value={option.country}>
            {option.name} ({option.dialingCode})
          </option>
        ))}
      </select>
    </span>
  );
}
