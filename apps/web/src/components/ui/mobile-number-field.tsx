import { type DialCodeOption, DialCodeSelect } from './dial-code-select';
import { TextField, type TextFieldProps } from './text-field';

interface MobileNumberFieldProps extends Omit<TextFieldProps, 'icon' | 'type' | 'leading'> {
  countries: readonly DialCodeOption[];
  dialingCode: string;
  onDialingCodeChange: (dialingCode: string) => void;
}

/** A national mobile number with its country dialing code in front (see useDialingCode). */
export function MobileNumberField({ countries, dialingCode, onDialingCodeChange, ...fieldProps }: MobileNumberFieldProps) {
  return (
    <TextField
      icon="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...fieldProps}
      leading={<DialCodeSelect options={countries} value={dialingCode} onChange={onDialingCodeChange} />}
    />
  );
}
