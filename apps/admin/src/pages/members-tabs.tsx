import type {
  MemberCashierValue,
  MemberLedgerValue,
  MemberLinkedValue,
  MemberNotesValue,
  MemberSightingsValue,
} from '@kismat/contracts/member-desk';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { api, failureText } from '../api';
import { ListStatus, ListTable, MoneyCell, NumCell, numeric, type TableHeading } from '../components/data-table';
import { useLoaded } from '../components/use-loaded';
import { formatTime } from '../format';
import { memberHref } from './members-route';
import { MemberStatusPill } from './members-widgets';

/** One read of the member's file: GET /admin-api/members/:id/<path> (with its query), loaded again when either changes. */
export function useMemberRead<T>(id: number, path: string, failure: string, options?: { clearOnChange?: boolean }) {
  return useLoaded(
    useCallback(() => api<T>('GET', `/admin-api/members/${id}/${path}`), [id, path]),
    failure,
    options,
  );
}

/** A tab that lists the items of one read of the member's file (useMemberRead) in a ListTable. */
export function MemberListTab<Row>({
  id,
  path,
  failure,
  ...table
}: {
  id: number;
  path: string;
  failure: string;
  empty: ReactNode;
  headings: readonly TableHeading[];
  row: (row: Row) => ReactNode;
}) {
  const { data, error } = useMemberRead<{ items: Row[] }>(id, path, failure);
  return <ListTable error={error} rows={data?.items} {...table} />;
}

/** Ledger entries, newest first; "Older" walks the wallet's keyset cursor. */
export function LedgerTab({ id }: { id: number }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const { data, error } = useMemberRead<MemberLedgerValue>(
    id,
    `ledger${cursor ? `?cursor=${cursor}` : ''}`,
    'The ledger could not be loaded.',
    {
      clearOnChange: true,
    },
  );
  return (
    <>
      {data ? <p className="muted small">{data.total} entries in all.</p> : null}
      <ListTable
        error={error}
        rows={data?.items}
        empty="No ledger entries yet."
        headings={['When', 'Type', 'Account', numeric('Amount'), numeric('Balance after'), 'Description']}
        row={(entry) => (
          <tr key={entry.entryId}>
            <td data-label="When">{formatTime(entry.createdAt)}</td>
            <td data-label="Type">
              <span className="code">{entry.type}</span>
            </td>
            <td data-label="Account">{entry.accountCode}</td>
            <MoneyCell label="Amount" amount={entry.amount} />
            <MoneyCell label="Balance after" amount={entry.balanceAfter} />
            <td data-label="Description">{entry.description ?? '—'}</td>
          </tr>
        )}
      />
      {data && (cursors.length > 0 || data.nextCursor) ? (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="button ghost" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </button>
          <span>Page {cursors.length + 1}</span>
          <button
            type="button"
            className="button ghost"
            disabled={!data.nextCursor}
            onClick={() => data.nextCursor && setCursors([...cursors, data.nextCursor])}
          >
            Older
          </button>
        </nav>
      ) : null}
    </>
  );
}

const CASHIER_PILLS: Record<string, string> = {
  pending: 'pill-pending',
  approved: 'pill-approved',
  rejected: 'pill-rejected',
  cancelled: 'pill-cancelled',
  expired: 'pill-expired',
};

/** Deposits and withdrawals together, newest first. */
export function CashierTab({ id }: { id: number }) {
  return (
    <MemberListTab<MemberCashierValue['items'][number]>
      id={id}
      path="cashier"
      failure="Deposits and withdrawals could not be loaded."
      empty="No deposits or withdrawals yet."
      headings={['When', 'Kind', 'Id', 'Reference', numeric('Amount'), 'Status']}
      row={(row) => (
        <tr key={`${row.kind}-${row.id}`}>
          <td data-label="When">{formatTime(row.createdAt)}</td>
          <td data-label="Kind">{row.kind === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'}</td>
          <td data-label="Id" className="mono">
            {row.id}
          </td>
          <td data-label="Reference" className="mono">
            {row.reference ?? '—'}
          </td>
          <MoneyCell label="Amount" amount={row.amount} />
          <td data-label="Status">
            <span className={`pill ${CASHIER_PILLS[row.status] ?? 'pill-draft'}`}>{row.status}</span>
          </td>
        </tr>
      )}
    />
  );
}

/** Where the member logged in from: each IP and browser with first and last seen. */
export function DevicesTab({ id }: { id: number }) {
  return (
    <MemberListTab<MemberSightingsValue['items'][number]>
      id={id}
      path="sightings"
      failure="Devices and IPs could not be loaded."
      empty="No login recorded yet."
      headings={['IP', 'Browser', numeric('Logins'), 'First seen', 'Last seen']}
      row={(row) => (
        <tr key={`${row.ip}-${row.userAgent}`}>
          <td data-label="IP" className="mono">
            <a href={`#/members?field=ip&q=${encodeURIComponent(row.ip)}`}>{row.ip}</a>
          </td>
          <td data-label="Browser" className="comment-cell">
            {row.userAgent || '—'}
          </td>
          <NumCell label="Logins">{row.logins}</NumCell>
          <td data-label="First seen">{formatTime(row.firstSeenAt)}</td>
          <td data-label="Last seen">{formatTime(row.lastSeenAt)}</td>
        </tr>
      )}
    />
  );
}

const LINK_LABELS = { IP: 'Same IP', DEVICE: 'Same device', BANK_ACCOUNT: 'Same bank account', PHONE: 'Same phone' } as const;

/** Accounts sharing an IP, a device, a bank account or a phone number with this one. */
export function LinkedTab({ id }: { id: number }) {
  return (
    <MemberListTab<MemberLinkedValue['items'][number]>
      id={id}
      path="linked"
      failure="Linked accounts could not be loaded."
      empty="No other account shares an IP, device, bank account or phone with this member."
      headings={['Link', 'Shared', 'Member', 'Status', 'Last login']}
      row={(row) => (
        <tr key={`${row.kind}-${row.shared}-${row.member.id}`}>
          <td data-label="Link">{LINK_LABELS[row.kind]}</td>
          <td data-label="Shared" className="mono comment-cell">
            {row.shared}
          </td>
          <td data-label="Member">
            <a href={memberHref(row.member.id)} className="strong">
              {row.member.username}
            </a>
          </td>
          <td data-label="Status">
            <MemberStatusPill status={row.member.status} />
          </td>
          <td data-label="Last login">{formatTime(row.member.lastLoginAt)}</td>
        </tr>
      )}
    />
  );
}

/** Operators' notes, newest first, and a box to add one. */
export function NotesTab({ id }: { id: number }) {
  const [body, setBody] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { data, setData, error } = useMemberRead<MemberNotesValue>(id, 'notes', 'Notes could not be loaded.');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setSaveError(null);
    try {
      setData(await api<MemberNotesValue>('POST', `/admin-api/members/${id}/notes`, { body: body.trim() }));
      setBody('');
    } catch (caught) {
      setSaveError(failureText(caught, 'The note could not be saved.'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="stack">
      <form className="form card" onSubmit={add}>
        <label className="field">
          <span>New note</span>
          <textarea value={body} onChange={(event) => setBody(event.target.value)} rows={3} maxLength={2000} />
        </label>
        {saveError ? <p className="banner error">{saveError}</p> : null}
        <div className="actions end">
          <button type="submit" className="button primary" disabled={isBusy || body.trim().length < 2}>
            Add note
          </button>
        </div>
      </form>
      <ListStatus error={error} rows={data?.items} empty="No notes yet." />
      {data?.items.map((note) => (
        <article key={note.id} className="card member-note">
          <p className="muted small">
            <strong>{note.operatorName}</strong> · {formatTime(note.createdAt)}
          </p>
          <p>{note.body}</p>
        </article>
      ))}
    </div>
  );
}
