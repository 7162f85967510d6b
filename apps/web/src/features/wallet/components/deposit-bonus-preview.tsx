import { useTranslation } from 'react-i18next';
import { amountTextToMinor, amountToWire } from '@/lib/money-form';
import { useDepositBonusPreview } from '../api/get-deposit-bonus-preview';
import { useFormatAmount } from './use-amount-locale';
import { useDebouncedValue } from './use-debounced-value';
import styles from './wallet.module.css';

const PREVIEW_DELAY_MS = 400;

/** "This deposit earns ৳350.00 bonus": the best qualifying offer for the amount typed, before paying. */
export function DepositBonusPreview({ amountText }: { amountText: string }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const settled = useDebouncedValue(amountText, PREVIEW_DELAY_MS);
  const minor = amountTextToMinor(settled);
  const preview = useDepositBonusPreview(minor === null ? null : amountToWire(minor));
  if (minor === null || !preview.data) return null;
  const best = preview.data.offers.find((offer) => offer.refusal === null && offer.bonus === preview.data.bonus);
  const refused = preview.data.offers.filter((offer) => offer.refusal !== null);
  return (
    <section className={styles.bonusPreview} aria-live="polite" data-testid="deposit-bonus-preview">
      {best && preview.data.bonus !== '0.00' ? (
        <>
          <p className={styles.bonusLine}>
            <span>{t('wallet.bonusPreview.earns', { title: best.title })}</span>
            <strong data-testid="deposit-bonus-amount">+{format(preview.data.bonus)}</strong>
          </p>
          <p className={styles.notice}>
            {t('wallet.bonusPreview.turnover', { amount: format(best.turnover) })}
            {best.maxBet ? ` ${t('wallet.bonusPreview.maxBet', { amount: format(best.maxBet) })}` : ''}
          </p>
        </>
      ) : (
        <p className={styles.notice}>{refused[0]?.refusal ?? t('wallet.bonusPreview.none')}</p>
      )}
      {preview.data.depositTurnover !== '0.00' ? (
        <p className={styles.notice}>{t('wallet.bonusPreview.depositTurnover', { amount: format(preview.data.depositTurnover) })}</p>
      ) : null}
    </section>
  );
}
