import { useState } from 'react';
import { ReasonForm } from './reason-form';

/**
 * Approve, or reject with a reason (required: the member reads it and the audit log keeps it).
 * Rendered only for roles that may move money.
 */
export function ReviewActions({
  label,
  onApprove,
  onReject,
}: {
  label: string;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<void>;
}) {
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
    } finally {
      setIsBusy(false);
    }
  };

  const submitReject = () => {
    void run(async () => {
      await onReject(reason.trim());
      setIsRejecting(false);
      setReason('');
    });
  };

  if (isRejecting)
    return (
      <ReasonForm
        confirmLabel="Confirm reject"
        confirmClassName="danger"
        isReady={reason.trim().length >= 3}
        isBusy={isBusy}
        onSubmit={submitReject}
        onCancel={() => setIsRejecting(false)}
      >
        <label className="field compact">
          <span>Reason for rejecting {label}</span>
          <input value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={200} required />
        </label>
      </ReasonForm>
    );
  return (
    <div className="actions">
      <button type="button" className="button primary" onClick={() => void run(onApprove)} disabled={isBusy}>
        Approve
      </button>
      <button type="button" className="button danger-outline" onClick={() => setIsRejecting(true)} disabled={isBusy}>
        Reject
      </button>
    </div>
  );
}
