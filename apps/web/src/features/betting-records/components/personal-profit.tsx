import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { usePersonalProfit } from '../api/get-personal-profit';
import { rangeProblem } from '../utils/record-range';
import { useAmountColumns } from './amount-columns';
import { initialRecordFilter, RecordFilters, type RecordFilterValue } from './record-filters';
import { RecordResults } from './record-results';
import styles from './records.module.css';

/** Member centre page personalProfit: profit and loss per game type and vendor, with totals. */
export function PersonalProfit() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecordFilterValue>(initialRecordFilter);
  const isValid = rangeProblem(filter) === null;
  const query = usePersonalProfit(
    { startDate: filter.startDate, endDate: filter.endDate, gameType: filter.gameType || undefined },
    isValid,
  );
  const amountColumns = useAmountColumns<NonNullable<typeof query.data>['list'][number]>();
  const columns: DataColumn<NonNullable<typeof query.data>['list'][number]>[] = [
    { id: 'gameType', label: t('records.gameType'), cell: (row) => t(`categories.${row.gameType}`) },
    { id: 'vendor', label: t('records.columns.vendor'), cell: (row) => row.vendorName },
    { id: 'rounds', label: t('records.totals.rounds'), isNumber: true, cell: (row) => row.rounds },
    ...amountColumns,
  ];
  return (
    <section className={styles.page} aria-labelledby="personal-profit-title" data-testid="personal-profit">
      <div className={blocks.apart}>
        <h2 id="personal-profit-title" className="visually-hidden">
          {t('records.profit.title')}
        </h2>
      </div>
      <RecordFilters value={filter} onChange={setFilter} />
      <RecordResults isEnabled={isValid} query={query} emptyIcon="coins">
        {(data) => <DataTable columns={columns} rows={data.list} rowKey={(row) => `${row.gameType}-${row.vassalage}`} />}
      </RecordResults>
    </section>
  );
}
