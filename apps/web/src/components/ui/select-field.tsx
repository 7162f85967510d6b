import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldMessage, FieldShell, fieldControlClasses, useFieldId } from './field-shell';
import styles from './select-field.module.css';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  isRequired?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, isRequired, id, children, className, ref, ...selectProps }: SelectFieldProps) {
  const selectId = useFieldId(id);
  const errorId = `${selectId}-error`;
  return (
    <FieldShell label={label} controlId={selectId} isRequired={isRequired} isInvalid={Boolean(error)} className={className}>
      <select
        ref={ref}
        id={selectId}
        className={`${fieldControlClasses.control} ${fieldControlClasses.nativeControl} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
      >
        {children}
      </select>
      <FieldMessage id={errorId} error={error} />
    </FieldShell>
  );
}
