import type { operatorWithdrawalValue } from '@kismat/contracts/cashier';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { z } from 'zod';
import { formatMoney } from '../format';
import { AMOUNT_COLUMN, ID_COLUMN, MEMBER_COLUMN, type QueueColumn, REQUESTED_COLUMN, ReviewQueue } from './review-queue';

type OperatorWithdrawal = z.infer<typeof operatorWithdrawalValue>;

const COLUMNS: QueueColumn<OperatorWithdrawal>[] = [
  ID_COLUMN,
  MEMBER_COLUMN,
  AMOUNT_COLUMN,
  {
    label: 'Pay to',
    cell: (row) => (
      <span className="stack">
        <span>{row.accountName}</span>
        <span className="muted">
          {row.bankName} · <span className="mono">{row.accountNumber}</span>
        </span>
      </span>
    ),
  },
  REQUESTED_COLUMN,
  {
    label: 'Receipt',
    cell: (row) =>
      row.confirmation ? (
        <span className="stack">
          <span>{row.confirmation.replace('_', ' ')}</span>
          <span className="muted">
            received {formatMoney(row.receivedAmount)} · open {formatMoney(row.remainingAmount)}
          </span>
        </span>
      ) : (
        <span className="muted">{row.status === 'approved' ? 'awaiting member' : '—'}</span>
      ),
  },
];

/** Withdrawals awaiting payout: pay the bound account outside, then approve (disbursed) or reject (hold released). */
export function WithdrawalsPage({ me }: { me: OperatorMe }) {
  return (
    <ReviewQueue
      me={me}
      noun="withdrawal"
      title="Withdrawals"
      path="/admin-api/cashier/withdrawals"
      columns={COLUMNS}
      approved={(row) => `Withdrawal #${row.id} approved: ${formatMoney(row.amount)} paid out to ${row.username}.`}
      rejected={(row) => `Withdrawal #${row.id} of ${row.username} rejected; the held funds are back in the balance.`}
    />
  );
}
