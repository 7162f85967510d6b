import { type BillStatus, type ContractType, payBillBody } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Tabs } from '@/components/ui/tabs';
import { PasswordField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { type DayRange, presetRange } from '@/lib/date-presets';
import { formatDateTime } from '@/lib/format-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { moneyFormResolver } from '@/lib/money-form';
import { useLanguage } from '@/stores/language-store';
import { useAgentHome } from '../api/get-agent-home';
import { type BillsQuery, useBills } from '../api/get-bills';
import { useOfferedContracts } from '../api/get-offered-contracts';
import { usePayBill } from '../api/pay-bill';
import { type ContractAction, useMyContracts, useRespondToContract } from '../api/process-my-contract';
import { useTerminateOfferedContract } from '../api/terminate-offered-contract';
import type { Bill, Contract, ContractTerms } from '../api/types';
import { formatMinor, toMinor } from '../utils/contract-tiers';
import { formatMoney, formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { DateRangeFilter } from './date-range-filter';
import { DialogFormFooter } from './dialog-form-footer';
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

type Tier = ContractTerms['tiers'][number];

export function TermsTable({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: DataColumn<Tier>[] = [
    { id: 'index', label: '#', cell: (tier) => contract.terms.tiers.indexOf(tier) + 1 },
    {
      id: 'minValidBet',
      label: contract.type === 'DIVIDEND' ? t('agentCentre.tiers.periodValidBet') : t('agentCentre.tiers.betAmount'),
      isNumber: true,
      cell: (tier) => formatMoney(tier.minValidBet, language),
    },
    { id: 'activeMembers', label: t('agentCentre.tiers.activeMembers'), isNumber: true, cell: (tier) => tier.minActiveMembers },
    {
      id: 'pay',
      label: t('agentCentre.tiers.pay'),
      isNumber: true,
      cell: (tier) => (tier.rateBps !== null ? formatRate(tier.rateBps, language) : formatMoney(tier.fixedAmount, language)),
    },
  ];
  return (
    <DataTable columns={columns} rows={contract.terms.tiers} rowKey={(tier) => `${tier.minValidBet}-${tier.minActiveMembers}`} isCardless />
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
      <QueryState
        isLoading={offered.isLoading}
        error={offered.error}
        onRetry={() => void offered.refetch()}
        isEmpty={offered.data?.items.length === 0}
        emptyTitle={t('agentCentre.contracts.noneOffered')}
      >
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

const BILL_FILTERS: readonly (BillStatus | 'ALL')[] = ['ALL', 'PAID', 'PARTIAL', 'UNPAID'];

/** Bills of the type: paid, partial or unpaid, received from the upline and paid to downlines. */
export function BillsSection({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous30'));
  const [side, setSide] = useState<BillsQuery['side']>('ALL');
  const [status, setStatus] = useState<BillStatus | 'ALL'>('ALL');
  const [pageNo, setPageNo] = useState(1);
  const [paying, setPaying] = useState<Bill | null>(null);
  const memberId = useAgentHome().data?.memberId;
  // The payer of a bill left PARTIAL or UNPAID may pay the rest now instead of waiting for the next run.
  const isPayable = (bill: Bill) =>
    memberId !== undefined && bill.payerId === memberId && (bill.status === 'PARTIAL' || bill.status === 'UNPAID');
  const bills = useBills({
    type,
    side,
    status: status === 'ALL' ? undefined : status,
    startDate: range.from,
    endDate: range.to,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const hasPayable = bills.data?.items.some(isPayable) ?? false;
  const billColumns: DataColumn<Bill>[] = [
    {
      id: 'period',
      label: t('agentCentre.bills.period'),
      cellProps: (bill) => ({ title: `${formatDateTime(bill.periodStart, language)} – ${formatDateTime(bill.periodEnd, language)}` }),
      cell: (bill) => bill.periodKey,
    },
    { id: 'payee', label: t('agentCentre.bills.payee'), cell: (bill) => bill.payeeUsername },
    { id: 'payer', label: t('agentCentre.bills.payer'), cell: (bill) => bill.payerUsername ?? t('agentCentre.contracts.platform') },
    { id: 'validBet', label: t('agentCentre.team.validBet'), isNumber: true, cell: (bill) => formatMoney(bill.validBet, language) },
    { id: 'activeMembers', label: t('agentCentre.team.activeMembers'), isNumber: true, cell: (bill) => bill.activeMembers },
    { id: 'rate', label: t('agentCentre.bills.rate'), isNumber: true, cell: (bill) => formatRate(bill.rateBps, language) },
    { id: 'due', label: t('agentCentre.bills.due'), isNumber: true, cell: (bill) => formatMoney(bill.amountDue, language) },
    { id: 'paid', label: t('agentCentre.bills.paid'), isNumber: true, cell: (bill) => formatMoney(bill.amountPaid, language) },
    { id: 'status', label: t('agentCentre.contracts.status'), cell: (bill) => <BillStatusBadge status={bill.status} /> },
    ...(hasPayable
      ? [
          {
            id: 'actions',
            label: t('agentCentre.downlines.actions'),
            isAction: true,
            cell: (bill: Bill) =>
              isPayable(bill) ? (
                <Button size="small" onClick={() => setPaying(bill)}>
                  {t('agentCentre.bills.payNow')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
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
            <span aria-hidden="true" className={`${styles.muted} ${styles.chipDivider}`}>
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
          <DataTable
            columns={billColumns}
            rows={bills.data?.items ?? []}
            rowKey={(bill) => bill.id}
            hasTitleCell={false}
            data-testid="bills-table"
            footer={
              bills.data ? (
                <tr>
                  <td colSpan={6}>{t('agentCentre.bills.total')}</td>
                  <td className={styles.num} data-label={t('agentCentre.bills.due')}>
                    {formatMoney(bills.data.totalDue, language)}
                  </td>
                  <td className={styles.num} data-label={t('agentCentre.bills.paid')}>
                    {formatMoney(bills.data.totalPaid, language)}
                  </td>
                  <td />
                  {hasPayable ? <td /> : null}
                </tr>
              ) : null
            }
          />
          {bills.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={bills.data.total} onChange={setPageNo} /> : null}
        </QueryState>
      </section>
      {paying ? <PayBillDialog bill={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}

/** Owed on a bill: what is due minus what was paid, as "1234.50" (amounts are exact decimal strings). */
function remainderOf(bill: Bill): string {
  const due = toMinor(bill.amountDue) ?? 0n;
  const paid = toMinor(bill.amountPaid) ?? 0n;
  return formatMinor(due > paid ? due - paid : 0n);
}

/**
 * "Pay now": the payer confirms the amount still owed and its payment password (as for
 * transfers). The server pays from earnings first, then the wallet, and never more than is
 * owed; one key per attempt so a retried request pays once.
 */
function PayBillDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const pay = usePayBill();
  const owed = formatMoney(remainderOf(bill), language);
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { paymentPassword: '' },
    resolver: moneyFormResolver(payBillBody.omit({ idempotencyKey: true }), {
      paymentPassword: t('agentCentre.transfer.passwordRequired'),
    }),
  });
  const submit = handleSubmit(({ paymentPassword }) => {
    setError(null);
    pay.mutate(
      { billId: bill.id, paymentPassword, idempotencyKey },
      { onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('agentCentre.actionFailed')) },
    );
  });
  const result = pay.data;
  return (
    <Dialog isOpen onClose={onClose} title={t('agentCentre.bills.payTitle')} width={440} height="auto" isClosable={!pay.isPending}>
      {result ? (
        <div className={styles.stack} data-testid="pay-bill-result">
          <p className={styles.success} role="status">
            {t('agentCentre.bills.payDone', { amount: formatMoney(result.paidNow, language), username: bill.payeeUsername })}
          </p>
          {result.remaining !== '0.00' ? (
            <p className={styles.muted}>{t('agentCentre.bills.stillOwed', { amount: formatMoney(result.remaining, language) })}</p>
          ) : null}
          <div className={styles.formActions}>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('agentCentre.bills.payTitle')}>
          <p>
            {t('agentCentre.bills.payText', {
              amount: owed,
              username: bill.payeeUsername,
              period: bill.periodKey,
              type: t(`agentCentre.contractTypes.${bill.type}`),
            })}
          </p>
          <p className={styles.statValue} data-testid="pay-bill-amount">
            {owed}
          </p>
          <p className={styles.muted}>{t('agentCentre.bills.paySource')}</p>
          <PasswordField
            label={t('agentCentre.transfer.paymentPassword')}
            autoComplete="off"
            {...register('paymentPassword')}
            error={formState.errors.paymentPassword?.message}
            isRequired
          />
          <DialogFormFooter
            error={error}
            isPending={pay.isPending}
            onCancel={onClose}
            submitLabel={t('agentCentre.bills.payConfirm', { amount: owed })}
          />
        </form>
      )}
    </Dialog>
  );
}
