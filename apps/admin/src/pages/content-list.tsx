import { type ChangeEvent, Fragment, type ReactNode, useState } from 'react';
import { failureText } from '../api';
import { DataTable, ListStatus, type TableHeading } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { ChoiceField } from '../components/fields';
import { formatTime } from '../format';
import { EditRemoveActions, type Language, LiveBadge, type Localized } from './content-shared';

/*
 * More pieces the content pages share (issue 19, "Content"): the page's frame and table, a list
 * filter kept in the address, the window and status cells of a scheduled row, the shown/hidden
 * cell, one language's text fields and a form's busy-and-failure handling.
 */

/** What a content form is given: its merchant, the row it edits (null: a new one) and how it ends. */
export interface ContentFormProps<Row> {
  code: string;
  editing: Row | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}

/** What a content page's section reads from its desk (useContentDesk). */
interface ContentDeskView<Row> {
  list: { error: string | null };
  editing: Row | null;
  setEditing: (row: Row | null) => void;
  feedback: Feedback | null;
  setFeedback: (feedback: Feedback | null) => void;
  mayEdit: boolean;
  saved: (text: string) => void;
  remove: (row: Row) => Promise<void>;
}

/** A content list's one filter: a choice kept in the address (useAddressFilter) that rows match by `valueOf`. */
export interface ContentFilter<Row, Value extends string> {
  param: string;
  label: string;
  anyLabel: string;
  options: readonly Value[];
  optionText: (value: Value) => string;
  valueOf: (row: Row) => string;
}

/**
 * A content page: its title, the form (for a role that may edit; `readOnly` for the others, keyed
 * by the row being edited), the page's feedback, the filter, then the list: loading, failure and
 * empty lines, the table of its rows (each row's `cells`, then Edit and Remove), then the rest.
 */
export function ContentDeskSection<Row extends { id: number }, Value extends string = string>({
  name,
  title,
  code,
  desk,
  form,
  readOnly = null,
  filter,
  rows,
  empty,
  headings,
  rowTestId,
  cells,
  children,
}: {
  /** Names the title's id (`<name>-title`) and the test id (`content-<name>`). */
  name: string;
  title: string;
  code: string;
  desk: ContentDeskView<Row>;
  form: (props: ContentFormProps<Row>) => ReactNode;
  readOnly?: ReactNode;
  filter?: ContentFilter<Row, Value>;
  rows: readonly Row[] | null;
  empty: string;
  headings: readonly string[];
  rowTestId: string;
  cells: (row: Row) => ReactNode;
  children?: ReactNode;
}) {
  const { editing, setEditing, mayEdit } = desk;
  // Without a filter the address holds no choice for `param` '' and every row shows.
  const [chosen, choose] = useAddressFilter(name, filter?.param ?? '');
  const shown = filter && chosen && rows ? rows.filter((row) => filter.valueOf(row) === chosen) : rows;
  const allHeadings: TableHeading[] = [...headings, { label: '', ariaLabel: 'Actions' }];
  return (
    <section aria-labelledby={`${name}-title`} data-testid={`content-${name}`}>
      <h2 id={`${name}-title`}>{title}</h2>
      {mayEdit ? (
        <Fragment key={editing?.id ?? 'new'}>{form({ code, editing, onSaved: desk.saved, onCancel: () => setEditing(null) })}</Fragment>
      ) : (
        readOnly
      )}
      <FeedbackBanner feedback={desk.feedback} onClose={() => desk.setFeedback(null)} />
      {filter ? (
        <div className="filters">
          <ChoiceField
            label={filter.label}
            name={`filter-${filter.param}`}
            value={chosen}
            options={filter.options}
            onChange={choose}
            anyLabel={filter.anyLabel}
            optionText={filter.optionText}
          />
        </div>
      ) : null}
      <ListStatus error={desk.list.error} rows={shown} empty={empty} />
      {shown && shown.length > 0 ? (
        <DataTable headings={allHeadings}>
          {shown.map((row) => (
            <tr key={row.id} data-testid={rowTestId}>
              {cells(row)}
              <EditRemoveActions mayEdit={mayEdit} onEdit={() => setEditing(row)} onRemove={() => void desk.remove(row)} />
            </tr>
          ))}
        </DataTable>
      ) : null}
      {children}
    </section>
  );
}

/** The note a role that may only read content sees in place of the form. */
export function ReadOnlyNote({ role }: { role: string }) {
  return <p className="muted">Your role ({role}) may read content; an admin publishes it.</p>;
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
