import type { OperatorLoginValue, OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { ApiError, api, setToken } from '../api';
import { Brand } from '../components/brand';
import { ErrorAlert } from '../components/feedback';
import { TotpCodeField } from '../components/fields';

/** Refusals after which the next try must carry a captcha (the server says so in value.captcha). */
function asksForCaptcha(error: ApiError): boolean {
  if (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID') return true;
  return (error.value as { captcha?: unknown } | null)?.captcha === true;
}

export function LoginPage({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: (me: OperatorMe) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The server keeps the captcha's id in an HttpOnly cookie; the page only shows the picture.
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');
  // Shown once the server says this operator proves an authenticator code (LOGIN_VERIFICATION_REQUIRED, value.totp).
  const [isTotpAsked, setIsTotpAsked] = useState(false);
  const [totpCode, setTotpCode] = useState('');

  const loadCaptcha = async () => {
    setCaptcha('');
    try {
      setCaptchaImage(await api<string>('GET', '/wps/captcha'));
    } catch {
      setCaptchaImage(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      const { token, ...me } = await api<OperatorLoginValue>('POST', '/admin-api/session', {
        username: username.trim(),
        password,
        ...(captchaImage ? { captcha: captcha.trim() } : {}),
        ...(isTotpAsked ? { totpCode: totpCode.trim() } : {}),
      });
      setToken(token);
      onLoggedIn(me);
    } catch (caught) {
      if (caught instanceof ApiError && (caught.value as { totp?: unknown } | null)?.totp === true) {
        setIsTotpAsked(true);
        setTotpCode('');
      }
      setError(
        caught instanceof ApiError && caught.code === 'LOGIN_VERIFICATION_REQUIRED'
          ? 'Enter the 6-digit code your authenticator app shows.'
          : caught instanceof ApiError
            ? caught.message
            : 'The server could not be reached.',
      );
      // A captcha is used up by any attempt: a new picture for the next one.
      if (caught instanceof ApiError && (asksForCaptcha(caught) || captchaImage)) await loadCaptcha();
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
        {isTotpAsked ? (
          <TotpCodeField
            label="Authenticator code"
            value={totpCode}
            onChange={setTotpCode}
            // Autofocus: the code is the only thing left to type.
            autoFocus
          />
        ) : null}
        {captchaImage ? (
          <div className="field">
            <label htmlFor="login-captcha">Captcha</label>
            <div className="field-row">
              <input
                id="login-captcha"
                value={captcha}
                onChange={(event) => setCaptcha(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={16}
                required
              />
              <button type="button" className="button" onClick={() => void loadCaptcha()} aria-label="New captcha picture">
                <img src={`data:image/png;base64,${captchaImage}`} alt="Captcha: type the characters shown" height={40} />
              </button>
            </div>
          </div>
        ) : null}
        <ErrorAlert error={error} />
        <button type="submit" className="button primary wide" disabled={isBusy}>
          {isBusy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
