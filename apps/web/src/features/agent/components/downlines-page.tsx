import { type ContractType, downlineTransferBody } from '@kismat/contracts/agent';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icon';
import { fromQuery } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountField, amountToWire, moneyFormResolver } from '@/lib/money-form';
import { useLanguage } from '@/stores/language-store';
import { useDownline } from '../api/get-downline';
import { type DownlinesQuery, useDownlines } from '../api/get-downlines';
import { useTransferToDownline } from '../api/transfer-to-downline';
import type { DownlineSummary } from '../api/types';
import { formatMoney, formatRate, signOf } from '../utils/format';
import styles from './agent-pages.module.css';
import { CursorPager, useCursorPages } from './cursor-pager';
import { OfferContractDialog } from './offer-contract-dialog';
import { QueryState } from './query-state';
import { ContractStatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/** downlineManagmentView: search and page the team, open a member's details, transfer, offer a contract. */
export function DownlinesPage({ contractTypes }: { contractTypes: readonly ContractType[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<Omit<DownlinesQuery, 'cursor'>>({ pageSize: PAGE_SIZE, kind: 'ALL' });
  const pages = useCursorPages();
  const changeQuery = pages.firstPageAfter(setQuery);
  const [selected, setSelected] = useState<DownlineSummary | null>(null);
  const downlines = useDownlines({ ...query, cursor: pages.cursor });
  const search = (event: FormEvent) => {
    event.preventDefault();
    changeQuery({ ...query, keyword: keyword.trim() || undefined });
  };
  const columns: DataColumn<DownlineSummary>[] = [
    {
      id: 'username',
      label: t('agentCentre.downlines.username'),
      cell: (row) => (
        <>
          <strong>{row.username}</strong>
          {row.nickname && row.nickname !== row.username ? <span className={styles.muted}> · {row.nickname}</span> : null}
        </>
      ),
    },
    {
      id: 'type',
      label: t('agentCentre.downlines.type'),
      cell: (row) => (
        <span className={styles.badge} data-tone={row.type === 0 ? undefined : 'info'}>
          {row.type === 0 ? t('agentCentre.downlines.kinds.MEMBER') : t('agentCentre.downlines.kinds.AGENT')}
        </span>
      ),
    },
    {
      id: 'level',
      label: t('agentCentre.downlines.level'),
      cell: (row) => (row.depth === 1 ? t('agentCentre.downlines.direct') : t('agentCentre.downlines.depth', { depth: row.depth })),
    },
    { id: 'teamSize', label: t('agentCentre.downlines.teamSize'), isNumber: true, cell: (row) => row.teamSize },
    {
      id: 'balance',
      label: t('agentCentre.downlines.balance'),
      isNumber: true,
      cell: (row) => (row.balance === null ? t('agentCentre.downlines.hidden') : formatMoney(row.balance, language)),
    },
    { id: 'registered', label: t('agentCentre.downlines.registered'), cell: (row) => formatDateTime(row.registeredAt, language) },
    { id: 'lastLogin', label: t('agentCentre.downlines.lastLogin'), cell: (row) => formatDateTime(row.lastLoginAt, language) },
    {
      id: 'actions',
      label: t('agentCentre.downlines.actions'),
      isAction: true,
      cell: (row) => (
        <Button variant="outline" size="small" onClick={() => setSelected(row)}>
          {t('agentCentre.downlines.details')}
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.stack}>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={search}>
        <TextField
          label={t('agentCentre.downlines.search')}
          icon="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('agentCentre.downlines.searchHint')}
        />
        <SelectField
          label={t('agentCentre.downlines.kind')}
          value={query.kind}
          onChange={(event) => changeQuery({ ...query, kind: event.target.value as DownlinesQuery['kind'] })}
        >
          <option value="ALL">{t('agentCentre.downlines.kinds.ALL')}</option>
          <option value="MEMBER">{t('agentCentre.downlines.kinds.MEMBER')}</option>
          <option value="AGENT">{t('agentCentre.downlines.kinds.AGENT')}</option>
        </SelectField>
        <Button type="submit">
          <Icon name="search" size={16} />
          {t('agentCentre.downlines.searchButton')}
        </Button>
      </form>
      <section className={styles.card}>
        <QueryState {...fromQuery(downlines)} isEmpty={downlines.data?.items.length === 0} emptyTitle={t('agentCentre.downlines.empty')}>
          <DataTable
            columns={columns}
            rows={downlines.data?.items ?? []}
            rowKey={(row) => row.memberId}
            hasTitleCell={false}
            data-testid="downline-table"
          />
          {downlines.data ? (
            <CursorPager pages={pages} nextCursor={downlines.isPlaceholderData ? null : downlines.data.nextCursor} />
          ) : null}
        </QueryState>
      </section>
      {selected ? <DownlineDrawer summary={selected} contractTypes={contractTypes} onClose={() => setSelected(null)} /> : null}
    </div>
  );
}

function DownlineDrawer({
  summary,
  contractTypes,
  onClose,
}: {
  summary: DownlineSummary;
  contractTypes: readonly ContractType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useDownline(summary.memberId);
  const [isOffering, setIsOffering] = useState(false);
  const data = detail.data;
  return (
    <>
      <div className={styles.drawerBackdrop} onClick={onClose} aria-hidden="true" />
      <aside
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-label={t('agentCentre.downlines.detailsOf', { username: summary.username })}
      >
        <div className={blocks.apart}>
          <h2 className={styles.cardTitle}>
            <Icon name="user" size={20} />
            {summary.username}
          </h2>
          <Button variant="ghost" size="small" isIconOnly onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" size={18} />
          </Button>
        </div>
        {detail.isLoading ? <Spinner label={t('common.loading')} isCentered /> : null}
        {detail.error ? <p className={styles.error}>{detail.error.message}</p> : null}
        {data ? (
          <>
            <dl className={styles.definition}>
              <dt>{t('agentCentre.downlines.nickname')}</dt>
              <dd>{data.nickname || '—'}</dd>
              <dt>{t('agentCentre.downlines.upline')}</dt>
              <dd>{data.uplineUsername ?? '—'}</dd>
              <dt>{t('agentCentre.downlines.status')}</dt>
              <dd>{t(`agentCentre.downlines.statuses.${data.status}`)}</dd>
              <dt>{t('agentCentre.downlines.balance')}</dt>
              <dd>{data.balance === null ? t('agentCentre.downlines.hidden') : formatMoney(data.balance, language)}</dd>
              <dt>{t('agentCentre.downlines.lastLogin')}</dt>
              <dd>{formatDateTime(data.lastLoginAt, language)}</dd>
              <dt>{t('agentCentre.downlines.last30')}</dt>
              <dd />
              <dt>{t('agentCentre.team.deposits')}</dt>
              <dd>{formatMoney(data.deposits, language)}</dd>
              <dt>{t('agentCentre.team.withdrawals')}</dt>
              <dd>{formatMoney(data.withdrawals, language)}</dd>
              <dt>{t('agentCentre.team.validBet')}</dt>
              <dd>{t('agentCentre.downlines.bets', { amount: formatMoney(data.validBet, language), count: data.betCount })}</dd>
              <dt>{t('agentCentre.team.memberWinLoss')}</dt>
              <dd data-sign={signOf(data.memberWinLoss)}>{formatMoney(data.memberWinLoss, language)}</dd>
            </dl>
            <section>
              <div className={blocks.spread}>
                <h3 className={styles.cardTitle}>{t('agentCentre.downlines.contracts')}</h3>
                {data.isDirect && contractTypes.length > 0 ? (
                  <Button size="small" onClick={() => setIsOffering(true)}>
                    {t('agentCentre.offer.open')}
                  </Button>
                ) : null}
              </div>
              {data.contracts.length === 0 ? (
                <p className={styles.muted}>{t('agentCentre.downlines.noContracts')}</p>
              ) : (
                <ul className={styles.links}>
                  {data.contracts.map((contract) => (
                    <li key={contract.id} className={blocks.spread}>
                      <span>
                        {t(`agentCentre.contractTypes.${contract.type}`)} · {formatRate(contract.maxRateBps, language)}
                      </span>
                      <ContractStatusBadge status={contract.status} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {data.isDirect ? null : <p className={styles.muted}>{t('agentCentre.downlines.indirectNote')}</p>}
            <TransferForm memberId={data.memberId} username={data.username} />
            <OfferContractDialog
              isOpen={isOffering}
              onClose={() => setIsOffering(false)}
              memberId={data.memberId}
              username={data.username}
              types={contractTypes}
            />
          </>
        ) : null}
      </aside>
    </>
  );
}

/** Transfer to a downline: the cashier's call, with the payment password; one key per attempt so a retry applies once. */
function TransferForm({ memberId, username }: { memberId: number; username: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const transfer = useTransferToDownline();
  const { register, handleSubmit, reset, formState } = useForm({
    defaultValues: { amount: '', paymentPassword: '' },
    resolver: moneyFormResolver(
      downlineTransferBody
        .omit({ idempotencyKey: true })
        .extend({ amount: amountField({ message: t('agentCentre.transfer.invalidAmount') }) }),
      { paymentPassword: t('agentCentre.transfer.passwordRequired') },
    ),
  });
  const submit = handleSubmit(({ amount, paymentPassword }) => {
    setError(null);
    transfer.mutate(
      { memberId, amount: amountToWire(amount), paymentPassword, idempotencyKey },
      {
        onSuccess: () => {
          reset();
          setIdempotencyKey(newIdempotencyKey());
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('agentCentre.actionFailed')),
      },
    );
  });
  const { errors } = formState;
  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate>
      <h3 className={styles.cardTitle}>
        <Icon name="wallet" size={18} />
        {t('agentCentre.transfer.title', { username })}
      </h3>
      <div className={styles.stack}>
        <TextField
          label={t('agentCentre.transfer.amount')}
          inputMode="decimal"
          {...register('amount')}
          error={errors.amount?.message}
          isRequired
        />
        <PasswordField
          label={t('agentCentre.transfer.paymentPassword')}
          autoComplete="off"
          {...register('paymentPassword')}
          error={errors.paymentPassword?.message}
          isRequired
        />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {transfer.isSuccess ? (
        <p className={styles.success} role="status">
          {t('agentCentre.transfer.done', { amount: transfer.data.amount, username: transfer.data.toUsername })}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" disabled={transfer.isPending} aria-busy={transfer.isPending || undefined}>
          {t('agentCentre.transfer.submit')}
        </Button>
      </div>
    </form>
  );
}
