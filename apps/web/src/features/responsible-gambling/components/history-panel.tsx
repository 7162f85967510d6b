import type { RgHistoryItem } from '@kismat/contracts/responsible-gambling';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { useFormatDateTime } from '@/lib/format-date';
import { HISTORY_PAGE_SIZE, useRgHistory } from '../api/get-history';
import { useRgFormat } from '../utils/use-rg-format';

/** Every change of a limit: old → new, when requested, when effective, its state and who made it. */
export function HistoryPanel() {
  const { t } = useTranslation('safer');
  const format = useRgFormat();
  const formatWhen = useFormatDateTime();
  const [page, setPage] = useState(1);
  const history = useRgHistory(page);
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
  return (
    <PagedTable
      query={history}
      errorTitle={t('history.loadFailed')}
      emptyTitle={t('history.empty')}
      emptyIcon="clock"
      page={page}
      pageSize={HISTORY_PAGE_SIZE}
      onPage={setPage}
      pagerLabels={{ nav: t('history.pager'), previous: t('history.previous'), next: t('history.next') }}
      columns={columns}
      rowKey={(row) => row.changeId}
      data-testid="rg-history"
      rowTestId="rg-history-row"
    />
  );
}
