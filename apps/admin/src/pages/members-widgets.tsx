import { type ReactNode, useEffect, useRef, useState } from 'react';

/** A column heading that sorts: a button (keyboard reachable) with aria-sort telling the current order. */
export function SortHeading({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: string;
  sort: string;
  onSort: (key: string) => void;
}) {
  const direction = sort === sortKey ? 'ascending' : sort === `-${sortKey}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="sort-button" onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true" className="sort-mark">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

const STATUS_PILLS: Record<string, string> = { ACTIVE: 'pill-approved', FROZEN: 'pill-rejected', CLOSED: 'pill-ended' };
const STATUS_LABELS: Record<string, string> = { ACTIVE: 'Active', FROZEN: 'Locked', CLOSED: 'Closed' };

export function MemberStatusPill({ status }: { status: string }) {
  return <span className={`pill ${STATUS_PILLS[status] ?? 'pill-draft'}`}>{STATUS_LABELS[status] ?? status}</span>;
}

/**
 * The dialog every member action opens: what it does, a required reason (kept in the audit log),
 * confirm and cancel. Escape closes it; focus starts in the reason box.
 */
export function ReasonDialog({
  title,
  explanation,
  confirmLabel,
  confirmClassName,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  explanation: string;
  confirmLabel: string;
  confirmClassName: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const submit = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      dialog.current?.close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The action failed.');
      setIsBusy(false);
    }
  };
  return (
    <dialog ref={dialog} className="proof-dialog member-dialog" onClose={onClose} aria-labelledby="member-action-title">
      <form
        method="dialog"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="dialog-head">
          <h2 id="member-action-title">{title}</h2>
        </div>
        <p className="muted">{explanation}</p>
        {children}
        <label className="field">
          <span>Reason (kept in the audit log)</span>
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={300}
            required
            minLength={3}
            data-testid="action-reason"
            autoFocus
          />
        </label>
        {error ? <p className="banner error">{error}</p> : null}
        <div className="actions end">
          <button type="button" className="button ghost" onClick={() => dialog.current?.close()} disabled={isBusy}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${confirmClassName}`}
            disabled={isBusy || reason.trim().length < 3}
            data-testid="action-confirm"
          >
            {isBusy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
