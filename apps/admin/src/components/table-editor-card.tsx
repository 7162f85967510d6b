import type { ReactNode } from 'react';

/**
 * An editable table's card (the VIP ladder, the rebate table, the points rates): "Loading…" until
 * the table is read, then the table and, for a role that may edit, its buttons with the save last.
 */
export function TableEditorCard<Row>({
  rows,
  mayEdit,
  isBusy,
  saveText,
  onSave,
  actions,
  children,
}: {
  /** The table's rows; null while they load. */
  rows: Row[] | null;
  mayEdit: boolean;
  isBusy: boolean;
  saveText: string;
  onSave: () => Promise<void>;
  /** Buttons shown before the save button. */
  actions?: (rows: Row[]) => ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  if (!rows) return <p className="empty">Loading…</p>;
  return (
    <div className="card">
      {children(rows)}
      {mayEdit ? (
        <div className="actions">
          {actions?.(rows)}
          <button type="button" className="button primary" disabled={isBusy} onClick={() => void onSave()}>
            {saveText}
          </button>
        </div>
      ) : null}
    </div>
  );
}
