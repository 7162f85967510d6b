import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import styles from './promotions.module.css';
import { useFormatMoney } from './use-format-money';

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

/** What a claim came to: the amount credited, or why it failed. */
export function ClaimOutcome({ claim }: { claim: { data?: { amount: string } | undefined; error: unknown } }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  return (
    <>
      {claim.data ? (
        <p className={styles.notice} role="status">
          {t('detail.claimed', { amount: format(claim.data.amount) })}
        </p>
      ) : null}
      <ErrorText error={claim.error} />
    </>
  );
}
