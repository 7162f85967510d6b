import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/ui/date-input';
import { DATE_PRESETS, type DatePreset } from '@/lib/date-presets';
import { type DateRange, rangeProblem, recordRangeOf } from '../utils/record-range';
import styles from './records.module.css';

export interface RecordFilterValue extends DateRange {
  gameType: GameCategory | '';
  preset: DatePreset | null;
}

export function initialRecordFilter(): RecordFilterValue {
  return { ...recordRangeOf('previous7'), gameType: '', preset: 'previous7' };
}

/** Date presets (next/previous 7 and 30 days), the two dates and the game type. */
export function RecordFilters({ value, onChange }: { value: RecordFilterValue; onChange: (value: RecordFilterValue) => void }) {
  const { t } = useTranslation();
  const problem = rangeProblem(value);
  return (
    <div className={styles.filters}>
      <fieldset className={styles.presets}>
        <legend className="visually-hidden">{t('records.presets.label')}</legend>
        {DATE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            aria-pressed={value.preset === preset}
            onClick={() => onChange({ ...value, ...recordRangeOf(preset), preset })}
          >
            {t(`records.presets.${preset}`)}
          </button>
        ))}
      </fieldset>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span>{t('records.from')}</span>
          <DateInput value={value.startDate} onChange={(startDate) => onChange({ ...value, startDate, preset: null })} />
        </label>
        <label className={styles.field}>
          <span>{t('records.to')}</span>
          <DateInput value={value.endDate} onChange={(endDate) => onChange({ ...value, endDate, preset: null })} />
        </label>
        <label className={styles.field}>
          <span>{t('records.gameType')}</span>
          <select value={value.gameType} onChange={(event) => onChange({ ...value, gameType: event.target.value as GameCategory | '' })}>
            <option value="">{t('records.allGameTypes')}</option>
            {GAME_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {t(`records.rangeProblem.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
