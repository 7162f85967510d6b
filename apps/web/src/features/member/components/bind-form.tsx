import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { SubmitButton } from '@/components/ui/submit-button';

interface BindFormProps {
  lead: string;
  submitLabel: string;
  formError: string | null;
  isSubmitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The address or number and its code. */
  children: ReactNode;
}

/** The frame of the bind-mobile and bind-e-mail forms: the lead, the fields, the "cannot be changed" notice and the submit. */
export function BindForm({ lead, submitLabel, formError, isSubmitting, onSubmit, children }: BindFormProps) {
  const { t } = useTranslation('accounts');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{lead}</p>
      <div className={styles.fields}>{children}</div>
      <p className={styles.hint}>{t('security.bindFinal')}</p>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('security.saving')}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
