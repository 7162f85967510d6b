import type { OperatorAccountValue } from '@kismat/contracts/operator-accounts';
import { useState } from 'react';

/**
 * An operator's second factor and IP allow-list in the operators table: reset a lost
 * authenticator (the operator enrols a new one at the next login), set or lift the addresses
 * the operator may work from (comma or space separated).
 */
export function OperatorSecurityCell({
  row,
  update,
}: {
  row: OperatorAccountValue;
  update: (row: OperatorAccountValue, body: Record<string, unknown>, success: string) => Promise<unknown> | void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [ips, setIps] = useState(row.allowedIps.join(', '));
  const needsTotp = row.role !== 'support';
  return (
    <div className="stack">
      <span>
        {row.hasTotp ? (
          <span className="pill pill-approved">authenticator on</span>
        ) : (
          <span className={`pill ${needsTotp ? 'pill-pending' : 'pill-draft'}`}>
            {needsTotp ? 'enrols at next login' : 'no authenticator'}
          </span>
        )}
      </span>
      {isEditing ? (
        <form
          className="actions"
          onSubmit={(event) => {
            event.preventDefault();
            const list = ips.split(/[\s,]+/).filter(Boolean);
            void Promise.resolve(
              update(
                row,
                { allowedIps: list.length > 0 ? list : null },
                list.length > 0 ? `${row.username} may work only from ${list.join(', ')}.` : `${row.username} may work from any address.`,
              ),
            ).then(() => setIsEditing(false));
          }}
        >
          <input
            aria-label={`Allowed IPs of ${row.username}`}
            value={ips}
            onChange={(event) => setIps(event.target.value)}
            placeholder="203.0.113.7, 198.51.100.2"
          />
          <button type="submit" className="button primary">
            Save
          </button>
          <button type="button" className="button ghost" onClick={() => setIsEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <span className="muted small">{row.allowedIps.length > 0 ? `Only from ${row.allowedIps.join(', ')}` : 'Any address'}</span>
      )}
      {isEditing ? null : (
        <div className="actions">
          <button type="button" className="button ghost" onClick={() => setIsEditing(true)}>
            IP allow-list
          </button>
          {row.hasTotp ? (
            <button
              type="button"
              className="button ghost"
              onClick={() =>
                void update(row, { resetTotp: true }, `${row.username} enrols a new authenticator at the next login; their sessions ended.`)
              }
            >
              Reset authenticator
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
