import { TextField, type TextFieldProps } from './text-field';

/** The payment password of a money form: masked, never autofilled, required, with the lock icon. */
export function PaymentPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'isRequired' | 'icon'>) {
  return <TextField type="password" autoComplete="off" isRequired icon="lock" {...props} />;
}
