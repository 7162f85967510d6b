import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import styles from './promotions.module.css';

/** A failed call's message as the server wrote it (already in the member's language). */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('promotions');
  if (!error) return null;
  const text = error instanceof ApiError || error instanceof Error ? error.message : '';
  return (
    <p className={styles.error} role="alert">
      {text || t('errors.generic')}
    </p>
  );
}
