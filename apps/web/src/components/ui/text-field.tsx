import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { latinizeInputDigits } from '@/lib/digits';
import blocks from './blocks.module.css';
import { FieldMessage, FieldShell, fieldControlClasses, useFieldId } from './field-shell';
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

/** What the control inside a boxed field carries: its id and the aria wiring to its message. */
export interface BoxedControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The text field's frame: the label, the box (the icon, then the control `children` draws with
 * the props it gets) and the error or hint under it.
 */
export function BoxedField({
  label,
  error,
  hint,
  isRequired,
  icon,
  id,
  className,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  isRequired?: boolean;
  icon?: IconName;
  id?: string;
  className?: string;
  children: (control: BoxedControlProps) => ReactNode;
}) {
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
        {children({
          id: inputId,
          'aria-invalid': error ? true : undefined,
          'aria-required': isRequired ? true : undefined,
          'aria-describedby': message ? messageId : undefined,
        })}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}

/** A labelled input with its error and hint wired to aria-invalid and aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  isRequired,
  icon,
  leading,
  trailing,
  id,
  className,
  ref,
  onChange,
  ...inputProps
}: TextFieldProps) {
  // Number fields (amounts, phone numbers, codes) take Bengali digits too: a BN keyboard types ০-৯.
  const isNumber = inputProps.inputMode === 'decimal' || inputProps.inputMode === 'numeric';
  return (
    <BoxedField label={label} error={error} hint={hint} isRequired={isRequired} icon={icon} id={id} className={className}>
      {(control) => (
        <>
          {leading}
          <input
            ref={ref}
            className={styles.input}
            {...control}
            {...inputProps}
            onChange={(event) => {
              if (isNumber) latinizeInputDigits(event.target);
              onChange?.(event);
            }}
          />
          {trailing}
        </>
      )}
    </BoxedField>
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
          className={`${blocks.iconButton} ${styles.reveal}`}
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

/** An e-mail address input: the mail icon, the e-mail keyboard and the browser's address autofill. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'icon'>) {
  return <TextField icon="mail" type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** An account's username: the user icon, the browser's username autofill, no capitals or spelling marks. */
export function UsernameField(props: Omit<TextFieldProps, 'icon'>) {
  return <TextField icon="user" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** One registered react-hook-form field and its validation message. */
export interface FormFieldBinding {
  field: UseFormRegisterReturn;
  error?: string;
}
