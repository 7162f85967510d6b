import { useState } from 'react';
import { ReasonForm } from './reason-form';

/**
 * An online order's review cell. The gateway settles these (paid, failed), or they are cancelled
 * by the member or expire: there is no approve or reject, because the queue once let an unpaid
 * order with no reference be credited in one click (issue 12 item 3). For a payment the provider
 * took but never reported, an operator who may move money marks it paid with the provider's own
 * reference and a reason; both are required and audited.
 */
export function MarkPaidAction({
  label,
  status,
  expiresAt,
  canMarkPaid,
  onMarkPaid,
}: {
  label: string;
  status: string;
  expiresAt: string | null;
  canMarkPaid: boolean;
  onMarkPaid: (reference: string, note: string) => Promise<void>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const isReady = reference.trim().length >= 4 && note.trim().length >= 3;

  const submit = () => {
    setIsBusy(true);
    void onMarkPaid(reference.trim(), note.trim()).finally(() => {
      setIsBusy(false);
      setIsOpen(false);
    });
  };

  const state =
    status === 'pending' ? (
      <span className="pill pill-pending pill-note">
        awaiting gateway
        {expiresAt ? ` · expires ${new Date(expiresAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}` : ''}
      </span>
    ) : (
      <span className={`pill pill-${status}`}>{status}</span>
    );

  if (isOpen)
    return (
      <ReasonForm
        confirmLabel="Confirm paid"
        confirmClassName="primary"
        isReady={isReady}
        isBusy={isBusy}
        onSubmit={submit}
        onCancel={() => setIsOpen(false)}
      >
        <label className="field compact">
          <span>Provider payment reference for {label}</span>
          <input value={reference} onChange={(event) => setReference(event.target.value)} minLength={4} maxLength={64} required />
        </label>
        <label className="field compact">
          <span>Reason (where the payment was found)</span>
          <input value={note} onChange={(event) => setNote(event.target.value)} minLength={3} maxLength={200} required />
        </label>
      </ReasonForm>
    );
  return (
    <div className="actions">
      {state}
      {canMarkPaid ? (
        <button type="button" className="button ghost" onClick={() => setIsOpen(true)}>
          Mark paid…
        </button>
      ) : null}
    </div>
  );
}
