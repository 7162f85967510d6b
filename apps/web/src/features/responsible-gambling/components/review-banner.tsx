import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/form-errors';
import { useMarkReviewed } from '../api/mark-reviewed';
import styles from './safer.module.css';

/** Every 6 months (reviewDue): are the limits still right? */
export function ReviewBanner() {
  const { t } = useTranslation('safer');
  const reviewed = useMarkReviewed();
  const [isDone, setIsDone] = useState(false);
  if (isDone) {
    return (
      <p className={styles.status} role="status">
        {t('review.thanks')}
      </p>
    );
  }
  return (
    <div className={styles.banner} data-testid="review-banner">
      <p className={styles.bannerTitle}>{t('review.title')}</p>
      <p>{t('review.text')}</p>
      <div className={styles.actions}>
        <Button size="small" disabled={reviewed.isPending} onClick={() => reviewed.mutate(undefined, { onSuccess: () => setIsDone(true) })}>
          {t('review.done')}
        </Button>
        <a className={styles.link} href="#limits">
          {t('sections.limits')}
        </a>
      </div>
      <FormError message={reviewed.error ? errorMessage(reviewed.error, t('loadFailed')) : null} />
    </div>
  );
}
