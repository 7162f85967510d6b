import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import type { Contract, ContractTerms } from '../api/types';
import { formatMoney, formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { ContractStatusBadge } from './status-badge';

type Tier = ContractTerms['tiers'][number];

/** A contract's tiers: threshold, active members and what each pays. */
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

/** A contract's status, offerer, period, basis and date above its tiers. */
export function ContractSummary({ contract }: { contract: Contract }) {
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
