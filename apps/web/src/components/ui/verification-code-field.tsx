import { errorMessage, retryAfterSeconds } from '@/lib/form-errors';
import { CodeButton, type CodeButtonProps } from './code-button';
import { TextField, type TextFieldProps } from './text-field';

/** Spec section 9: verification codes are at most 255 characters. */
export const VERIFICATION_CODE_MAX_LENGTH = 255;

interface VerificationCodeFieldProps extends Omit<TextFieldProps, 'icon' | 'trailing'>, Pick<CodeButtonProps, 'onSend' | 'canSend'> {
  /** The warning of a refused send that carries no message of its own. */
  sendFailedFallback: string;
}

/**
 * An SMS or e-mail code input with its "Send code" button (throttled, then a countdown; a
 * refused send shows the server's message and waits out the retry time it gives).
 */
export function VerificationCodeField({ onSend, canSend, sendFailedFallback, ...fieldProps }: VerificationCodeFieldProps) {
  return (
    <TextField
      icon="key"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_MAX_LENGTH}
      {...fieldProps}
      trailing={
        <CodeButton
          canSend={canSend}
          onSend={onSend}
          retryAfterOf={retryAfterSeconds}
          messageOf={(error) => errorMessage(error, sendFailedFallback)}
        />
      }
    />
  );
}
