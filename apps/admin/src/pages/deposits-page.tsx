import type { operatorDepositValue } from '@kismat/contracts/cashier';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useState } from 'react';
import type { z } from 'zod';
import { api } from '../api';
import { FeedbackBanner } from '../components/feedback';
import { ProofDialog } from '../components/proof-dialog';
import { ReviewActions } from '../components/review-actions';
import { StatusFilter } from '../components/status-filter';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';
import { useReviewList } from './use-review-list';

type OperatorDeposit = z.infer<typeof operatorDepositValue>;

/** Deposits awaiting review (manual channels): check the reference and proof, then approve or reject. */
export function DepositsPage({ me }: { me: OperatorMe }) {
  const list = useReviewList<OperatorDeposit>('/admin-api/cashier/deposits', ['failed']);
  const [proofOf, setProofOf] = useState<number | null>(null);
  const mayReview = canMoveMoney(me);

  return (
    <section aria-labelledby="deposits-title">
      <div className="section-head">
        <h1 id="deposits-title">Deposits</h1>
        <StatusFilter value={list.status} options={list.statuses} onChange={list.setStatus} onRefresh={() => void list.reload()} />
      </div>
      <FeedbackBanner feedback={list.feedback} onClose={() => list.setFeedback(null)} />
      {list.loadError ? <p className="banner error">{list.loadError}</p> : null}
      {list.rows === null ? <p className="empty">Loading…</p> : null}
      {list.rows?.length === 0 ? <p className="empty">No {list.status} deposits.</p> : null}
      {list.rows && list.rows.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Member</th>
              <th scope="col">Channel</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Requested</th>
              <th scope="col">Proof</th>
              <th scope="col">{list.status === 'pending' ? 'Review' : 'Status'}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id} data-testid={`deposit-${row.id}`}>
                <td data-label="#">{row.id}</td>
                <td data-label="Member">
                  <strong>{row.username}</strong>
                  <span className="muted"> · {row.merchantCode}</span>
                </td>
                <td data-label="Channel">{row.channelName}</td>
                <td data-label="Amount" className="num strong">
                  {formatMoney(row.amount)}
                </td>
                <td data-label="Reference" className="mono">
                  {row.reference ?? '—'}
                </td>
                <td data-label="Requested">{formatTime(row.createdAt)}</td>
                <td data-label="Proof">
                  {row.hasProof ? (
                    <button type="button" className="button link" onClick={() => setProofOf(row.id)}>
                      View proof
                    </button>
                  ) : (
                    <span className="muted">none</span>
                  )}
                </td>
                <td data-label={list.status === 'pending' ? 'Review' : 'Status'}>
                  {row.status === 'pending' && mayReview ? (
                    <ReviewActions
                      label={`deposit #${row.id}`}
                      onApprove={() =>
                        list.act(
                          () => api('POST', `/admin-api/cashier/deposits/${row.id}/approve`, {}),
                          `Deposit #${row.id} approved: ${formatMoney(row.amount)} credited to ${row.username}.`,
                        )
                      }
                      onReject={(note) =>
                        list.act(
                          () => api('POST', `/admin-api/cashier/deposits/${row.id}/reject`, { note }),
                          `Deposit #${row.id} of ${row.username} rejected.`,
                        )
                      }
                    />
                  ) : (
                    <span className={`pill pill-${row.status}`}>{row.status}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {proofOf !== null ? <ProofDialog depositId={proofOf} onClose={() => setProofOf(null)} /> : null}
    </section>
  );
}
