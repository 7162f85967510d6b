import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icon';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** The message under the field; marks the input invalid for assistive technology too. */
  error?: string | null;
  /** Help under the field while there is no error (e.g. "20 to 200 characters"). */
  hint?: ReactNode;
  /** Shows the "*" of spec section 5 ("Items marked with * are required"). */
  isRequired?: boolean;
  icon?: IconName;
  /** Content before the input inside the box (a dialing-code select). */
  leading?: ReactNode;
  /** Content after the input inside the box (send-code button, captcha image, reveal toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error and hint wired to aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, isRequired, icon, leading, trailing, id, className, ref, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={error ? '' : undefined}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={styles.box}>
        {icon ? <Icon name={icon} size={18} className={styles.icon} /> : null}
        {leading}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {message ? (
        <p id={messageId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle; autocomplete says which password it is. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      icon="lock"
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={isVisible}
        >
          <Icon name={isVisible ? 'eyeOff' : 'eye'} size={18} />
        </button>
      }
    />
  );
}
