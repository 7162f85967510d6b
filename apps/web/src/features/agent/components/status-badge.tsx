import type { BillStatus, ContractStatus } from '@kismat/contracts/agent';
import { useTranslation } from 'react-i18next';
import styles from './agent-pages.module.css';

const CONTRACT_TONES: Record<ContractStatus, string> = {
  PENDING: 'warning',
  ACTIVE: 'success',
  REJECTED: 'danger',
  TERMINATED: 'danger',
  REPLACED: 'info',
  WITHDRAWN: 'info',
};
const BILL_TONES: Record<BillStatus, string> = { PAID: 'success', PARTIAL: 'warning', UNPAID: 'danger', NIL: 'info' };

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={CONTRACT_TONES[status]}>
      {t(`agentCentre.contractStatus.${status}`)}
    </span>
  );
}

export function BillStatusBadge({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-tone={BILL_TONES[status]}>
      {t(`agentCentre.billStatus.${status}`)}
    </span>
  );
}
