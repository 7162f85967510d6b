import type { OperatorVendor } from '@kismat/contracts/operator-catalogue';
import { useEffect, useRef, useState } from 'react';
import { api, failureText } from '../api';
import type { Feedback } from '../components/feedback';

/** Confirm first; then the new secret once, with a copy button; closing forgets it. */
export function RotateSecretDialog({
  vendor,
  onClose,
  onFeedback,
}: {
  vendor: OperatorVendor;
  onClose: () => void;
  onFeedback: (feedback: Feedback) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const rotate = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const value = await api<{ secret: string }>('POST', `/admin-api/catalogue/vendors/${encodeURIComponent(vendor.vassalage)}/secret`);
      setSecret(value.secret);
      onFeedback({ tone: 'success', text: `${vendor.name}'s secret rotated. Give the new one to the vendor now.` });
    } catch (caught) {
      setError(failureText(caught, 'The secret was not rotated.'));
    } finally {
      setIsBusy(false);
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setError('Copying was refused by the browser; select the secret and copy it by hand.');
    }
  };

  return (
    <dialog ref={dialog} className="proof-dialog secret-dialog" onClose={onClose} aria-labelledby="secret-title">
      <div className="dialog-head">
        <h2 id="secret-title">Rotate the secret of {vendor.name}</h2>
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {secret ? (
        <div className="form">
          <p className="banner info">
            This is the only time the secret is shown. Copy it and give it to {vendor.name} now; calls signed with the old secret are
            refused within seconds.
          </p>
          <div className="secret-box">
            <textarea
              readOnly
              rows={2}
              value={secret}
              aria-label="New secret"
              className="mono"
              spellCheck={false}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button primary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <div className="actions end">
            <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="form">
          <p>
            A new HMAC secret replaces the current one for <strong>every merchant</strong>. {vendor.name}'s calls signed with the old secret
            stop working within seconds, until the vendor uses the new one.
          </p>
          <div className="actions end">
            <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="button" className="button danger" disabled={isBusy} onClick={() => void rotate()}>
              {isBusy ? 'Rotating…' : 'Rotate secret'}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
