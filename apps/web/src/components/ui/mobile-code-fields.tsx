import { useTranslation } from 'react-i18next';
import { countdownSeconds } from '@/lib/form-errors';
import type { DialCodeOption } from './dial-code-select';
import { MobileNumberField } from './mobile-number-field';
import type { FormFieldBinding } from './text-field';
import { VerificationCodeField } from './verification-code-field';

interface MobileCodeFieldsProps {
  countries: readonly DialCodeOption[];
  dialingCode: string;
  onDialingCodeChange: (dialingCode: string) => void;
  mobile: FormFieldBinding;
  code: FormFieldBinding;
  /** Validates the typed number before a code is sent. */
  canSend: () => Promise<boolean>;
  /** Sends the SMS code to the typed number; the answer's expiry sets the countdown. */
  send: () => Promise<{ expiredMinutes?: number } | null | undefined>;
  /** Shows the example texts inside the two inputs. */
  hasPlaceholders?: boolean;
}

/** A required mobile number with its SMS code input and "Send code" button. */
export function MobileCodeFields({
  countries,
  dialingCode,
  onDialingCodeChange,
  mobile,
  code,
  canSend,
  send,
  hasPlaceholders = false,
}: MobileCodeFieldsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <MobileNumberField
        label={t('fields.mobile')}
        placeholder={hasPlaceholders ? t('placeholders.mobile') : undefined}
        isRequired
        countries={countries}
        dialingCode={dialingCode}
        onDialingCodeChange={onDialingCodeChange}
        error={mobile.error}
        {...mobile.field}
      />
      <VerificationCodeField
        label={t('fields.smsCode')}
        placeholder={hasPlaceholders ? t('placeholders.smsCode') : undefined}
        isRequired
        error={code.error}
        canSend={canSend}
        onSend={async () => countdownSeconds(await send())}
        sendFailedFallback={t('errors.unknown')}
        {...code.field}
      />
    </>
  );
}
