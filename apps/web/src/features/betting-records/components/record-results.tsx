import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { IconName } from '@/components/ui/icon';
import { QueryState } from '@/components/ui/query-state';
import type { RecordTotals as Totals } from '../api/get-betting-record';
import { RecordTotals } from './record-totals';

interface RecordQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What a records page shows under its filters: the shared loading and failed states
 * (components/ui), then the range's totals above its rows or the shared empty state. Nothing
 * while the range is invalid: the filters already say why.
 */
export function RecordResults<Data extends { totals: Totals; currency: string; list: readonly unknown[] }>({
  isEnabled,
  query,
  emptyIcon,
  children,
}: {
  isEnabled: boolean;
  query: RecordQuery<Data>;
  emptyIcon: IconName;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!isEnabled) return null;
  const { data } = query;
  return (
    <QueryState query={query} errorTitle={t('records.loadFailed')}>
      {data ? (
        <>
          <RecordTotals totals={data.totals} currency={data.currency} />
          {data.list.length === 0 ? (
            <EmptyState icon={emptyIcon} title={t('records.emptyTitle')} text={t('records.emptyText')} />
          ) : (
            children(data)
          )}
        </>
      ) : null}
    </QueryState>
  );
}
