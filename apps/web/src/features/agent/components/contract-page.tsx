import type { BillStatus, ContractType } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { type BillsQuery, useBills } from '../api/get-bills';
import { useOfferedContracts } from '../api/get-offered-contracts';
import { type ContractAction, useMyContracts, useRespondToContract } from '../api/process-my-contract';
import { useTerminateOfferedContract } from '../api/terminate-offered-contract';
import type { Contract } from '../api/types';
import { type DayRange, presetRange } from '../utils/date-presets';
import { formatDateTime, formatMoney, formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { DateRangeFilter } from './date-range-filter';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { BillStatusBadge, ContractStatusBadge } from './status-badge';

type Section = 'mine' | 'downlines' | 'bills';
const PAGE_SIZE = 20;

/** A contract type's page: my contract from the upline, contracts I gave my downlines, and the bills. */
export function ContractPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('mine');
  return (
    <div className={styles.stack}>
      <Tabs
        label={t(`agentCentre.contractTypes.${type}`)}
        value={section}
        onChange={setSection}
        items={[
          { value: 'mine', label: t('agentCentre.contracts.mine') },
          { value: 'downlines', label: t('agentCentre.contracts.downlines') },
          { value: 'bills', label: t('agentCentre.contracts.bills') },
        ]}
      />
      {section === 'mine' ? (
        <MyContract type={type} />
      ) : section === 'downlines' ? (
        <DownlineContracts type={type} />
      ) : (
        <BillsSection type={type} />
      )}
    </div>
  );
}

export function TermsTable({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>#</th>
            <th className={styles.num}>
              {contract.type === 'DIVIDEND' ? t('agentCentre.tiers.periodValidBet') : t('agentCentre.tiers.betAmount')}
            </th>
            <th className={styles.num}>{t('agentCentre.tiers.activeMembers')}</th>
            <th className={styles.num}>{t('agentCentre.tiers.pay')}</th>
          </tr>
        </thead>
        <tbody>
          {contract.terms.tiers.map((tier, index) => (
            <tr key={`${tier.minValidBet}-${tier.minActiveMembers}`}>
              <td>{index + 1}</td>
              <td className={styles.num}>{formatMoney(tier.minValidBet, language)}</td>
              <td className={styles.num}>{tier.minActiveMembers}</td>
              <td className={styles.num}>
                {tier.rateBps !== null ? formatRate(tier.rateBps, language) : formatMoney(tier.fixedAmount, language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContractSummary({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <ContractStatusBadge status={contract.status} />
        <span className={styles.muted}>
          {t('agentCentre.contracts.from', { name: contract.offererUsername ?? t('agentCentre.contracts.platform') })} ·{' '}
          {t(`agentCentre.periods.${contract.terms.period}`)} · {t(`agentCentre.bases.${contract.terms.basis}`)} ·{' '}
          {formatDateTime(contract.offeredAt, language)}
        </span>
      </div>
      <TermsTable contract={contract} />
    </div>
  );
}

function MyContract({ type }: { type: ContractType }) {
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
    <QueryState isLoading={mine.isLoading} error={mine.error} onRetry={() => void mine.refetch()}>
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

function DownlineContracts({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const offered = useOfferedContracts({ type, pageNo, pageSize: PAGE_SIZE });
  const terminate = useTerminateOfferedContract();
  const [ending, setEnding] = useState<Contract | null>(null);
  return (
    <section className={styles.card}>
      <p className={styles.muted} style={{ marginBottom: 'var(--space-4)' }}>
        {t('agentCentre.contracts.offerHint')}
      </p>
      <QueryState
        isLoading={offered.isLoading}
        error={offered.error}
        onRetry={() => void offered.refetch()}
        isEmpty={offered.data?.items.length === 0}
        emptyTitle={t('agentCentre.contracts.noneOffered')}
      >
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('agentCentre.downlines.username')}</th>
                <th>{t('agentCentre.contracts.status')}</th>
                <th className={styles.num}>{t('agentCentre.contracts.maxRate')}</th>
                <th>{t('agentCentre.contracts.period')}</th>
                <th>{t('agentCentre.contracts.offeredAt')}</th>
                <th>
                  <span className="visually-hidden">{t('agentCentre.downlines.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offered.data?.items.map((contract) => (
                <tr key={contract.id}>
                  <td>{contract.memberUsername}</td>
                  <td>
                    <ContractStatusBadge status={contract.status} />
                    {contract.terminationReason ? (
                      <span className={styles.muted}> · {t(`agentCentre.terminationReasons.${contract.terminationReason}`)}</span>
                    ) : null}
                  </td>
                  <td className={styles.num}>{formatRate(contract.maxRateBps, language)}</td>
                  <td>{t(`agentCentre.periods.${contract.terms.period}`)}</td>
                  <td>{formatDateTime(contract.offeredAt, language)}</td>
                  <td>
                    {contract.status === 'ACTIVE' || contract.status === 'PENDING' ? (
                      <Button size="small" variant="ghost" onClick={() => setEnding(contract)}>
                        {contract.status === 'PENDING' ? t('agentCentre.contracts.withdraw') : t('agentCentre.contracts.terminate')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

const BILL_FILTERS: readonly (BillStatus | 'ALL')[] = ['ALL', 'PAID', 'PARTIAL', 'UNPAID'];

/** Bills of the type: paid, partial or unpaid, received from the upline and paid to downlines. */
export function BillsSection({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous30'));
  const [side, setSide] = useState<BillsQuery['side']>('ALL');
  const [status, setStatus] = useState<BillStatus | 'ALL'>('ALL');
  const [pageNo, setPageNo] = useState(1);
  const bills = useBills({
    type,
    side,
    status: status === 'ALL' ? undefined : status,
    startDate: range.from,
    endDate: range.to,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <div className={styles.stack}>
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPageNo(1);
            }}
          />
          <div className={styles.chips}>
            {(['ALL', 'RECEIVED', 'PAID'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={styles.chip}
                aria-pressed={side === option}
                onClick={() => {
                  setSide(option);
                  setPageNo(1);
                }}
              >
                {t(`agentCentre.bills.sides.${option}`)}
              </button>
            ))}
            <span aria-hidden="true" className={styles.muted}>
              |
            </span>
            {BILL_FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                className={styles.chip}
                aria-pressed={status === option}
                onClick={() => {
                  setStatus(option);
                  setPageNo(1);
                }}
              >
                {option === 'ALL' ? t('agentCentre.bills.allStatuses') : t(`agentCentre.billStatus.${option}`)}
              </button>
            ))}
          </div>
        </div>
      </section>
      <section className={styles.card}>
        <QueryState
          isLoading={bills.isLoading}
          error={bills.error}
          onRetry={() => void bills.refetch()}
          isEmpty={bills.data?.items.length === 0}
          emptyTitle={t('agentCentre.bills.empty')}
        >
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="bills-table">
              <thead>
                <tr>
                  <th>{t('agentCentre.bills.period')}</th>
                  <th>{t('agentCentre.bills.payee')}</th>
                  <th>{t('agentCentre.bills.payer')}</th>
                  <th className={styles.num}>{t('agentCentre.team.validBet')}</th>
                  <th className={styles.num}>{t('agentCentre.team.activeMembers')}</th>
                  <th className={styles.num}>{t('agentCentre.bills.rate')}</th>
                  <th className={styles.num}>{t('agentCentre.bills.due')}</th>
                  <th className={styles.num}>{t('agentCentre.bills.paid')}</th>
                  <th>{t('agentCentre.contracts.status')}</th>
                </tr>
              </thead>
              <tbody>
                {bills.data?.items.map((bill) => (
                  <tr key={bill.id}>
                    <td title={`${formatDateTime(bill.periodStart, language)} – ${formatDateTime(bill.periodEnd, language)}`}>
                      {bill.periodKey}
                    </td>
                    <td>{bill.payeeUsername}</td>
                    <td>{bill.payerUsername ?? t('agentCentre.contracts.platform')}</td>
                    <td className={styles.num}>{formatMoney(bill.validBet, language)}</td>
                    <td className={styles.num}>{bill.activeMembers}</td>
                    <td className={styles.num}>{formatRate(bill.rateBps, language)}</td>
                    <td className={styles.num}>{formatMoney(bill.amountDue, language)}</td>
                    <td className={styles.num}>{formatMoney(bill.amountPaid, language)}</td>
                    <td>
                      <BillStatusBadge status={bill.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
              {bills.data ? (
                <tfoot>
                  <tr>
                    <td colSpan={6}>{t('agentCentre.bills.total')}</td>
                    <td className={styles.num}>{formatMoney(bills.data.totalDue, language)}</td>
                    <td className={styles.num}>{formatMoney(bills.data.totalPaid, language)}</td>
                    <td />
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          {bills.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={bills.data.total} onChange={setPageNo} /> : null}
        </QueryState>
      </section>
    </div>
  );
}
