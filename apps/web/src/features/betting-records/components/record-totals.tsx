import { useTranslation } from 'react-i18next';
import { formatMoney, moneySign } from '@/lib/format-money';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import type { RecordTotals as Totals } from '../api/get-betting-record';
import styles from './records.module.css';

/** The colour of a profit (win) or a loss, read exactly. */
export function profitClass(profit: string): string | undefined {
  const sign = moneySign(profit);
  return sign > 0 ? styles.win : sign < 0 ? styles.loss : undefined;
}

/** Rounds, stakes, payouts and profit over the whole range. */
export function RecordTotals({ totals, currency }: { totals: Totals; currency: string }) {
  const { t } = useTranslation();
  const locale = INTL_LOCALES[useLanguage()];
  return (
    <dl className={styles.totals} data-testid="record-totals">
      <div>
        <dt>{t('records.totals.rounds')}</dt>
        <dd>{totals.rounds}</dd>
      </div>
      <div>
        <dt>{t('records.totals.bet')}</dt>
        <dd>
          {currency} {formatMoney(totals.betAmount, locale)}
        </dd>
      </div>
      <div>
        <dt>{t('records.totals.payout')}</dt>
        <dd>
          {currency} {formatMoney(totals.payout, locale)}
        </dd>
      </div>
      <div>
        <dt>{t('records.totals.profit')}</dt>
        <dd className={profitClass(totals.profit)}>
          {currency} {formatMoney(totals.profit, locale)}
        </dd>
      </div>
    </dl>
  );
}
