import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/ui/date-input';
import { DATE_PRESETS, type DayRange, isRangeReversed, matchingPreset, presetRange } from '@/lib/date-presets';
import styles from './agent-pages.module.css';
import { ChoiceChips } from './choice-chips';

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
        <DateInput value={value.from} max={value.to} onChange={(from) => from && onChange({ ...value, from })} />
      </label>
      <label className={styles.dateInput}>
        {t('agentCentre.range.to')}
        <DateInput value={value.to} min={value.from} onChange={(to) => to && onChange({ ...value, to })} />
      </label>
      <fieldset className={styles.chips} aria-label={t('agentCentre.range.presets')}>
        <ChoiceChips
          options={DATE_PRESETS}
          value={active}
          onChange={(preset) => onChange(presetRange(preset))}
          label={(preset) => t(`agentCentre.range.${preset}`)}
        />
      </fieldset>
      {isRangeReversed(value) ? <p className={styles.error}>{t('agentCentre.range.reversed')}</p> : null}
    </div>
  );
}
