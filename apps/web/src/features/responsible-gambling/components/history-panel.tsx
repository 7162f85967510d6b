import type { RgHistoryItem } from '@kismat/contracts/responsible-gambling';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { useFormatDateTime } from '@/lib/format-date';
import { HISTORY_PAGE_SIZE, useRgHistory } from '../api/get-history';
import { useRgFormat } from '../utils/use-rg-format';

/** Every change of a limit: old → new, when requested, when effective, its state and who made it. */
export function HistoryPanel() {
  const { t } = useTranslation('safer');
  const format = useRgFormat();
  const formatWhen = useFormatDateTime();
  const [page, setPage] = useState(0);
  const history = useRgHistory(page + 1);
  const rows = history.data?.list ?? [];
  const columns: DataColumn<RgHistoryItem>[] = [
    { id: 'when', label: t('history.when'), cell: (row) => formatWhen(row.requestedAt) },
    { id: 'limit', label: t('history.limit'), cell: (row) => `${t(`kinds.${row.kind}`)} · ${t(`periods.${row.period}`)}` },
    {
      id: 'change',
      label: t('history.change'),
      cell: (row) => `${format.value(row.unit, row.oldValue)} → ${format.value(row.unit, row.newValue)}`,
    },
    { id: 'effective', label: t('history.effective'), cell: (row) => formatWhen(row.effectiveAt) },
    { id: 'status', label: t('history.status'), cell: (row) => t(`history.statuses.${row.status}`) },
    { id: 'by', label: t('history.by'), cell: (row) => t(`history.actors.${row.by}`) },
  ];
  const pageCount = Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE);
  return (
    <QueryState
      isLoading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      errorTitle={t('history.loadFailed')}
      isEmpty={rows.length === 0}
      emptyTitle={t('history.empty')}
      emptyIcon="clock"
    >
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.changeId} data-testid="rg-history" rowTestId="rg-history-row" />
      <Pagination
        page={page}
        pageCount={pageCount}
        onChange={setPage}
        labels={{ nav: t('history.pager'), previous: t('history.previous'), next: t('history.next') }}
      />
    </QueryState>
  );
}
