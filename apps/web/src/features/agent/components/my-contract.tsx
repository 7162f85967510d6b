import type { ContractType } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { fromQuery } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { type ContractAction, useMyContracts, useRespondToContract } from '../api/process-my-contract';
import type { Contract } from '../api/types';
import styles from './agent-pages.module.css';
import { ContractSummary } from './contract-terms';
import { QueryState } from './query-state';

/** My contract of the type from the upline: a pending offer to accept or reject, the active one to end. */
export function MyContract({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const mine = useMyContracts(type);
  const respond = useRespondToContract(type);
  const [confirm, setConfirm] = useState<{ action: ContractAction; contract: Contract } | null>(null);
  const [conflict, setConflict] = useState<{ contract: Contract; contractIds: number[] } | null>(null);
  const act = (action: ContractAction, contract: Contract, agreeTerminateDownlines?: boolean) =>
    respond.mutate(
      { action, contractId: contract.id, agreeTerminateDownlines },
      {
        onSuccess: () => {
          setConfirm(null);
          setConflict(null);
        },
        onError: (error) => {
          setConfirm(null);
          // The new terms are lower than contracts I gave my downlines: ask before those end.
          if (error instanceof ApiError && error.code === 'CONTRACT_DOWNLINE_CONFLICT') {
            const value = error.value as { contractIds?: number[] } | null;
            setConflict({ contract, contractIds: value?.contractIds ?? [] });
          }
        },
      },
    );
  const data = mine.data;
  return (
    <QueryState {...fromQuery(mine)}>
      {data?.pending.map((contract) => (
        <section key={contract.id} className={styles.card} data-testid="pending-contract">
          <h2 className={styles.cardTitle}>
            <Icon name="mail" size={18} />
            {t('agentCentre.contracts.pendingTitle')}
          </h2>
          <ContractSummary contract={contract} />
          <div className={styles.formActions}>
            <Button variant="ghost" onClick={() => setConfirm({ action: 'reject', contract })} disabled={respond.isPending}>
              {t('agentCentre.contracts.reject')}
            </Button>
            <Button onClick={() => act('accept', contract)} disabled={respond.isPending}>
              {t('agentCentre.contracts.accept')}
            </Button>
          </div>
        </section>
      ))}
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Icon name="shield" size={18} />
          {t('agentCentre.contracts.activeTitle')}
        </h2>
        {data?.active ? (
          <>
            <ContractSummary contract={data.active} />
            <div className={styles.formActions}>
              <Button
                variant="outline"
                onClick={() => data.active && setConfirm({ action: 'terminate', contract: data.active })}
                disabled={respond.isPending}
              >
                {t('agentCentre.contracts.terminate')}
              </Button>
            </div>
          </>
        ) : (
          <p className={styles.muted}>{t('agentCentre.contracts.noActive')}</p>
        )}
      </section>
      {respond.error && !(respond.error instanceof ApiError && respond.error.code === 'CONTRACT_DOWNLINE_CONFLICT') ? (
        <p className={styles.error} role="alert">
          {respond.error.message}
        </p>
      ) : null}
      <MessageDialog
        isOpen={confirm !== null}
        title={confirm?.action === 'terminate' ? t('agentCentre.contracts.terminateTitle') : t('agentCentre.contracts.rejectTitle')}
        tone="warning"
        confirmLabel={confirm?.action === 'terminate' ? t('agentCentre.contracts.terminate') : t('agentCentre.contracts.reject')}
        onConfirm={() => confirm && act(confirm.action, confirm.contract)}
        onCancel={() => setConfirm(null)}
        isBusy={respond.isPending}
      >
        {confirm?.action === 'terminate' ? t('agentCentre.contracts.terminateText') : t('agentCentre.contracts.rejectText')}
      </MessageDialog>
      <MessageDialog
        isOpen={conflict !== null}
        title={t('agentCentre.contracts.conflictTitle')}
        tone="danger"
        confirmLabel={t('agentCentre.contracts.conflictConfirm')}
        onConfirm={() => conflict && act('accept', conflict.contract, true)}
        onCancel={() => setConflict(null)}
        isBusy={respond.isPending}
      >
        {t('agentCentre.contracts.conflictText', { count: conflict?.contractIds.length ?? 0 })}
      </MessageDialog>
    </QueryState>
  );
}
