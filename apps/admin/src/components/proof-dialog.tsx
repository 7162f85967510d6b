import { useEffect, useRef, useState } from 'react';
import { fetchImage } from '../api';

/** The member's proof image in a modal dialog (fetched with the bearer token, shown from a blob URL). */
export function ProofDialog({ depositId, onClose }: { depositId: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    let objectUrl: string | null = null;
    fetchImage(`/admin-api/cashier/deposits/${depositId}/proof`)
      .then((made) => {
        objectUrl = made;
        setUrl(made);
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The proof image could not be loaded.'));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [depositId]);

  return (
    <dialog ref={dialog} className="proof-dialog" onClose={onClose} aria-labelledby="proof-title">
      <div className="dialog-head">
        <h2 id="proof-title">Proof of deposit #{depositId}</h2>
        <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {url ? <img src={url} alt={`Proof uploaded for deposit ${depositId}`} /> : error ? null : <p className="empty">Loading…</p>}
    </dialog>
  );
}
