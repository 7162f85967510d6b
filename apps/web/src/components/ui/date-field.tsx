import type { ReactNode } from 'react';
import { DateInput, type DateInputProps } from './date-input';
import { FieldMessage, FieldShell, fieldControlClasses, useFieldId } from './field-shell';
import { Icon, type IconName } from './icon';
import styles from './text-field.module.css';

export interface DateFieldProps extends Omit<DateInputProps, 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'inputClassName'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  isRequired?: boolean;
  icon?: IconName;
}

/** A labelled date in the text field's frame: typed as DD/MM/YYYY in the interface language, value "YYYY-MM-DD". */
export function DateField({ label, error, hint, isRequired, icon, id, className, ...inputProps }: DateFieldProps) {
  const inputId = useFieldId(id);
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <FieldShell
      label={label}
      controlId={inputId}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <div className={`${fieldControlClasses.control} ${styles.box}`}>
        {icon ? <Icon name={icon} size={18} className={styles.icon} /> : null}
        <DateInput
          {...inputProps}
          id={inputId}
          className={styles.input}
          inputClassName={styles.input}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
