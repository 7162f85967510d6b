import { type FormEvent, useState } from 'react';
import { api, failureText } from '../api';
import { chatPath } from './support-paths';

/** The merchant's canned answers: add (a title already used replaces its text) and delete. */
export function SupportCannedAnswers({
  code,
  list,
  onChanged,
}: {
  code: string;
  list: { id: number; title: string; body: string }[];
  onChanged: () => void;
}) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await api('POST', chatPath('canned', { code }), { title: title.trim(), body: body.trim() });
      setTitle('');
      setBody('');
      onChanged();
    } catch (caught) {
      setError(failureText(caught, 'The canned answer was not saved.'));
    }
  };
  const remove = async (id: number) => {
    try {
      await api('DELETE', chatPath('cannedOne', { code, id }));
      onChanged();
    } catch (caught) {
      setError(failureText(caught, 'The canned answer was not deleted.'));
    }
  };
  return (
    <div className="stack">
      <form className="card form" onSubmit={(event) => void save(event)}>
        <label className="field">
          <span>Title</span>
          <input value={title} maxLength={60} onChange={(event) => setTitle(event.target.value)} required />
        </label>
        <label className="field">
          <span>Answer</span>
          <textarea value={body} maxLength={2000} rows={3} onChange={(event) => setBody(event.target.value)} required />
        </label>
        {error ? <p className="field-error">{error}</p> : null}
        <button type="submit" className="button" disabled={!title.trim() || !body.trim()}>
          Save canned answer
        </button>
      </form>
      {list.length === 0 ? (
        <p className="muted">No canned answers yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Title</th>
              <th>Answer</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <td className="strong">{item.title}</td>
                <td className="chat-text">{item.body}</td>
                <td>
                  <button type="button" className="button ghost" onClick={() => void remove(item.id)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
