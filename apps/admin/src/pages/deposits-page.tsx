import type { operatorDepositValue } from '@kismat/contracts/cashier';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useState } from 'react';
import type { z } from 'zod';
import { ProofDialog } from '../components/proof-dialog';
import { formatMoney } from '../format';
import { AMOUNT_COLUMN, ID_COLUMN, MEMBER_COLUMN, type QueueColumn, REQUESTED_COLUMN, ReviewQueue } from './review-queue';

type OperatorDeposit = z.infer<typeof operatorDepositValue>;

/** Deposits awaiting review (manual channels): check the reference and proof, then approve or reject. */
export function DepositsPage({ me }: { me: OperatorMe }) {
  const [proofOf, setProofOf] = useState<number | null>(null);
  const columns: QueueColumn<OperatorDeposit>[] = [
    ID_COLUMN,
    MEMBER_COLUMN,
    {
      label: 'Channel',
      // The demo's sandbox gateway paid these with play money: never mistaken for a real deposit.
      cell: (row) =>
        row.isSandbox ? (
          <>
            {row.channelName} <span className="pill pill-sandbox">SANDBOX — test money</span>
          </>
        ) : (
          row.channelName
        ),
    },
    AMOUNT_COLUMN,
    { label: 'Reference', className: 'mono', cell: (row) => row.reference ?? '—' },
    REQUESTED_COLUMN,
    {
      label: 'Proof',
      cell: (row) =>
        row.hasProof ? (
          <button type="button" className="button link" onClick={() => setProofOf(row.id)}>
            View proof
          </button>
        ) : (
          <span className="muted">none</span>
        ),
    },
  ];

  return (
    <ReviewQueue
      me={me}
      noun="deposit"
      title="Deposits"
      path="/admin-api/cashier/deposits"
      extraStatuses={['failed']}
      columns={columns}
      approved={(row) => `Deposit #${row.id} approved: ${formatMoney(row.amount)} credited to ${row.username}.`}
      rejected={(row) => `Deposit #${row.id} of ${row.username} rejected.`}
    >
      {proofOf !== null ? <ProofDialog depositId={proofOf} onClose={() => setProofOf(null)} /> : null}
    </ReviewQueue>
  );
}
