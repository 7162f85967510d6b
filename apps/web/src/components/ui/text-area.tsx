import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldMessage, FieldShell, fieldControlClasses, useFieldId } from './field-shell';
import styles from './text-area.module.css';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown at the bottom right, e.g. a live "42/200" counter. */
  counter?: ReactNode;
  isRequired?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, hint, counter, isRequired, id, className, ref, ...areaProps }: TextAreaProps) {
  const areaId = useFieldId(id);
  const messageId = `${areaId}-message`;
  const message = error ?? hint;
  return (
    <FieldShell label={label} controlId={areaId} isRequired={isRequired} isInvalid={Boolean(error)} className={className}>
      <textarea
        ref={ref}
        id={areaId}
        className={`${fieldControlClasses.control} ${fieldControlClasses.nativeControl} ${styles.area}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...areaProps}
      />
      <div className={styles.foot}>
        {message ? <FieldMessage id={messageId} error={error} hint={hint} /> : <span />}
        {counter ? <span className={styles.counter}>{counter}</span> : null}
      </div>
    </FieldShell>
  );
}
