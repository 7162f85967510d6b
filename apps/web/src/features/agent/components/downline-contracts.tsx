import type { ContractType } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { MessageDialog } from '@/components/ui/message-dialog';
import { fromQuery } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { useOfferedContracts } from '../api/get-offered-contracts';
import { useTerminateOfferedContract } from '../api/terminate-offered-contract';
import type { Contract } from '../api/types';
import { formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { ContractStatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/** The contracts of the type I offered my downlines, with withdraw (pending) and terminate (active). */
export function DownlineContracts({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const offered = useOfferedContracts({ type, pageNo, pageSize: PAGE_SIZE });
  const terminate = useTerminateOfferedContract();
  const [ending, setEnding] = useState<Contract | null>(null);
  const offeredColumns: DataColumn<Contract>[] = [
    { id: 'username', label: t('agentCentre.downlines.username'), cell: (contract) => contract.memberUsername },
    {
      id: 'status',
      label: t('agentCentre.contracts.status'),
      cell: (contract) => (
        <>
          <ContractStatusBadge status={contract.status} />
          {contract.terminationReason ? (
            <span className={styles.muted}> · {t(`agentCentre.terminationReasons.${contract.terminationReason}`)}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'maxRate',
      label: t('agentCentre.contracts.maxRate'),
      isNumber: true,
      cell: (contract) => formatRate(contract.maxRateBps, language),
    },
    { id: 'period', label: t('agentCentre.contracts.period'), cell: (contract) => t(`agentCentre.periods.${contract.terms.period}`) },
    { id: 'offeredAt', label: t('agentCentre.contracts.offeredAt'), cell: (contract) => formatDateTime(contract.offeredAt, language) },
    {
      id: 'actions',
      label: t('agentCentre.downlines.actions'),
      isAction: true,
      cell: (contract) =>
        contract.status === 'ACTIVE' || contract.status === 'PENDING' ? (
          <Button size="small" variant="ghost" onClick={() => setEnding(contract)}>
            {contract.status === 'PENDING' ? t('agentCentre.contracts.withdraw') : t('agentCentre.contracts.terminate')}
          </Button>
        ) : null,
    },
  ];
  return (
    <section className={styles.card}>
      <p className={styles.muted} style={{ marginBottom: 'var(--space-4)' }}>
        {t('agentCentre.contracts.offerHint')}
      </p>
      <QueryState {...fromQuery(offered)} isEmpty={offered.data?.items.length === 0} emptyTitle={t('agentCentre.contracts.noneOffered')}>
        <DataTable columns={offeredColumns} rows={offered.data?.items ?? []} rowKey={(contract) => contract.id} hasTitleCell={false} />
        {offered.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={offered.data.total} onChange={setPageNo} /> : null}
      </QueryState>
      <MessageDialog
        isOpen={ending !== null}
        title={t('agentCentre.contracts.terminateTitle')}
        tone="warning"
        confirmLabel={t('agentCentre.contracts.terminate')}
        onConfirm={() => ending && terminate.mutate(ending.id, { onSettled: () => setEnding(null) })}
        onCancel={() => setEnding(null)}
        isBusy={terminate.isPending}
      >
        {t('agentCentre.contracts.terminateDownlineText', { username: ending?.memberUsername ?? '' })}
      </MessageDialog>
    </section>
  );
}
