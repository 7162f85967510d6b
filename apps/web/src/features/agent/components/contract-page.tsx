import { type BillStatus, type ContractType, payBillBody } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
import type { Bill, Contract } from '../api/types';
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
          <table className={`${styles.table} ${styles.cardTable}`}>
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
                  <td data-label={t('agentCentre.downlines.username')}>{contract.memberUsername}</td>
                  <td data-label={t('agentCentre.contracts.status')}>
                    <ContractStatusBadge status={contract.status} />
                    {contract.terminationReason ? (
                      <span className={styles.muted}> · {t(`agentCentre.terminationReasons.${contract.terminationReason}`)}</span>
                    ) : null}
                  </td>
                  <td className={styles.num} data-label={t('agentCentre.contracts.maxRate')}>
                    {formatRate(contract.maxRateBps, language)}
                  </td>
                  <td data-label={t('agentCentre.contracts.period')}>{t(`agentCentre.periods.${contract.terms.period}`)}</td>
                  <td data-label={t('agentCentre.contracts.offeredAt')}>{formatDateTime(contract.offeredAt, language)}</td>
                  <td className={styles.actions}>
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
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.cardTable}`} data-testid="bills-table">
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
                  {hasPayable ? (
                    <th>
                      <span className="visually-hidden">{t('agentCentre.downlines.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {bills.data?.items.map((bill) => (
                  <tr key={bill.id}>
                    <td
                      data-label={t('agentCentre.bills.period')}
                      title={`${formatDateTime(bill.periodStart, language)} – ${formatDateTime(bill.periodEnd, language)}`}
                    >
                      {bill.periodKey}
                    </td>
                    <td data-label={t('agentCentre.bills.payee')}>{bill.payeeUsername}</td>
                    <td data-label={t('agentCentre.bills.payer')}>{bill.payerUsername ?? t('agentCentre.contracts.platform')}</td>
                    <td className={styles.num} data-label={t('agentCentre.team.validBet')}>
                      {formatMoney(bill.validBet, language)}
                    </td>
                    <td className={styles.num} data-label={t('agentCentre.team.activeMembers')}>
                      {bill.activeMembers}
                    </td>
                    <td className={styles.num} data-label={t('agentCentre.bills.rate')}>
                      {formatRate(bill.rateBps, language)}
                    </td>
                    <td className={styles.num} data-label={t('agentCentre.bills.due')}>
                      {formatMoney(bill.amountDue, language)}
                    </td>
                    <td className={styles.num} data-label={t('agentCentre.bills.paid')}>
                      {formatMoney(bill.amountPaid, language)}
                    </td>
                    <td data-label={t('agentCentre.contracts.status')}>
                      <BillStatusBadge status={bill.status} />
                    </td>
                    {hasPayable ? (
                      <td className={styles.actions}>
                        {isPayable(bill) ? (
                          <Button size="small" onClick={() => setPaying(bill)}>
                            {t('agentCentre.bills.payNow')}
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
              {bills.data ? (
                <tfoot>
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
                </tfoot>
              ) : null}
            </table>
          </div>
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
