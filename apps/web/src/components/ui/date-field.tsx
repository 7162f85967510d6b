import type { ReactNode } from 'react';
import { DateInput, type DateInputProps } from './date-input';
import type { IconName } from './icon';
import { BoxedField } from './text-field';
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
  return (
    <BoxedField label={label} error={error} hint={hint} isRequired={isRequired} icon={icon} id={id} className={className}>
      {(control) => <DateInput {...inputProps} {...control} className={styles.input} inputClassName={styles.input} />}
    </BoxedField>
  );
}
