import type { operatorDepositValue } from '@kismat/contracts/cashier';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useState } from 'react';
import type { z } from 'zod';
import { api } from '../api';
import { MarkPaidAction } from '../components/mark-paid-action';
import { ProofDialog } from '../components/proof-dialog';
import { formatMoney } from '../format';
import { AMOUNT_COLUMN, ID_COLUMN, MEMBER_COLUMN, type QueueColumn, REQUESTED_COLUMN, ReviewQueue } from './review-queue';

type OperatorDeposit = z.infer<typeof operatorDepositValue>;

/**
 * Deposits awaiting review (manual channels): check the reference and proof, then approve or
 * reject. Online orders are listed as such and settled by their gateway; one the provider paid
 * without calling back is marked paid with the provider's reference (issue 12 item 3).
 */
export function DepositsPage({ me }: { me: OperatorMe }) {
  const [proofOf, setProofOf] = useState<number | null>(null);
  const columns: QueueColumn<OperatorDeposit>[] = [
    ID_COLUMN,
    MEMBER_COLUMN,
    {
      label: 'Channel',
      // The demo's sandbox gateway paid these with play money: never mistaken for a real deposit.
      // One element: a phone's card lays a cell's children side by side.
      cell: (row) => (
        <div className="channel-cell">
          <span>{row.channelName}</span>
          {row.channelKind === 'gateway' || row.isSandbox ? (
            <span className="tags">
              {row.channelKind === 'gateway' ? <span className="pill pill-online">online order</span> : null}
              {row.isSandbox ? <span className="pill pill-sandbox">SANDBOX — test money</span> : null}
              {row.paidAfter ? (
                <span className="pill pill-late">paid after {row.paidAfter === 'expired' ? 'expiry' : 'cancel'}</span>
              ) : null}
            </span>
          ) : null}
        </div>
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
      extraStatuses={['failed', 'cancelled', 'expired']}
      columns={columns}
      approved={(row) => `Deposit #${row.id} approved: ${formatMoney(row.amount)} credited to ${row.username}.`}
      rejected={(row) => `Deposit #${row.id} of ${row.username} rejected.`}
      reviewCell={(row, { mayReview, act }) =>
        row.channelKind === 'gateway' && row.status !== 'approved' ? (
          <MarkPaidAction
            label={`deposit #${row.id}`}
            status={row.status}
            expiresAt={row.expiresAt}
            canMarkPaid={mayReview && row.status !== 'rejected'}
            onMarkPaid={(reference, note) =>
              act(
                () => api('POST', `/admin-api/cashier/deposits/${row.id}/mark-paid`, { reference, note }),
                `Deposit #${row.id} marked paid (${reference}): ${formatMoney(row.amount)} credited to ${row.username}.`,
              )
            }
          />
        ) : null
      }
    >
      {proofOf !== null ? <ProofDialog depositId={proofOf} onClose={() => setProofOf(null)} /> : null}
    </ReviewQueue>
  );
}
