import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { RECORD_PAGE_SIZE, useBettingRecord } from '../api/get-betting-record';
import { formatMoney } from '../utils/format-money';
import { rangeProblem } from '../utils/record-range';
import { initialRecordFilter, RecordFilters, type RecordFilterValue } from './record-filters';
import { RecordTotals } from './record-totals';
import styles from './records.module.css';

/** Member centre page personalHistoryCopy: one row per round, filters, paging and totals. */
export function BettingRecord() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = INTL_LOCALES[language];
  const [filter, setFilter] = useState<RecordFilterValue>(initialRecordFilter);
  const [page, setPage] = useState(0);
  const isValid = rangeProblem(filter) === null;
  const { data, isPending, isError, refetch, isFetching } = useBettingRecord(
    { startDate: filter.startDate, endDate: filter.endDate, gameType: filter.gameType || undefined, pageNo: page + 1 },
    isValid,
  );

  return (
    <section className={styles.page} aria-labelledby="betting-record-title" data-testid="betting-record">
      <div className={styles.head}>
        <h2 id="betting-record-title" className="visually-hidden">
          {t('records.betting.title')}
        </h2>
        <Button variant="ghost" size="small" onClick={() => void refetch()} disabled={isFetching}>
          {t('records.refresh')}
        </Button>
      </div>
      <RecordFilters
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
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
            <EmptyState icon="clock" title={t('records.emptyTitle')} text={t('records.emptyText')} />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('records.columns.time')}</th>
                    <th scope="col">{t('records.columns.game')}</th>
                    <th scope="col">{t('records.columns.vendor')}</th>
                    <th scope="col">{t('records.columns.round')}</th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.bet')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.payout')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.columns.profit')}
                    </th>
                    <th scope="col">{t('records.columns.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row) => {
                    const profit = Number(row.profit);
                    return (
                      <tr key={row.roundId} data-testid="record-row">
                        <td>{formatDateTime(row.betTime, language)}</td>
                        <td data-label={t('records.columns.game')}>{row.gameName}</td>
                        <td data-label={t('records.columns.vendor')}>{row.vendorName}</td>
                        <td className={[styles.mono, styles.round].join(' ')} title={row.roundId} data-label={t('records.columns.round')}>
                          {row.roundId}
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
                        <td data-label={t('records.columns.status')}>
                          <span className={styles.status} data-status={row.status}>
                            {t(`records.status.${row.status}`)}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={page}
            pageCount={Math.ceil(data.total / RECORD_PAGE_SIZE)}
            onChange={setPage}
            labels={{ nav: t('records.pages'), previous: t('records.previous'), next: t('records.next') }}
          />
        </>
      )}
    </section>
  );
}
