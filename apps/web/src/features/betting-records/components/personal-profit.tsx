import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { usePersonalProfit } from '../api/get-personal-profit';
import { formatMoney } from '../utils/format-money';
import { rangeProblem } from '../utils/record-range';
import { initialRecordFilter, RecordFilters, type RecordFilterValue } from './record-filters';
import { RecordTotals } from './record-totals';
import styles from './records.module.css';

/** Member centre page personalProfit: profit and loss per game type and vendor, with totals. */
export function PersonalProfit() {
  const { t } = useTranslation();
  const locale = INTL_LOCALES[useLanguage()];
  const [filter, setFilter] = useState<RecordFilterValue>(initialRecordFilter);
  const isValid = rangeProblem(filter) === null;
  const { data, isPending, isError } = usePersonalProfit(
    { startDate: filter.startDate, endDate: filter.endDate, gameType: filter.gameType || undefined },
    isValid,
  );
  return (
    <section className={styles.page} aria-labelledby="personal-profit-title" data-testid="personal-profit">
      <div className={styles.head}>
        <h2 id="personal-profit-title" className="visually-hidden">
          {t('records.profit.title')}
        </h2>
      </div>
      <RecordFilters value={filter} onChange={setFilter} />
      {!isValid ? null : isPending ? (
        <Spinner label={t('common.loading')} isCentered />
      ) : isError ? (
        <p className={styles.problem} role="alert">
          {t('records.loadFailed')}
        </p>
      ) : (
        <>
          <RecordTotals totals={data.totals} currency={data.currency} />
          {data.list.length === 0 ? (
            <EmptyState icon="coins" title={t('records.emptyTitle')} text={t('records.emptyText')} />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('records.gameType')}</th>
                    <th scope="col">{t('records.columns.vendor')}</th>
                    <th scope="col" className={styles.number}>
                      {t('records.totals.rounds')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.bet')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.payout')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.profit')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row) => {
                    const profit = Number(row.profit);
                    return (
                      <tr key={`${row.gameType}-${row.vassalage}`}>
                        <td>{t(`categories.${row.gameType}`)}</td>
                        <td data-label={t('records.columns.vendor')}>{row.vendorName}</td>
                        <td className={styles.number} data-label={t('records.totals.rounds')}>
                          {row.rounds}
                        </td>
                        <td className={styles.number} data-label={t('records.columns.bet')}>
                          {formatMoney(row.betAmount, locale)}
                        </td>
                        <td className={styles.number} data-label={t('records.columns.payout')}>
                          {formatMoney(row.payout, locale)}
                        </td>
                        <td
                          className={[styles.number, profit > 0 ? styles.win : profit < 0 ? styles.loss : ''].join(' ')}
                          data-label={t('records.columns.profit')}
                        >
                          {formatMoney(row.profit, locale)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
