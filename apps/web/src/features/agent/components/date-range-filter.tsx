import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DayRange, isRangeReversed, matchingPreset, presetRange } from '../utils/date-presets';
import styles from './agent-pages.module.css';

interface DateRangeFilterProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
}

/** From and to days with the spec's presets: previous/next 7 and 30 days. */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const active = matchingPreset(value);
  return (
    <div className={styles.filters}>
      <label className={styles.dateInput}>
        {t('agentCentre.range.from')}
        <input
          type="date"
          value={value.from}
          max={value.to}
          onChange={(event) => event.target.value && onChange({ ...value, from: event.target.value })}
        />
      </label>
      <label className={styles.dateInput}>
        {t('agentCentre.range.to')}
        <input
          type="date"
          value={value.to}
          min={value.from}
          onChange={(event) => event.target.value && onChange({ ...value, to: event.target.value })}
        />
      </label>
      <fieldset className={styles.chips} aria-label={t('agentCentre.range.presets')}>
        {DATE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.chip}
            aria-pressed={active === preset}
            onClick={() => onChange(presetRange(preset))}
          >
            {t(`agentCentre.range.${preset}`)}
          </button>
        ))}
      </fieldset>
      {isRangeReversed(value) ? <p className={styles.error}>{t('agentCentre.range.reversed')}</p> : null}
    </div>
  );
}
