import { useTranslation } from 'react-i18next';
import { FactList } from '@/components/ui/fact-list';
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
    <FactList
      className={styles.totals}
      data-testid="record-totals"
      facts={[
        { label: t('records.totals.rounds'), value: totals.rounds },
        { label: t('records.totals.bet'), value: `${currency} ${formatMoney(totals.betAmount, locale)}` },
        { label: t('records.totals.payout'), value: `${currency} ${formatMoney(totals.payout, locale)}` },
        {
          label: t('records.totals.profit'),
          value: `${currency} ${formatMoney(totals.profit, locale)}`,
          valueClassName: profitClass(totals.profit),
        },
      ]}
    />
  );
}
