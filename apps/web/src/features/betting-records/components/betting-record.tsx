import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { RECORD_PAGE_SIZE, useBettingRecord } from '../api/get-betting-record';
import { rangeProblem } from '../utils/record-range';
import { useAmountColumns } from './amount-columns';
import { initialRecordFilter, RecordFilters, type RecordFilterValue } from './record-filters';
import { RecordResults } from './record-results';
import styles from './records.module.css';

/** Member centre page personalHistoryCopy: one row per round, filters, paging and totals. */
export function BettingRecord() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filter, setFilter] = useState<RecordFilterValue>(initialRecordFilter);
  const [page, setPage] = useState(0);
  const isValid = rangeProblem(filter) === null;
  const query = useBettingRecord(
    { startDate: filter.startDate, endDate: filter.endDate, gameType: filter.gameType || undefined, pageNo: page + 1 },
    isValid,
  );

  const amountColumns = useAmountColumns<NonNullable<typeof query.data>['list'][number]>();
  const columns: DataColumn<NonNullable<typeof query.data>['list'][number]>[] = [
    { id: 'time', label: t('records.columns.time'), cell: (row) => formatDateTime(row.betTime, language) },
    { id: 'game', label: t('records.columns.game'), cell: (row) => row.gameName },
    { id: 'vendor', label: t('records.columns.vendor'), cell: (row) => row.vendorName },
    {
      id: 'round',
      label: t('records.columns.round'),
      cellClassName: () => `${styles.mono} ${styles.round}`,
      cellProps: (row) => ({ title: row.roundId }),
      cell: (row) => row.roundId,
    },
    ...amountColumns,
    {
      id: 'status',
      label: t('records.columns.status'),
      cell: (row) => (
        <span className={styles.status} data-status={row.status}>
          {t(`records.status.${row.status}`)}
        </span>
      ),
    },
  ];

  return (
    <section className={styles.page} aria-labelledby="betting-record-title" data-testid="betting-record">
      <div className={blocks.apart}>
        <h2 id="betting-record-title" className="visually-hidden">
          {t('records.betting.title')}
        </h2>
        <Button variant="ghost" size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
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
      <RecordResults isEnabled={isValid} query={query} emptyIcon="clock">
        {(data) => (
          <>
            <DataTable columns={columns} rows={data.list} rowKey={(row) => row.roundId} rowTestId="record-row" />
            <Pagination
              page={page}
              pageCount={Math.ceil(data.total / RECORD_PAGE_SIZE)}
              onChange={setPage}
              labels={{ nav: t('records.pages'), previous: t('records.previous'), next: t('records.next') }}
            />
          </>
        )}
      </RecordResults>
    </section>
  );
}
