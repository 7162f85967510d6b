import { type FormEvent, useState } from 'react';

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

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await onReject(reason.trim());
      setIsRejecting(false);
      setReason('');
    });
  };

  if (isRejecting)
    return (
      <form className="reject-form" onSubmit={submitReject}>
        <label className="field compact">
          <span>Reason for rejecting {label}</span>
          <input value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={200} required />
        </label>
        <div className="actions">
          <button type="submit" className="button danger" disabled={isBusy || reason.trim().length < 3}>
            Confirm reject
          </button>
          <button type="button" className="button ghost" onClick={() => setIsRejecting(false)} disabled={isBusy}>
            Cancel
          </button>
        </div>
      </form>
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
