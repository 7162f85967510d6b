import { useState } from 'react';
import { type FieldValues, type UseFormProps, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './form-errors';

/**
 * A member's account form (password, bind, reset...): react-hook-form plus the line above the
 * submit button. `onFailure` puts what it can under the fields and answers whether it did; any
 * other failure shows the server's message there (or "something went wrong").
 */
export function useAccountForm<Fields extends FieldValues>(
  options: UseFormProps<Fields>,
  onValid: (fields: Fields) => Promise<void>,
  onFailure: (error: unknown, setError: UseFormSetError<Fields>) => boolean,
) {
  const { t } = useTranslation('accounts');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Fields>(options);
  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await onValid(fields);
    } catch (error) {
      if (!onFailure(error, form.setError)) setFormError(errorMessage(error, t('errors.unknown')));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting, formError, setFormError, onSubmit };
}
