import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './agent-pages.module.css';

/**
 * The end of a money dialog's form: the refusal in the member's language (announced), then
 * Cancel and the submit button, both held while the call is in flight.
 */
export function DialogFormFooter({
  error,
  isPending,
  onCancel,
  submitLabel,
}: {
  error: string | null;
  isPending: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
