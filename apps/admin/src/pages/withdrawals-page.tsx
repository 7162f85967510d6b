import type { operatorWithdrawalValue } from '@kismat/contracts/cashier';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { z } from 'zod';
import { api } from '../api';
import { FeedbackBanner } from '../components/feedback';
import { ReviewActions } from '../components/review-actions';
import { StatusFilter } from '../components/status-filter';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';
import { useReviewList } from './use-review-list';

type OperatorWithdrawal = z.infer<typeof operatorWithdrawalValue>;

/** Withdrawals awaiting payout: pay the bound account outside, then approve (disbursed) or reject (hold released). */
export function WithdrawalsPage({ me }: { me: OperatorMe }) {
  const list = useReviewList<OperatorWithdrawal>('/admin-api/cashier/withdrawals');
  const mayReview = canMoveMoney(me);

  return (
    <section aria-labelledby="withdrawals-title">
      <div className="section-head">
        <h1 id="withdrawals-title">Withdrawals</h1>
        <StatusFilter value={list.status} options={list.statuses} onChange={list.setStatus} onRefresh={() => void list.reload()} />
      </div>
      <FeedbackBanner feedback={list.feedback} onClose={() => list.setFeedback(null)} />
      {list.loadError ? <p className="banner error">{list.loadError}</p> : null}
      {list.rows === null ? <p className="empty">Loading…</p> : null}
      {list.rows?.length === 0 ? <p className="empty">No {list.status} withdrawals.</p> : null}
      {list.rows && list.rows.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Member</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Pay to</th>
              <th scope="col">Requested</th>
              <th scope="col">Receipt</th>
              <th scope="col">{list.status === 'pending' ? 'Review' : 'Status'}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id} data-testid={`withdrawal-${row.id}`}>
                <td data-label="#">{row.id}</td>
                <td data-label="Member">
                  <strong>{row.username}</strong>
                  <span className="muted"> · {row.merchantCode}</span>
                </td>
                <td data-label="Amount" className="num strong">
                  {formatMoney(row.amount)}
                </td>
                <td data-label="Pay to">
                  <span className="stack">
                    <span>{row.accountName}</span>
                    <span className="muted">
                      {row.bankName} · <span className="mono">{row.accountNumber}</span>
                    </span>
                  </span>
                </td>
                <td data-label="Requested">{formatTime(row.createdAt)}</td>
                <td data-label="Receipt">
                  {row.confirmation ? (
                    <span className="stack">
                      <span>{row.confirmation.replace('_', ' ')}</span>
                      <span className="muted">
                        received {formatMoney(row.receivedAmount)} · open {formatMoney(row.remainingAmount)}
                      </span>
                    </span>
                  ) : (
                    <span className="muted">{row.status === 'approved' ? 'awaiting member' : '—'}</span>
                  )}
                </td>
                <td data-label={list.status === 'pending' ? 'Review' : 'Status'}>
                  {row.status === 'pending' && mayReview ? (
                    <ReviewActions
                      label={`withdrawal #${row.id}`}
                      onApprove={() =>
                        list.act(
                          () => api('POST', `/admin-api/cashier/withdrawals/${row.id}/approve`, {}),
                          `Withdrawal #${row.id} approved: ${formatMoney(row.amount)} paid out to ${row.username}.`,
                        )
                      }
                      onReject={(note) =>
                        list.act(
                          () => api('POST', `/admin-api/cashier/withdrawals/${row.id}/reject`, { note }),
                          `Withdrawal #${row.id} of ${row.username} rejected; the held funds are back in the balance.`,
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
    </section>
  );
}
