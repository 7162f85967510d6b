import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '@/components/ui/captcha-field';
import { getCaptcha } from '../api/get-captcha';

type SiteCaptchaFieldProps = Omit<ComponentProps<typeof CaptchaField>, 'label' | 'placeholder' | 'loadCaptcha' | 'isRequired'>;

/** The login and register forms' captcha: a required answer to the session API's image, labelled as the accounts texts say. */
export function SiteCaptchaField(props: SiteCaptchaFieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <CaptchaField label={t('fields.captcha')} placeholder={t('placeholders.captcha')} loadCaptcha={getCaptcha} isRequired {...props} />
  );
}
