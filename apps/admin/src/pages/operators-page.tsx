import type { OperatorAccountValue, OperatorMe, OperatorRoleName } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { Options } from '../components/fields';
import { Page } from '../components/page';
import { formatTime } from '../format';
import { OperatorSecurityCell } from './operator-security-cell';

const ROLES: OperatorRoleName[] = ['finance', 'support', 'admin'];

/** Operator accounts (admins only): create, change role, disable, reset password, unlock. */
export function OperatorsPage({ me }: { me: OperatorMe }) {
  const [rows, setRows] = useState<OperatorAccountValue[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRoleName>('finance');
  const [resetting, setResetting] = useState<number | null>(null);
  const [newPassword, setNewPassword] = useState('');

  const reload = useCallback(async () => {
    try {
      setRows(await api<OperatorAccountValue[]>('GET', '/admin-api/operators'));
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The list could not be loaded.') });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      setFeedback({ tone: 'success', text: success });
      return true;
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
      return false;
    } finally {
      await reload();
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const isDone = await act(
      () => api('POST', '/admin-api/operators', { username: name, password, role }),
      `Operator ${name} created (${role}).`,
    );
    if (isDone) {
      setUsername('');
      setPassword('');
    }
  };

  const update = (row: OperatorAccountValue, body: Record<string, unknown>, success: string) =>
    act(() => api('PATCH', `/admin-api/operators/${row.id}`, body), success);

  return (
    <Page id="operators" title="Operators">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <form className="card form inline-form" onSubmit={(event) => void create(event)} aria-label="New operator">
        <label className="field">
          <span>Username</span>
          <input value={username} onChange={(event) => setUsername(event.target.value)} required pattern="[A-Za-z0-9_.\-]{3,40}" />
        </label>
        <label className="field">
          <span>Password (10+ characters)</span>
          <input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            minLength={10}
            required
            autoComplete="new-password"
          />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value as OperatorRoleName)}>
            <Options values={ROLES} />
          </select>
        </label>
        <button type="submit" className="button primary" disabled={password.length < 10 || username.trim().length < 3}>
          Create operator
        </button>
      </form>
      {rows === null ? <p className="empty">Loading…</p> : null}
      {rows && rows.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Operator</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last login</th>
              <th scope="col">Security</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isSelf = row.id === me.id;
              return (
                <tr key={row.id} data-testid={`operator-${row.username}`}>
                  <td data-label="Operator">
                    <strong>{row.username}</strong>
                    <span className="muted"> · {row.merchantCode ?? 'all merchants'}</span>
                  </td>
                  <td data-label="Role">
                    <select
                      aria-label={`Role of ${row.username}`}
                      value={row.role}
                      disabled={isSelf}
                      onChange={(event) => void update(row, { role: event.target.value }, `${row.username} is now ${event.target.value}.`)}
                    >
                      <Options values={ROLES} />
                    </select>
                  </td>
                  <td data-label="Status">
                    <span className={`pill pill-${row.status === 'ACTIVE' ? 'approved' : 'rejected'}`}>{row.status.toLowerCase()}</span>
                    {row.isLocked ? <span className="pill pill-pending"> locked</span> : null}
                  </td>
                  <td data-label="Last login">{formatTime(row.lastLoginAt)}</td>
                  <td data-label="Security">
                    <OperatorSecurityCell row={row} update={update} />
                  </td>
                  <td data-label="Actions">
                    {resetting === row.id ? (
                      <form
                        className="actions"
                        onSubmit={(event) => {
                          event.preventDefault();
                          void update(row, { password: newPassword }, `New password set for ${row.username}; their sessions ended.`).then(
                            () => {
                              setResetting(null);
                              setNewPassword('');
                            },
                          );
                        }}
                      >
                        <input
                          type="password"
                          aria-label={`New password for ${row.username}`}
                          value={newPassword}
                          onChange={(event) => setNewPassword(event.target.value)}
                          minLength={10}
                          required
                          autoComplete="new-password"
                        />
                        <button type="submit" className="button primary" disabled={newPassword.length < 10}>
                          Set
                        </button>
                        <button type="button" className="button ghost" onClick={() => setResetting(null)}>
                          Cancel
                        </button>
                      </form>
                    ) : (
                      <div className="actions">
                        {isSelf ? null : row.status === 'ACTIVE' ? (
                          <button
                            type="button"
                            className="button danger-outline"
                            onClick={() => void update(row, { status: 'DISABLED' }, `${row.username} disabled.`)}
                          >
                            Disable
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button ghost"
                            onClick={() => void update(row, { status: 'ACTIVE' }, `${row.username} enabled.`)}
                          >
                            Enable
                          </button>
                        )}
                        {row.isLocked ? (
                          <button
                            type="button"
                            className="button ghost"
                            onClick={() => void update(row, { unlock: true }, `${row.username} unlocked.`)}
                          >
                            Unlock
                          </button>
                        ) : null}
                        <button type="button" className="button ghost" onClick={() => setResetting(row.id)}>
                          New password
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </Page>
  );
}
