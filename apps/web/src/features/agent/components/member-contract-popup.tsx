import type { ContractType } from '@kismat/contracts/agent';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { MessageDialog } from '@/components/ui/message-dialog';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { usePopupTurn } from '@/stores/popup-queue-store';
import { useSessionStore } from '@/stores/session-store';
import { agentKeys } from '../api/agent-keys';
import { useConsolidatedFlags } from '../api/get-consolidated-flags';
import { getMyContractsQueryOptions, processMyContract } from '../api/process-my-contract';
import type { Contract } from '../api/types';
import type { ContractFlags } from '../utils/menu-pages';
import styles from './agent-pages.module.css';
import { TermsTable } from './contract-terms';

/** Which consolidated flag stands for which contract type (spec section 3). */
const FLAG_OF_TYPE: Record<ContractType, keyof ContractFlags> = {
  DAILY_SALARY: 'dailysalreqtype',
  DIVIDEND: 'divtypereq',
  HOURLY_SALARY: 'contracthoursalreq',
  REALTIME_SALARY: 'realtimesalreqtype',
};
const CONTRACT_TYPES = Object.keys(FLAG_OF_TYPE) as ContractType[];

type Answer = { contract: Contract; action: 'accept' | 'reject'; agreeTerminateDownlines?: boolean };

/**
 * The member side's contract popup (spec sections 3 and 4): a flag is on for a pending offer or
 * an active contract, so only the flagged types' relays are listed, and their pending offers
 * are shown one at a time to accept or reject. "Later" hides an offer until the next page load;
 * the offer itself stays open on the server. It opens after the announcement popup is closed.
 */
export function MemberContractPopup() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isTrial = useSessionStore((state) => state.isTrial);
  const flags = useConsolidatedFlags(isLogin && !isTrial);
  const flaggedTypes = CONTRACT_TYPES.filter((type) => flags.data?.[FLAG_OF_TYPE[type]] === true);
  const relays = useQueries({
    queries: flaggedTypes.map((type) => ({ ...getMyContractsQueryOptions(type), enabled: isLogin && !isTrial })),
  });
  const [postponedIds, setPostponedIds] = useState<ReadonlySet<number>>(new Set());
  const [isRejectOpen, setIsRejectOpen] = useState(false);
  const [conflictCount, setConflictCount] = useState<number | null>(null);

  const answer = useMutation({
    mutationFn: ({ contract, action, agreeTerminateDownlines }: Answer) =>
      processMyContract(contract.type, { action, contractId: contract.id, agreeTerminateDownlines }),
    onSuccess: () => {
      setIsRejectOpen(false);
      setConflictCount(null);
      // Flags, relays and the agent centre all change with the answer.
      return queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
    onError: (error) => {
      setIsRejectOpen(false);
      // The offer is below contracts this member gave its own downlines: ask before those end.
      if (error instanceof ApiError && error.code === 'CONTRACT_DOWNLINE_CONFLICT') {
        const value = error.value as { contractIds?: number[] } | null;
        setConflictCount(value?.contractIds?.length ?? 0);
      }
    },
  });

  const pending = relays.flatMap((relay) => relay.data?.pending ?? []).filter((contract) => !postponedIds.has(contract.id));
  const offer = pending[0];
  // Deciding until the server's flags (not the session's copy) and the flagged relays arrived;
  // it holds back no popup (the offer is the last greeting).
  const isDeciding = flags.isPending || flags.isPlaceholderData || relays.some((relay) => relay.isPending);
  // One greeting popup at a time (popup-queue-store.ts): the offer waits for the announcement.
  const isMyTurn = usePopupTurn('contractOffer', !isLogin || isTrial ? 'none' : offer ? 'ready' : isDeciding ? 'deciding' : 'none');
  if (!isLogin || isTrial || !offer || !isMyTurn) return null;

  const respond = (action: Answer['action'], agreeTerminateDownlines?: boolean) =>
    answer.mutate({ contract: offer, action, agreeTerminateDownlines });
  const postpone = () => {
    answer.reset();
    setPostponedIds((ids) => new Set([...ids, offer.id]));
  };
  const isConflict = answer.error instanceof ApiError && answer.error.code === 'CONTRACT_DOWNLINE_CONFLICT';
  const offerer = offer.offererUsername ?? t('agentCentre.contracts.platform');

  return (
    <>
      <Dialog isOpen onClose={postpone} title={t('contractPopup.title')} width={640} height={360}>
        <div className={styles.stack} data-testid="contract-popup">
          <p>{t('contractPopup.intro', { name: offerer, type: t(`agentCentre.contractTypes.${offer.type}`) })}</p>
          <p className={styles.muted}>
            {t(`agentCentre.periods.${offer.terms.period}`)} · {t(`agentCentre.bases.${offer.terms.basis}`)} ·{' '}
            {t('contractPopup.offeredAt', { date: formatDateTime(offer.offeredAt, language) })}
          </p>
          <TermsTable contract={offer} />
          {pending.length > 1 ? <p className={styles.muted}>{t('contractPopup.more', { count: pending.length - 1 })}</p> : null}
          {answer.error && !isConflict ? (
            <p className={styles.error} role="alert">
              {answer.error.message}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <Button variant="ghost" onClick={postpone} disabled={answer.isPending}>
              {t('contractPopup.later')}
            </Button>
            <Button variant="outline" onClick={() => setIsRejectOpen(true)} disabled={answer.isPending}>
              {t('agentCentre.contracts.reject')}
            </Button>
            <Button onClick={() => respond('accept')} disabled={answer.isPending}>
              {t('agentCentre.contracts.accept')}
            </Button>
          </div>
        </div>
      </Dialog>
      <MessageDialog
        isOpen={isRejectOpen}
        title={t('agentCentre.contracts.rejectTitle')}
        tone="warning"
        confirmLabel={t('agentCentre.contracts.reject')}
        onConfirm={() => respond('reject')}
        onCancel={() => setIsRejectOpen(false)}
        isBusy={answer.isPending}
      >
        {t('agentCentre.contracts.rejectText')}
      </MessageDialog>
      <MessageDialog
        isOpen={conflictCount !== null}
        title={t('agentCentre.contracts.conflictTitle')}
        tone="danger"
        confirmLabel={t('agentCentre.contracts.conflictConfirm')}
        onConfirm={() => respond('accept', true)}
        onCancel={() => {
          setConflictCount(null);
          answer.reset();
        }}
        isBusy={answer.isPending}
      >
        {t('agentCentre.contracts.conflictText', { count: conflictCount ?? 0 })}
      </MessageDialog>
    </>
  );
}
