import { type ChangeEvent, type ReactNode, useState } from 'react';
import { failureText } from '../api';
import { DataTable, ListStatus, type TableHeading } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { formatTime } from '../format';
import { type Language, LiveBadge, type Localized } from './content-shared';

/*
 * More pieces the content pages share (issue 19, "Content"): the page's frame and table, a list
 * filter kept in the address, the window and status cells of a scheduled row, the shown/hidden
 * cell, one language's text fields and a form's busy-and-failure handling.
 */

/** A content page: its title, the form (for a role that may edit), the page's feedback, then the rest. */
export function ContentSection({
  name,
  title,
  form,
  feedback,
  onCloseFeedback,
  children,
}: {
  /** Names the title's id (`<name>-title`) and the test id (`content-<name>`). */
  name: string;
  title: string;
  form: ReactNode;
  feedback: Feedback | null;
  onCloseFeedback: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${name}-title`} data-testid={`content-${name}`}>
      <h2 id={`${name}-title`}>{title}</h2>
      {form}
      <FeedbackBanner feedback={feedback} onClose={onCloseFeedback} />
      {children}
    </section>
  );
}

/** The note a role that may only read content sees in place of the form. */
export function ReadOnlyNote({ role }: { role: string }) {
  return <p className="muted">Your role ({role}) may read content; an admin publishes it.</p>;
}

/** A content list: loading, failure and empty lines, then the table of its rows (an Actions column last). */
export function ContentTable<Row extends { id: number }>({
  error,
  rows,
  empty,
  headings,
  row,
}: {
  error: string | null;
  rows: readonly Row[] | null;
  empty: string;
  headings: readonly string[];
  row: (row: Row) => ReactNode;
}) {
  const allHeadings: TableHeading[] = [...headings, { label: '', ariaLabel: 'Actions' }];
  return (
    <>
      <ListStatus error={error} rows={rows} empty={empty} />
      {rows && rows.length > 0 ? <DataTable headings={allHeadings}>{rows.map(row)}</DataTable> : null}
    </>
  );
}

/**
 * A list filter that lives in the address (`#/content/<page>?<param>=…`), so a reload or a shared
 * link opens the same list.
 */
export function useAddressFilter(page: string, param: string): [string, (next: string) => void] {
  const [value, setValue] = useState(() => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get(param) ?? '');
  const choose = (next: string) => {
    setValue(next);
    window.history.replaceState(null, '', `#/content/${page}${next ? `?${param}=${encodeURIComponent(next)}` : ''}`);
  };
  return [value, choose];
}

/** A scheduled row's Window and Status cells. */
export function ScheduleCells({ row }: { row: { startsAt: string; endsAt: string | null; isLive: boolean; isActive: boolean } }) {
  return (
    <>
      <td data-label="Window">
        {formatTime(row.startsAt)} → {row.endsAt ? formatTime(row.endsAt) : '∞'}
      </td>
      <td data-label="Status">
        <LiveBadge isLive={row.isLive} isActive={row.isActive} />
      </td>
    </>
  );
}

/** An unscheduled row's Status cell: shown or hidden. */
export function ShownCell({ isActive }: { isActive: boolean }) {
  return (
    <td data-label="Status">
      <span className={`pill ${isActive ? 'pill-sent' : 'pill-cancelled'}`}>{isActive ? 'shown' : 'hidden'}</span>
    </td>
  );
}

interface LocalizedFieldProps {
  label: string;
  name: string;
  language: Language;
  texts: Localized;
  onChange: (texts: Localized) => void;
}

const changeOf =
  ({ language, texts, onChange }: LocalizedFieldProps) =>
  (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...texts, [language]: event.target.value });

/** One language's title of a BN/EN/SW text (up to 120 characters). */
export function LocalizedTitleField(props: LocalizedFieldProps) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input value={props.texts[props.language]} maxLength={120} onChange={changeOf(props)} name={`${props.name}-${props.language}`} />
    </label>
  );
}

/** One language's HTML body of a BN/EN/SW text. */
export function LocalizedHtmlField({ rows, ...props }: LocalizedFieldProps & { rows: number }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <textarea rows={rows} value={props.texts[props.language]} onChange={changeOf(props)} name={`${props.name}-${props.language}`} />
    </label>
  );
}

/**
 * A content form's save: busy while `save` runs, the earlier feedback cleared, and the server's
 * reason (or `failure`) shown when it fails.
 */
export function useContentSave() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (save: () => Promise<void>, failure: string) => {
    setIsBusy(true);
    setFeedback(null);
    try {
      await save();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, failure) });
    } finally {
      setIsBusy(false);
    }
  };
  return { feedback, setFeedback, isBusy, run };
}
