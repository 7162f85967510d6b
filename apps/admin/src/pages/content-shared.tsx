import { CONTENT_ADMIN_PATHS } from '@kismat/contracts/content-admin';
import type { Envelope } from '@kismat/contracts/envelope';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, failureText, getToken } from '../api';
import type { Feedback } from '../components/feedback';
import { useLoaded } from '../components/use-loaded';
import { fromLocalInput, toLocalInput } from '../format';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

/*
 * Pieces every content form shares (issue 19, "Content"): the BN/EN/SW language tabs, the
 * server's sanitised preview, the schedule fields and the image upload.
 */

export const LANGUAGES = ['BN', 'EN', 'SW'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Localized = Record<Language, string>;
export const EMPTY_TEXT: Localized = { BN: '', EN: '', SW: '' };
export const LANGUAGE_LABELS: Record<Language, string> = { BN: 'বাংলা (BN)', EN: 'English (EN)', SW: 'Kiswahili (SW)' };

/** BN/EN/SW tabs; a language left empty is marked as falling back to BN. */
export function LanguageTabs({
  language,
  onChoose,
  filled,
}: {
  language: Language;
  onChoose: (language: Language) => void;
  filled: (language: Language) => boolean;
}) {
  return (
    <div className="language-tabs" role="tablist" aria-label="Language">
      {LANGUAGES.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          className="language-tab"
          aria-selected={item === language}
          onClick={() => onChoose(item)}
        >
          {LANGUAGE_LABELS[item]}
          {item !== 'BN' && !filled(item) ? ' · uses BN' : ''}
        </button>
      ))}
    </div>
  );
}

/**
 * The server's allow-list result of a draft, a moment (300 ms) after typing stops: `value` is
 * POSTed to `path` as `{ [field]: value }` and the answer's `field` is the preview (nothing while
 * `path` is null; empty when the call fails).
 */
export function useSanitised<T>(path: string | null, field: string, value: T): Partial<T> {
  const [preview, setPreview] = useState<Partial<T>>({});
  useEffect(() => {
    if (!path) return;
    const timer = setTimeout(() => {
      api<Record<string, Partial<T>>>('POST', path, { [field]: value })
        .then((answer) => setPreview(answer[field] as Partial<T>))
        .catch(() => setPreview({}));
    }, 300);
    return () => clearTimeout(timer);
  }, [path, field, value]);
  return preview;
}

/** The server's allow-list result of a content page's draft HTML (useSanitised). */
export function useSanitisedHtml(code: string, html: Localized): Partial<Localized> {
  return useSanitised(merchantPath(CONTENT_ADMIN_PATHS.preview, code), 'html', html);
}

/** Each language's sanitised HTML side by side, as the site will show it (empty ones show BN). */
export function HtmlPreview({ titles, html, testId }: { titles: Localized; html: Partial<Localized>; testId: string }) {
  return (
    <div className="preview-grid" data-testid={testId}>
      {LANGUAGES.map((language) => {
        const isFallback = language !== 'BN' && !titles[language] && !html[language];
        const title = isFallback ? titles.BN : titles[language];
        const body = isFallback ? html.BN : html[language];
        return (
          <article key={language} className="preview-card" data-language={language}>
            <span className="muted">
              {LANGUAGE_LABELS[language]}
              {isFallback ? ' (shows BN)' : ''}
            </span>
            <h3>{title || '—'}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allow-list sanitiser produced this HTML (preview call). */}
            <div className="preview-html" dangerouslySetInnerHTML={{ __html: body ?? '' }} />
          </article>
        );
      })}
    </div>
  );
}

export interface Schedule {
  sort: string;
  isActive: boolean;
  startsAt: string;
  endsAt: string;
}
export const NEW_SCHEDULE: Schedule = { sort: '0', isActive: true, startsAt: '', endsAt: '' };

export function scheduleOf(row: { sort: number; isActive: boolean; startsAt: string; endsAt: string | null }): Schedule {
  return { sort: String(row.sort), isActive: row.isActive, startsAt: toLocalInput(row.startsAt), endsAt: toLocalInput(row.endsAt) };
}

/** The schedule as the API takes it; null when the order or the window is not valid. */
export function scheduleBody(schedule: Schedule): { sort: number; isActive: boolean; startsAt?: string; endsAt: string | null } | null {
  if (!/^\d{1,6}$/.test(schedule.sort)) return null;
  const startsAt = fromLocalInput(schedule.startsAt);
  const endsAt = fromLocalInput(schedule.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) return null;
  return { sort: Number(schedule.sort), isActive: schedule.isActive, ...(startsAt ? { startsAt } : {}), endsAt };
}

export function ScheduleFields({ schedule, onChange }: { schedule: Schedule; onChange: (schedule: Schedule) => void }) {
  const set = (patch: Partial<Schedule>) => onChange({ ...schedule, ...patch });
  const isOrderValid = /^\d{1,6}$/.test(schedule.sort);
  const startsAt = fromLocalInput(schedule.startsAt);
  const endsAt = fromLocalInput(schedule.endsAt);
  return (
    <fieldset className="field-row">
      <legend>Schedule</legend>
      <label className="field compact">
        <span>Order</span>
        <input value={schedule.sort} inputMode="numeric" onChange={(event) => set({ sort: event.target.value })} name="sort" />
        {isOrderValid ? null : <span className="field-error">A whole number</span>}
      </label>
      <label className="field compact">
        <span>Starts (empty: now)</span>
        <input
          type="datetime-local"
          value={schedule.startsAt}
          onChange={(event) => set({ startsAt: event.target.value })}
          name="startsAt"
        />
      </label>
      <label className="field compact">
        <span>Ends (empty: never)</span>
        <input type="datetime-local" value={schedule.endsAt} onChange={(event) => set({ endsAt: event.target.value })} name="endsAt" />
        {startsAt && endsAt && endsAt <= startsAt ? <span className="field-error">Must end after it starts</span> : null}
      </label>
      <label className="choice">
        <input type="checkbox" checked={schedule.isActive} onChange={(event) => set({ isActive: event.target.checked })} name="isActive" />
        <span>Active</span>
      </label>
    </fieldset>
  );
}

/** Uploads one image (PNG, JPEG or WebP, checked again by the server) and answers its URL. */
export async function uploadContentImage(code: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  const response = await fetch(merchantPath(CONTENT_ADMIN_PATHS.images, code), {
    method: 'POST',
    headers: { accept: 'application/json', language: 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<{ url: string }> | null;
  if (!response.ok || !envelope?.success) {
    throw new ApiError(envelope?.code ?? 'NETWORK', envelope?.message ?? 'The image could not be uploaded.', response.status, null);
  }
  return envelope.value.url;
}

export function ImagePicker({
  code,
  url,
  onChange,
  onError,
  label,
}: {
  code: string;
  url: string | null;
  onChange: (url: string | null) => void;
  onError: (text: string) => void;
  label: string;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setIsBusy(true);
    try {
      onChange(await uploadContentImage(code, file));
    } catch (caught) {
      onError(caught instanceof ApiError ? caught.message : 'The image could not be uploaded.');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="field">
      <span>{label}</span>
      <div className="image-picker">
        {url ? <img src={url} alt="" className="content-thumb" /> : <span className="muted">Generated art of the title</span>}
        <label className="button ghost">
          {isBusy ? 'Uploading…' : url ? 'Replace image' : 'Upload image'}
          <input type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(event) => void choose(event)} name="image" />
        </label>
        {url ? (
          <button type="button" className="button ghost" onClick={() => onChange(null)}>
            Use generated art
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function LiveBadge({ isLive, isActive }: { isLive: boolean; isActive: boolean }) {
  const text = isLive ? 'live' : isActive ? 'scheduled / ended' : 'off';
  return <span className={`pill ${isLive ? 'pill-sent' : 'pill-cancelled'}`}>{text}</span>;
}

/** A row's Actions cell: Edit and Remove for a role that may change content, empty for the others. */
export function EditRemoveActions({ mayEdit, onEdit, onRemove }: { mayEdit: boolean; onEdit: () => void; onRemove: () => void }) {
  return (
    <td data-label="Actions" className="actions">
      {mayEdit ? (
        <>
          <button type="button" className="button ghost" onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="button ghost danger" onClick={onRemove}>
            Remove
          </button>
        </>
      ) : null}
    </td>
  );
}

/**
 * Removes a row once the operator confirms: DELETE on its item path, then says so and reloads the
 * list, or shows the server's reason (the row stays).
 */
function useRemoveRow<Row extends { id: number }>({
  itemPath,
  code,
  reload,
  setFeedback,
  confirmText,
  removedText,
  failure,
}: {
  itemPath: string;
  code: string;
  reload: () => Promise<unknown>;
  setFeedback: (feedback: Feedback) => void;
  confirmText: (row: Row) => string;
  removedText: (row: Row) => string;
  failure: string;
}): (row: Row) => Promise<void> {
  return async (row) => {
    if (!window.confirm(confirmText(row))) return;
    try {
      await api('DELETE', merchantPath(itemPath, code, row.id));
      setFeedback({ tone: 'success', text: removedText(row) });
      await reload();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, failure) });
    }
  };
}

/** A content form's buttons: submit, and Cancel while a row is being edited. */
export function FormButtons({
  submitText,
  isDisabled,
  isEditing,
  onCancel,
}: {
  submitText: string;
  isDisabled: boolean;
  isEditing: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="send-row">
      <button type="submit" className="button primary" disabled={isDisabled}>
        {submitText}
      </button>
      {isEditing ? (
        <button type="button" className="button ghost" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/**
 * A content page's state: its list (GET `listPath`), the row being edited, the page's feedback
 * and whether the role may change content; `saved` ends an edit, says what was saved and reloads;
 * `remove` removes a row once confirmed (DELETE on `removal.itemPath`).
 */
export function useContentDesk<Data, Row extends { id: number }>({
  me,
  code,
  listPath,
  failure,
  removal,
}: {
  me: OperatorMe;
  code: string;
  listPath: string;
  failure: string;
  removal: { itemPath: string; confirmText: (row: Row) => string; removedText: (row: Row) => string; failure: string };
}) {
  const load = useCallback(() => api<Data>('GET', merchantPath(listPath, code)), [listPath, code]);
  const list = useLoaded(load, failure, { clearOnChange: true });
  const [editing, setEditing] = useState<Row | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { reload } = list;
  const saved = useCallback(
    (text: string) => {
      setEditing(null);
      setFeedback({ tone: 'success', text });
      void reload();
    },
    [reload],
  );
  const remove = useRemoveRow<Row>({ ...removal, code, reload, setFeedback });
  return { list, editing, setEditing, feedback, setFeedback, mayEdit: canManage(me), saved, remove };
}
