import type { ChatMessageValue } from '@kismat/contracts/live-chat';
import { type FormEvent, useState } from 'react';
import { api, failureText } from '../api';
import { formatTime } from '../format';
import { chatPath, visitorName } from './support-paths';

type Hit = ChatMessageValue & { username: string | null; guestId: string | null };

/** Transcript search: messages by member username, by words, by day (from / to, inclusive). */
export function SupportTranscripts({ code }: { code: string }) {
  const [filters, setFilters] = useState({ member: '', text: '', from: '', to: '' });
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
    try {
      setHits((await api<{ list: Hit[] }>('GET', `${chatPath('transcripts', { code })}?${query}`)).list);
    } catch (caught) {
      setError(failureText(caught, 'The search failed.'));
    }
  };
  const field = (name: keyof typeof filters, label: string, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input type={type} value={filters[name]} onChange={(event) => setFilters({ ...filters, [name]: event.target.value })} />
    </label>
  );
  return (
    <div className="stack">
      <form className="filters" onSubmit={(event) => void search(event)}>
        {field('member', 'Member username')}
        {field('text', 'Words')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {error ? <p className="field-error">{error}</p> : null}
      {hits === null ? null : hits.length === 0 ? (
        <p className="muted">No message matches.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>When</th>
              <th>Chat</th>
              <th>With</th>
              <th>From</th>
              <th>Message</th>
            </tr>
          </thead>
          <tbody>
            {hits.map((hit) => (
              <tr key={hit.id}>
                <td>{formatTime(hit.createdAt)}</td>
                <td>#{hit.conversationId}</td>
                <td>{visitorName(hit)}</td>
                <td>{hit.sender === 'OPERATOR' ? hit.senderName : hit.sender.toLowerCase()}</td>
                <td className="chat-text">{hit.kind === 'IMAGE' ? '(picture)' : hit.body}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
