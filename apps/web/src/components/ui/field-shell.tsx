import { type ReactNode, useId } from 'react';
import styles from './field-shell.module.css';

/** The frame classes of a field's control: `control` for every one, `nativeControl` too for a select or textarea. */
export const fieldControlClasses = { control: styles.control, nativeControl: styles.nativeControl };

/** The control's id: the one given, else a generated one (the label and the message refer to it). */
export function useFieldId(id: string | undefined): string {
  const generatedId = useId();
  return id ?? generatedId;
}

interface FieldShellProps {
  label: string;
  controlId: string;
  /** Shows the "*" of spec section 5 ("Items marked with * are required"). */
  isRequired?: boolean;
  isInvalid: boolean;
  className?: string;
  children: ReactNode;
}

/** The column of a labelled field: the label (with "*" when required), then the control and its message. */
export function FieldShell({ label, controlId, isRequired, isInvalid, className, children }: FieldShellProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={isInvalid ? '' : undefined}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
    </div>
  );
}

/** The error (announced) or, while there is none, the hint under a field; nothing when neither. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  const message = error ?? hint;
  if (!message) return null;
  return (
    <p id={id} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
      {message}
    </p>
  );
}
