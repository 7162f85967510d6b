import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { APPLICATION_STATUSES, OPERATOR_PROMOTION_KIND_PATHS, type operatorApplication } from '@kismat/contracts/promotion-kinds';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { api } from '../api';
import { ListTable } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, MemberCell, TextField } from '../components/fields';
import { Page } from '../components/page';
import { useStatusQueue } from '../components/use-action';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';
import { ApplicationImages } from './promotions-application-images';

type Application = z.infer<typeof operatorApplication>;
const pathOf = (template: string, id: number) => template.replace(':id', String(id));

/** Activity applications: read the comment, view the images, approve with an amount in the rule's range or reject with a reason. */
export function PromotionsApplicationsPage({ me }: { me: OperatorMe }) {
  const [viewing, setViewing] = useState<Application | null>(null);
  const mayReview = canMoveMoney(me);
  const {
    status,
    setStatus,
    rows,
    error,
    feedback,
    setFeedback,
    run: act,
  } = useStatusQueue<Application, (typeof APPLICATION_STATUSES)[number]>(
    OPERATOR_PROMOTION_KIND_PATHS.applications,
    'APPLYING',
    'The applications could not be loaded.',
  );

  return (
    <Page
      id="applications"
      title="Activity applications"
      actions={<ChoiceField label="Status" value={status} options={APPLICATION_STATUSES} onChange={setStatus} />}
    >
      {mayReview ? null : <p className="hint">Your role ({me.role}) may read applications; finance and admins approve or reject them.</p>}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={error}
        rows={rows}
        empty={`No ${status.toLowerCase()} application.`}
        headings={['#', 'Member', 'Promotion', 'Comment', 'Images', 'Sent', 'Review']}
        row={(row) => (
          <tr key={row.id} data-testid={`application-${row.id}`}>
            <td data-label="#">{row.id}</td>
            <MemberCell name={row.memberName} id={row.memberId} />
            <td data-label="Promotion">
              <span className="stack">
                <span>{row.title}</span>
                <span className="muted">
                  award {formatMoney(row.minAmount)} – {formatMoney(row.maxAmount)}
                </span>
              </span>
            </td>
            <td data-label="Comment" className="comment-cell">
              {row.comment}
            </td>
            <td data-label="Images">
              {row.imageCount > 0 ? (
                <button type="button" className="button ghost" onClick={() => setViewing(row)}>
                  View {row.imageCount}
                </button>
              ) : (
                <span className="muted">none</span>
              )}
            </td>
            <td data-label="Sent">{formatTime(row.createdAt)}</td>
            <td data-label="Review">
              {row.status === 'APPLYING' && mayReview ? (
                <ApplicationReview
                  row={row}
                  onApprove={(amount) =>
                    act(
                      () => api('POST', pathOf(OPERATOR_PROMOTION_KIND_PATHS.applicationApprove, row.id), { amount }),
                      `Application #${row.id} approved: ${formatMoney(amount)} credited to ${row.memberName}.`,
                    )
                  }
                  onReject={(reason) =>
                    act(
                      () => api('POST', pathOf(OPERATOR_PROMOTION_KIND_PATHS.applicationReject, row.id), { reason }),
                      `Application #${row.id} of ${row.memberName} rejected.`,
                    )
                  }
                />
              ) : (
                <span className="stack">
                  <span
                    className={`pill pill-${row.status === 'ISSUED' ? 'approved' : row.status === 'REJECTED' ? 'rejected' : 'pending'}`}
                  >
                    {row.status.toLowerCase()}
                  </span>
                  {row.amount ? <span className="muted">{formatMoney(row.amount)}</span> : null}
                  {row.rejectReason ? <span className="muted">{row.rejectReason}</span> : null}
                </span>
              )}
            </td>
          </tr>
        )}
      />
      {viewing ? <ApplicationImages application={viewing} onClose={() => setViewing(null)} /> : null}
    </Page>
  );
}

/** An approve or reject form's submit (in the form's tone) and Cancel, which goes back to the two choices. */
function ConfirmButtons({
  text,
  tone,
  isDisabled,
  onCancel,
}: {
  text: string;
  tone: 'primary' | 'danger';
  isDisabled: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="actions">
      <button type="submit" className={`button ${tone}`} disabled={isDisabled}>
        {text}
      </button>
      <button type="button" className="button ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function ApplicationReview({
  row,
  onApprove,
  onReject,
}: {
  row: Application;
  onApprove: (amount: string) => Promise<void>;
  onReject: (reason: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<'idle' | 'approve' | 'reject'>('idle');
  const [amount, setAmount] = useState(row.minAmount);
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const run = async (event: FormEvent, action: () => Promise<void>) => {
    event.preventDefault();
    setIsBusy(true);
    try {
      await action();
    } finally {
      setIsBusy(false);
    }
  };
  if (mode === 'approve')
    return (
      <form className="reject-form" onSubmit={(event) => void run(event, () => onApprove(amount.trim()))}>
        <label className="field compact">
          <span>
            Amount ({formatMoney(row.minAmount)} – {formatMoney(row.maxAmount)})
          </span>
          <input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" required />
        </label>
        <ConfirmButtons
          text="Confirm award"
          tone="primary"
          isDisabled={isBusy || !/^\d{1,12}(\.\d{1,2})?$/.test(amount.trim())}
          onCancel={() => setMode('idle')}
        />
      </form>
    );
  if (mode === 'reject')
    return (
      <form className="reject-form" onSubmit={(event) => void run(event, () => onReject(reason.trim()))}>
        <TextField label="Reason (the member reads it)" value={reason} onChange={setReason} minLength={3} maxLength={200} required />
        <ConfirmButtons
          text="Confirm reject"
          tone="danger"
          isDisabled={isBusy || reason.trim().length < 3}
          onCancel={() => setMode('idle')}
        />
      </form>
    );
  return (
    <div className="actions">
      <button type="button" className="button primary" onClick={() => setMode('approve')}>
        Approve…
      </button>
      <button type="button" className="button danger-outline" onClick={() => setMode('reject')}>
        Reject…
      </button>
    </div>
  );
}
