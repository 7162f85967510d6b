import type { FormEvent, ReactNode } from 'react';

/**
 * The inline form a queue row opens before an audited action: its fields (a reason at least),
 * then confirm and cancel. Confirm stays disabled until the fields are ready and while busy.
 */
export function ReasonForm({
  children,
  confirmLabel,
  confirmClassName,
  isReady,
  isBusy,
  onSubmit,
  onCancel,
}: {
  children: ReactNode;
  confirmLabel: string;
  confirmClassName: string;
  isReady: boolean;
  isBusy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="reject-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="actions">
        <button type="submit" className={`button ${confirmClassName}`} disabled={isBusy || !isReady}>
          {confirmLabel}
        </button>
        <button type="button" className="button ghost" onClick={onCancel} disabled={isBusy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
