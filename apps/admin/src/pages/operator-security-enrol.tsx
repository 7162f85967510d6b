import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { Brand } from '../components/brand';
import { ErrorAlert } from '../components/feedback';
import { TotpCodeField } from '../components/fields';

interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Admin and finance must use an authenticator app: a session opened by password alone lands
 * here and nothing else opens until the first code from the new secret is confirmed.
 */
export function OperatorSecurityEnrol({
  me,
  onEnrolled,
  onLogout,
}: {
  me: OperatorMe;
  onEnrolled: (me: OperatorMe) => void;
  onLogout: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [qr, setQr] = useState<string | null>(null);

  // The otpauth URI as a QR code drawn here (the secret never leaves the page for an image service).
  useEffect(() => {
    if (!setup) return;
    QRCode.toDataURL(setup.otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 200 })
      .then(setQr)
      .catch(() => setQr(null));
  }, [setup]);

  useEffect(() => {
    api<TotpSetup>('POST', '/admin-api/session/totp/setup')
      .then(setSetup)
      .catch((caught: unknown) => setError(failureText(caught, 'A secret could not be made. Reload the page to try again.')));
  }, []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      onEnrolled(await api<OperatorMe>('POST', '/admin-api/session/totp', { code }));
    } catch (caught) {
      setError(failureText(caught, 'The code could not be checked.'));
      setIsBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card enrol-card" onSubmit={(event) => void confirm(event)} aria-labelledby="enrol-title">
        <Brand className="login-brand" />
        <h1 id="enrol-title">Set up your authenticator</h1>
        <p className="muted">
          {me.username}, the {me.role} role needs a second factor. Add this account to an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password…), then type the 6-digit code it shows.
        </p>
        {setup ? (
          <div className="secret-box" data-testid="totp-secret">
            {qr ? (
              <img src={qr} alt="QR code of the authenticator secret" width={200} height={200} className="totp-qr" data-testid="totp-qr" />
            ) : null}
            <p className="small muted">Scan the code with the app; on this phone, open the link; or type the key.</p>
            <p>
              <a href={setup.otpauthUri} className="button ghost">
                Open in authenticator app
              </a>
            </p>
            <p className="small muted">Key</p>
            <p className="mono strong">{grouped(setup.secret)}</p>
            <p className="small muted">Account: {me.username} · Time-based, 6 digits, 30 seconds</p>
          </div>
        ) : null}
        <TotpCodeField label="Code from the app" value={code} onChange={setCode} data-testid="totp-code" />
        <ErrorAlert error={error} />
        <button type="submit" className="button primary wide" disabled={isBusy || code.length !== 6 || !setup}>
          {isBusy ? 'Checking…' : 'Turn on and continue'}
        </button>
        <button type="button" className="button ghost wide" onClick={onLogout}>
          Log out
        </button>
      </form>
    </main>
  );
}
