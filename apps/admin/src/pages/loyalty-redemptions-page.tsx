import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_POINTS_PATHS, type operatorRedemption, POINTS_REDEMPTION_STATUSES } from '@kismat/contracts/points';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { api, failureText } from '../api';
import { ListTable, NumCell, numeric, Pager } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { ChoiceField, FilterForm, MemberCell, spaced, TextField } from '../components/fields';
import { Page } from '../components/page';
import { ReasonForm } from '../components/reason-form';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';
import { merchantPath } from './loyalty-hub';

type Redemption = z.infer<typeof operatorRedemption>;
interface RedemptionsPage {
  list: Redemption[];
  total: number;
  pageNo: number;
  pageSize: number;
}
const PAGE_SIZE = 20;

/** The redemption queue: In Process oldest first; approve (goods ship, cash is credited) or reject with a reason (points return). */
export function LoyaltyRedemptionsPage({ me, code }: { me: OperatorMe; code: string }) {
  const { filters, setFilters, applied, page, setPage, apply } = usePagedFilters({ status: 'IN_PROCESS', username: '' });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const mayAct = canMoveMoney(me);

  const {
    data,
    error,
    reload: load,
  } = useLoaded(
    useCallback(() => {
      const query = new URLSearchParams({ pageNo: String(page), pageSize: String(PAGE_SIZE) });
      if (applied.status) query.set('status', applied.status);
      if (applied.username.trim()) query.set('username', applied.username.trim());
      return api<RedemptionsPage>('GET', `${merchantPath(OPERATOR_POINTS_PATHS.redemptions, code)}?${query.toString()}`);
    }, [applied, page, code]),
    'The redemptions could not be loaded.',
  );

  const review = async (row: Redemption, outcome: 'approve' | 'reject') => {
    setBusyId(row.id);
    try {
      if (outcome === 'approve') await api('POST', merchantPath(OPERATOR_POINTS_PATHS.redemptionApprove, code, row.id));
      else await api('POST', merchantPath(OPERATOR_POINTS_PATHS.redemptionReject, code, row.id), { reason: reason.trim() });
      setFeedback({
        tone: 'success',
        text:
          outcome === 'approve'
            ? `Redemption ${row.referenceNumber} approved.`
            : `Redemption ${row.referenceNumber} rejected; points returned.`,
      });
      setRejecting(null);
      setReason('');
      await load();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The redemption could not be reviewed.') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Page id="redemptions" title="Points redemptions">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <FilterForm submitLabel="Apply" onApply={apply}>
        <ChoiceField
          label="Status"
          value={filters.status}
          options={POINTS_REDEMPTION_STATUSES}
          anyLabel="all"
          optionText={spaced}
          onChange={(status) => setFilters({ ...filters, status })}
        />
        <TextField label="Username" value={filters.username} onChange={(value) => setFilters({ ...filters, username: value })} />
      </FilterForm>
      <ListTable
        error={error}
        rows={data?.list}
        empty="No redemption matches these filters."
        headings={[
          'Reference',
          'Member',
          'Reward',
          numeric('Points'),
          numeric('Amount'),
          'Address',
          'Status',
          'Applied',
          { label: '', ariaLabel: 'Actions' },
        ]}
        row={(row) => (
          <tr key={row.id} data-testid={`redemption-${row.id}`}>
            <td data-label="Reference" className="mono">
              {row.referenceNumber}
            </td>
            <MemberCell name={row.username} id={row.memberId} />
            <td data-label="Reward">
              {row.type === 'CONVERT' ? 'Points to cash' : row.itemName} × {row.quantity}
            </td>
            <NumCell label="Points">{row.points.toLocaleString('en-US')}</NumCell>
            <td data-label="Amount" className="num strong">
              {formatMoney(row.amount)}
            </td>
            <td data-label="Address">{row.receivingAddress ?? '—'}</td>
            <td data-label="Status">
              <span className={`pill pill-${row.status === 'APPROVED' ? 'approved' : row.status === 'REJECTED' ? 'rejected' : 'pending'}`}>
                {row.status.replace('_', ' ').toLowerCase()}
              </span>
              {row.remark ? <span className="muted"> · {row.remark}</span> : null}
              {row.reviewedBy ? <span className="muted"> · by {row.reviewedBy}</span> : null}
            </td>
            <td data-label="Applied">{formatTime(row.applyTime)}</td>
            <td data-label="Actions">
              {row.status === 'IN_PROCESS' && mayAct ? (
                rejecting === row.id ? (
                  <ReasonForm
                    confirmLabel="Reject"
                    confirmClassName="danger"
                    isReady={reason.trim().length >= 2}
                    isBusy={busyId === row.id}
                    onSubmit={() => void review(row, 'reject')}
                    onCancel={() => setRejecting(null)}
                  >
                    <TextField label="Reason (shown to the member)" value={reason} onChange={setReason} maxLength={300} />
                  </ReasonForm>
                ) : (
                  <div className="actions">
                    <button
                      type="button"
                      className="button primary"
                      disabled={busyId === row.id}
                      onClick={() => void review(row, 'approve')}
                    >
                      Approve
                    </button>
                    <button type="button" className="button danger" disabled={busyId === row.id} onClick={() => setRejecting(row.id)}>
                      Reject
                    </button>
                  </div>
                )
              ) : null}
            </td>
          </tr>
        )}
      />
      {data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={data.total} noun="redemptions" onPage={setPage} /> : null}
    </Page>
  );
}
