import { RG_REALITY_CHECK_INTERVALS } from '@kismat/contracts/responsible-gambling';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/form-errors';
import { type RealityCheckInterval, useSetRealityCheck } from '../api/set-reality-check';
import styles from './safer.module.css';

const CHOICES: readonly RealityCheckInterval[] = [null, ...RG_REALITY_CHECK_INTERVALS];

/** Off, or a reminder every 15, 30, 60 or 120 minutes; saved as soon as it is chosen. */
export function RealityCheckPanel({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation('safer');
  const name = useId();
  const save = useSetRealityCheck();
  const [isSaved, setIsSaved] = useState(false);
  const chosen = save.isPending ? save.variables : minutes;
  return (
    <section className={styles.card} aria-labelledby="reality-check-title" data-testid="reality-check-settings">
      <h3 id="reality-check-title" className={styles.cardTitle}>
        {t('realityCheck.interval')}
      </h3>
      <fieldset className={`${blocks.wrapList} ${styles.choices}`} aria-labelledby="reality-check-title">
        {CHOICES.map((value) => (
          <label key={value ?? 'off'} className={styles.choice}>
            <input
              type="radio"
              name={name}
              checked={chosen === value}
              disabled={save.isPending}
              onChange={() => {
                setIsSaved(false);
                save.mutate(value, { onSuccess: () => setIsSaved(true) });
              }}
            />
            <span className={styles.choiceText}>
              {value === null ? t('realityCheck.off') : t('realityCheck.every', { minutes: value })}
            </span>
          </label>
        ))}
      </fieldset>
      {isSaved ? (
        <p className={styles.status} role="status">
          {t('realityCheck.saved')}
        </p>
      ) : null}
      <FormError message={save.error ? errorMessage(save.error, t('loadFailed')) : null} />
    </section>
  );
}
