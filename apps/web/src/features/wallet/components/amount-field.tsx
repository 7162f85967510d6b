import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** The amount of a deposit, withdrawal or transfer: decimal keyboard, the coins icon, the allowed range under it. */
export function AmountField({ range, ...props }: Omit<TextFieldProps, 'label'> & { range: { min: string; max: string } }) {
  const { t } = useTranslation();
  return <TextField label={t('wallet.amount')} inputMode="decimal" hint={t('wallet.range', range)} isRequired icon="coins" {...props} />;
}
