import type { OperatorLoginValue, OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { ApiError, api, setToken } from '../api';
import { Brand } from '../components/brand';

export function LoginPage({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: (me: OperatorMe) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      const { token, ...me } = await api<OperatorLoginValue>('POST', '/admin-api/session', { username: username.trim(), password });
      setToken(token);
      onLoggedIn(me);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The server could not be reached.');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={(event) => void submit(event)} aria-labelledby="login-title">
        <Brand className="login-brand" />
        <h1 id="login-title">Operator login</h1>
        {notice ? <p className="banner info">{notice}</p> : null}
        <label className="field">
          <span>Username</span>
          <input value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            required
          />
        </label>
        {error ? (
          <p className="banner error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary wide" disabled={isBusy}>
          {isBusy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
