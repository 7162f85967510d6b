import { MEMBER_SEARCH_FIELDS, type MemberSearchField, type MemberSearchValue, type MemberSummary } from '@kismat/contracts/member-desk';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { ListStatus } from '../components/data-table';
import { Options } from '../components/fields';
import { useLoaded } from '../components/use-loaded';
import { formatTime } from '../format';
import { type MembersRoute, memberHref, searchHref } from './members-route';
import { MemberStatusPill, SortHeading } from './members-widgets';

const FIELD_LABELS: Record<MemberSearchField, string> = {
  any: 'Anything',
  username: 'Username',
  phone: 'Phone',
  email: 'E-mail',
  name: 'Real name',
  bank: 'Bank account',
  ip: 'IP address',
  agent: 'Agent',
};

const SORTS: Record<string, (a: MemberSummary, b: MemberSummary) => number> = {
  username: (a, b) => a.username.localeCompare(b.username),
  created: (a, b) => a.createdAt.localeCompare(b.createdAt),
  login: (a, b) => (a.lastLoginAt ?? '').localeCompare(b.lastLoginAt ?? ''),
  status: (a, b) => a.status.localeCompare(b.status),
};

function sorted(items: MemberSummary[], sort: string): MemberSummary[] {
  const descending = sort.startsWith('-');
  const compare = SORTS[sort.replace(/^-/, '')];
  if (!compare) return items;
  return [...items].sort((a, b) => (descending ? -compare(a, b) : compare(a, b)));
}

/** The member search: one box, a field picker, results newest first with keyset paging; every filter lives in the URL. */
export function MemberSearch({ route }: { route: Extract<MembersRoute, { kind: 'search' }> }) {
  const [field, setField] = useState<MemberSearchField>(route.field);
  const [text, setText] = useState(route.q);
  const [history, setHistory] = useState<number[]>([]);
  const box = useRef<HTMLInputElement>(null);
  const hasQuery = route.q.trim().length >= 2;

  useEffect(() => {
    setField(route.field);
    setText(route.q);
  }, [route.field, route.q]);

  // "/" jumps to the search box from anywhere on the page, as on most consoles.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === '/' &&
        !(
          event.target instanceof HTMLInputElement ||
          event.target instanceof HTMLTextAreaElement ||
          event.target instanceof HTMLSelectElement
        )
      ) {
        event.preventDefault();
        box.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { data, error } = useLoaded(
    useCallback(async () => {
      if (!hasQuery) return null;
      const query = new URLSearchParams({ q: route.q.trim(), field: route.field, size: '25' });
      if (route.after) query.set('after', String(route.after));
      return api<MemberSearchValue>('GET', `/admin-api/members?${query}`);
    }, [hasQuery, route.q, route.field, route.after]),
    'The search could not be run.',
    { clearOnChange: true },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHistory([]);
    window.location.hash = searchHref({ field, q: text.trim(), sort: route.sort });
  };
  const go = (after: number | null, nextHistory: number[]) => {
    setHistory(nextHistory);
    window.location.hash = searchHref({ field: route.field, q: route.q, after, sort: route.sort });
  };
  const sortBy = (key: string) => {
    const next = route.sort === key ? `-${key}` : key;
    window.location.hash = searchHref({ field: route.field, q: route.q, after: route.after, sort: next });
  };

  const items = data ? sorted(data.items, route.sort) : null;
  return (
    <section aria-labelledby="members-title" className="members">
      <div className="section-head">
        <h1 id="members-title">Members</h1>
        <form className="filters member-search" onSubmit={submit} aria-label="Find members">
          <label className="field inline">
            <span>Search in</span>
            <select value={field} onChange={(event) => setField(event.target.value as MemberSearchField)} aria-label="Search in">
              <Options values={MEMBER_SEARCH_FIELDS} text={(option) => FIELD_LABELS[option]} />
            </select>
          </label>
          <label className="field inline grow">
            <span>Find</span>
            <input
              ref={box}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Username, phone, e-mail, name, bank account, IP…"
              aria-keyshortcuts="/"
              data-testid="member-search"
            />
          </label>
          <button type="submit" className="button primary" disabled={text.trim().length < 2}>
            Search
          </button>
        </form>
      </div>
      {!hasQuery ? (
        <p className="empty">
          Type at least two characters. Press / to jump here. Digits search phone numbers, an @ e-mail addresses, an address like 10.0.0.1
          IPs.
        </p>
      ) : (
        <>
          {data ? (
            <p className="muted match-note" data-testid="search-matched">
              {data.items.length === 0
                ? 'No member'
                : `${data.items.length}${data.nextAfter ? '+' : ''} member${data.items.length === 1 ? '' : 's'}`}{' '}
              matched by <strong>{FIELD_LABELS[data.matched].toLowerCase()}</strong> “{route.q}”.
            </p>
          ) : null}
          <ListStatus error={error} rows={items} empty="Try another field, or fewer characters: phone, e-mail and name match any part." />
          {items && items.length > 0 ? (
            <table className="table member-results">
              <thead>
                <tr>
                  <SortHeading label="Username" sortKey="username" sort={route.sort} onSort={sortBy} />
                  <th scope="col">Merchant</th>
                  <th scope="col">Phone</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Agent</th>
                  <SortHeading label="Status" sortKey="status" sort={route.sort} onSort={sortBy} />
                  <SortHeading label="Joined" sortKey="created" sort={route.sort} onSort={sortBy} />
                  <SortHeading label="Last login" sortKey="login" sort={route.sort} onSort={sortBy} />
                </tr>
              </thead>
              <tbody>
                {items.map((member) => (
                  <tr key={member.id}>
                    <td data-label="Username">
                      <a href={memberHref(member.id)} className="strong">
                        {member.username}
                      </a>
                    </td>
                    <td data-label="Merchant">{member.merchantCode}</td>
                    <td data-label="Phone" className="mono">
                      {member.mobile ?? '—'}
                    </td>
                    <td data-label="E-mail">{member.email ?? '—'}</td>
                    <td data-label="Agent">{member.agentUsername ?? '—'}</td>
                    <td data-label="Status">
                      <MemberStatusPill status={member.status} />
                    </td>
                    <td data-label="Joined">{formatTime(member.createdAt)}</td>
                    <td data-label="Last login">{formatTime(member.lastLoginAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {data && (history.length > 0 || data.nextAfter) ? (
            <nav className="pager" aria-label="Pages">
              <button
                type="button"
                className="button ghost"
                disabled={history.length === 0}
                onClick={() => go(history.at(-2) ?? null, history.slice(0, -1))}
              >
                Previous
              </button>
              <span>Page {history.length + 1}</span>
              <button
                type="button"
                className="button ghost"
                disabled={!data.nextAfter}
                onClick={() => data.nextAfter && go(data.nextAfter, [...history, data.nextAfter])}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
