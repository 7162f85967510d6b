import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
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
  const generatedId = useId();
  const areaId = id ?? generatedId;
  const messageId = `${areaId}-message`;
  const message = error ?? hint;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={error ? '' : undefined}>
      <label htmlFor={areaId} className={styles.label}>
        {label}
        {isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        className={styles.area}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...areaProps}
      />
      <div className={styles.foot}>
        {message ? (
          <p id={messageId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
            {message}
          </p>
        ) : (
          <span />
        )}
        {counter ? <span className={styles.counter}>{counter}</span> : null}
      </div>
    </div>
  );
}
