import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { ReactNode } from 'react';
import { api } from '../api';
import { DataTable } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ReviewActions } from '../components/review-actions';
import { StatusFilter } from '../components/status-filter';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';
import { useReviewList } from './use-review-list';

/** What every deposit and withdrawal row has. */
interface ReviewRow {
  id: number;
  username: string;
  merchantCode: string;
  amount: string;
  status: string;
  createdAt: string;
}

/** One column of a queue: its heading (also the cell's data-label on phones) and its cell. */
export interface QueueColumn<Row> {
  label: string;
  headClassName?: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export const ID_COLUMN: QueueColumn<ReviewRow> = { label: '#', cell: (row) => row.id };
export const MEMBER_COLUMN: QueueColumn<ReviewRow> = {
  label: 'Member',
  cell: (row) => (
    <>
      <strong>{row.username}</strong>
      <span className="muted"> · {row.merchantCode}</span>
    </>
  ),
};
export const AMOUNT_COLUMN: QueueColumn<ReviewRow> = {
  label: 'Amount',
  headClassName: 'num',
  className: 'num strong',
  cell: (row) => formatMoney(row.amount),
};
export const REQUESTED_COLUMN: QueueColumn<ReviewRow> = { label: 'Requested', cell: (row) => formatTime(row.createdAt) };

/** What a page's own review cell gets: whether the operator may move money, and the queue's action runner. */
export interface ReviewCellHelpers {
  mayReview: boolean;
  act: (action: () => Promise<unknown>, success: string) => Promise<void>;
}

/**
 * A cashier queue by status (deposits or withdrawals): the rows in the page's columns, and for
 * pending rows approve or reject, offered only to roles that may move money. A page may give some
 * rows their own review cell instead (`reviewCell`; deposits: online orders, settled by the gateway).
 */
export function ReviewQueue<Row extends ReviewRow>({
  me,
  noun,
  title,
  path,
  extraStatuses,
  columns,
  approved,
  rejected,
  reviewCell,
  children,
}: {
  me: OperatorMe;
  /** 'deposit' or 'withdrawal': the test ids, the empty text and the action labels. */
  noun: string;
  title: string;
  /** The list's API path; a row's approve and reject paths are below it. */
  path: string;
  extraStatuses?: readonly string[];
  columns: readonly QueueColumn<Row>[];
  approved: (row: Row) => string;
  rejected: (row: Row) => string;
  /** A row's own review cell, or null for the default approve / reject. */
  reviewCell?: (row: Row, helpers: ReviewCellHelpers) => ReactNode | null;
  children?: ReactNode;
}) {
  const list = useReviewList<Row>(path, extraStatuses);
  const mayReview = canMoveMoney(me);
  const reviewLabel = list.status === 'pending' ? 'Review' : 'Status';
  const titleId = `${noun}s-title`;

  return (
    <section aria-labelledby={titleId}>
      <div className="section-head">
        <h1 id={titleId}>{title}</h1>
        <StatusFilter value={list.status} options={list.statuses} onChange={list.setStatus} onRefresh={() => void list.reload()} />
      </div>
      <FeedbackBanner feedback={list.feedback} onClose={() => list.setFeedback(null)} />
      {list.loadError ? <p className="banner error">{list.loadError}</p> : null}
      {list.rows === null ? <p className="empty">Loading…</p> : null}
      {list.rows?.length === 0 ? (
        <p className="empty">
          No {list.status} {noun}s.
        </p>
      ) : null}
      {list.rows && list.rows.length > 0 ? (
        <DataTable headings={[...columns.map((column) => ({ label: column.label, className: column.headClassName })), reviewLabel]}>
          {list.rows.map((row) => (
            <tr key={row.id} data-testid={`${noun}-${row.id}`}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              <td data-label={reviewLabel}>
                {reviewCell?.(row, { mayReview, act: list.act }) ??
                  (row.status === 'pending' && mayReview ? (
                    <ReviewActions
                      label={`${noun} #${row.id}`}
                      onApprove={() => list.act(() => api('POST', `${path}/${row.id}/approve`, {}), approved(row))}
                      onReject={(note) => list.act(() => api('POST', `${path}/${row.id}/reject`, { note }), rejected(row))}
                    />
                  ) : (
                    <span className={`pill pill-${row.status}`}>{row.status}</span>
                  ))}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {children}
    </section>
  );
}
