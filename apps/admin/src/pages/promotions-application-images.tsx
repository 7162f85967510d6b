import { OPERATOR_PROMOTION_KIND_PATHS, type operatorApplication } from '@kismat/contracts/promotion-kinds';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fetchImage } from '../api';

type Application = z.infer<typeof operatorApplication>;

/** An application's images in a modal dialog, each fetched with the bearer token and shown from a blob URL. */
export function ApplicationImages({ application, onClose }: { application: Application; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [urls, setUrls] = useState<(string | null)[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    const made: string[] = [];
    let isCurrent = true;
    const indexes = Array.from({ length: application.imageCount }, (_, index) => index);
    Promise.all(
      indexes.map((index) =>
        fetchImage(
          OPERATOR_PROMOTION_KIND_PATHS.applicationImage.replace(':id', String(application.id)).replace(':index', String(index)),
        ).then((url) => {
          made.push(url);
          return url;
        }),
      ),
    )
      .then((loaded) => {
        if (isCurrent) setUrls(loaded);
      })
      .catch((caught: unknown) => {
        if (isCurrent) setError(caught instanceof Error ? caught.message : 'The images could not be loaded.');
      });
    return () => {
      isCurrent = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [application]);

  return (
    <dialog ref={dialog} className="proof-dialog" onClose={onClose} aria-labelledby="application-images-title">
      <div className="dialog-head">
        <h2 id="application-images-title">
          Images of application #{application.id} · {application.memberName}
        </h2>
        <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p>{application.comment}</p>
      {error ? <p className="banner error">{error}</p> : null}
      {urls.length === 0 && !error ? <p className="empty">Loading…</p> : null}
      <div className="image-grid">
        {urls.map((url, index) =>
          url ? <img key={url} src={url} alt={`Attachment ${index + 1} of application ${application.id}`} /> : null,
        )}
      </div>
    </dialog>
  );
}
