import { useTranslation } from 'react-i18next';
import { formatMoney, moneySign } from '@/lib/format-money';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import type { RecordTotals as Totals } from '../api/get-betting-record';
import styles from './records.module.css';

/** Rounds, stakes, payouts and profit over the whole range. */
export function RecordTotals({ totals, currency }: { totals: Totals; currency: string }) {
  const { t } = useTranslation();
  const locale = INTL_LOCALES[useLanguage()];
  const profit = moneySign(totals.profit);
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
        <dd className={profit > 0 ? styles.win : profit < 0 ? styles.loss : undefined}>
          {currency} {formatMoney(totals.profit, locale)}
        </dd>
      </div>
    </dl>
  );
}
